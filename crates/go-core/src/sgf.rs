//! SGF (Smart Game Format, FF\[4\]) for Go games: a reader of a game's main line and a writer of
//! one line of SGF.
//!
//! The reader takes the first game of a collection and follows its main line (the first
//! variation at every branch). It keeps the properties a Go program needs: `SZ` (19 when
//! absent), `KM`, `AB`, `AW` and `PL` (setup, in the first node only), `B` and `W` (moves, in
//! any node; `B[]`, and `B[tt]` on boards up to 19 x 19, are passes), and `C`, `PB`, `PW`, `RE`
//! of the first node. Other properties are read and left out. Points are two letters, column
//! then row from the top-left corner (`a` to `z`, then `A` to `Z`); setup lists may hold
//! rectangles (`AB[aa:cc]`).
//!
//! ```
//! use floodgate_go_core::sgf::Sgf;
//! use floodgate_go_core::{Cell, Colour, Move};
//! let game: Sgf = "(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[])".parse().unwrap();
//! assert_eq!(game.size, 9);
//! assert_eq!(game.moves, [(Colour::Black, Move::Play(Cell::new(4, 4))), (Colour::White, Move::Pass)]);
//! assert_eq!(game.to_string(), "(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[])");
//! ```

use std::fmt;
use std::str::FromStr;

use floodgate_bitgrid::Cell;

use crate::turn::{Colour, Move};

/// The largest board side SGF's point letters reach (`a` to `z`, `A` to `Z`).
pub const MAX_SGF_SIZE: usize = 52;

/// A Go game as SGF gives it: the board, its setup and the moves of the main line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sgf {
    /// The board side (`SZ`, 19 when absent).
    pub size: usize,
    /// Komi (`KM`), when given.
    pub komi: Option<f64>,
    /// Black stones placed before the first move (`AB`).
    pub black_stones: Vec<Cell>,
    /// White stones placed before the first move (`AW`).
    pub white_stones: Vec<Cell>,
    /// The player to move first, when given (`PL`).
    pub to_play: Option<Colour>,
    /// The moves of the main line, in order.
    pub moves: Vec<(Colour, Move)>,
    /// Black's name (`PB`).
    pub black_name: Option<String>,
    /// White's name (`PW`).
    pub white_name: Option<String>,
    /// The result as written (`RE`, such as `B+3.5` or `W+R`).
    pub result: Option<String>,
    /// The first node's comment (`C`).
    pub comment: Option<String>,
}

impl Sgf {
    /// A game on an empty board of side `size`, with no moves.
    pub fn new(size: usize) -> Self {
        Self {
            size,
            ..Self::default()
        }
    }
}

/// Why a text is not a Go game in SGF: what is wrong, and the byte where it was seen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    /// The byte offset in the text where the problem was seen.
    pub at: usize,
    /// What is wrong.
    pub problem: SgfProblem,
}

/// What is wrong with a text read as SGF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SgfProblem {
    /// Not the structure of SGF: this was expected.
    Expected(&'static str),
    /// The text ends inside a value.
    UnclosedValue,
    /// `GM` names a game other than Go (1).
    NotGo(String),
    /// `SZ` is not a side from 1 to [`MAX_SGF_SIZE`] (rectangular boards are not read).
    BadSize(String),
    /// `KM` is not a number.
    BadKomi(String),
    /// `PL` is not `B` or `W`.
    BadPlayer(String),
    /// A point is not two letters on the board.
    BadPoint(String),
    /// Setup stones or `PL` after the first node (only a game's initial setup is read).
    SetupAfterStart(String),
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.at;
        match &self.problem {
            SgfProblem::Expected(what) => write!(f, "expected {what} at byte {at}"),
            SgfProblem::UnclosedValue => write!(f, "a value opened at byte {at} is never closed"),
            SgfProblem::NotGo(game) => write!(f, "GM[{game}] is not Go (GM[1])"),
            SgfProblem::BadSize(size) => write!(f, "SZ[{size}] is not a side from 1 to 52"),
            SgfProblem::BadKomi(komi) => write!(f, "KM[{komi}] is not a number"),
            SgfProblem::BadPlayer(player) => write!(f, "PL[{player}] is not B or W"),
            SgfProblem::BadPoint(point) => {
                write!(f, "[{point}] at byte {at} is not a point on the board")
            }
            SgfProblem::SetupAfterStart(property) => write!(
                f,
                "{property} at byte {at}: setup is read in the first node only"
            ),
        }
    }
}

impl std::error::Error for SgfError {}

/// One property of a node as read: its name, its raw values and where it stands.
struct Property {
    name: String,
    values: Vec<String>,
    at: usize,
}

/// The reader of one SGF text: the bytes and where it stands.
struct Reader<'a> {
    text: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn error(&self, problem: SgfProblem) -> SgfError {
        SgfError {
            at: self.at,
            problem,
        }
    }

    fn skip_space(&mut self) {
        while self.text.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    /// The next byte after white space, not taken.
    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.text.get(self.at).copied()
    }

    fn expect(&mut self, byte: u8, what: &'static str) -> Result<(), SgfError> {
        if self.peek() != Some(byte) {
            return Err(self.error(SgfProblem::Expected(what)));
        }
        self.at += 1;
        Ok(())
    }

    /// The nodes of the main line of the game tree that starts here (at its `(`), each a list
    /// of properties; the other variations are read and left out.
    fn main_line(&mut self) -> Result<Vec<Vec<Property>>, SgfError> {
        self.expect(b'(', "'(' (a game tree)")?;
        let mut nodes = Vec::new();
        while self.peek() == Some(b';') {
            self.at += 1;
            nodes.push(self.node()?);
        }
        if nodes.is_empty() {
            return Err(self.error(SgfProblem::Expected("';' (a node)")));
        }
        let mut first_variation = true;
        while self.peek() == Some(b'(') {
            let variation = self.main_line()?;
            if std::mem::take(&mut first_variation) {
                nodes.extend(variation);
            }
        }
        self.expect(b')', "')' (the end of a game tree)")?;
        Ok(nodes)
    }

    /// The properties of one node (after its `;`).
    fn node(&mut self) -> Result<Vec<Property>, SgfError> {
        let mut properties = Vec::new();
        while self.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
            let at = self.at;
            let start = self.at;
            while self.text.get(self.at).is_some_and(u8::is_ascii_alphabetic) {
                self.at += 1;
            }
            // FF[3] allowed lower-case letters in names (`AddBlack`): the upper-case ones name it.
            let name: String = self.text[start..self.at]
                .iter()
                .filter(|b| b.is_ascii_uppercase())
                .map(|&b| b as char)
                .collect();
            let mut values = Vec::new();
            while self.peek() == Some(b'[') {
                values.push(self.value()?);
            }
            if values.is_empty() {
                return Err(self.error(SgfProblem::Expected("'[' (a property's value)")));
            }
            properties.push(Property { name, values, at });
        }
        Ok(properties)
    }

    /// One value (at its `[`), escapes (`\]`, `\\`) resolved and soft line breaks (`\` before
    /// a line end) removed.
    fn value(&mut self) -> Result<String, SgfError> {
        let opened = self.at;
        self.at += 1;
        let mut bytes = Vec::new();
        loop {
            match self.text.get(self.at) {
                None => {
                    self.at = opened;
                    return Err(self.error(SgfProblem::UnclosedValue));
                }
                Some(b']') => break,
                Some(b'\\') => {
                    self.at += 1;
                    match self.text.get(self.at) {
                        Some(b'\n') | Some(b'\r') | None => {}
                        Some(&escaped) => bytes.push(escaped),
                    }
                }
                Some(&byte) => bytes.push(byte),
            }
            self.at += 1;
        }
        self.at += 1;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }
}

/// The point `value` names on a board of side `size`: `None` for a pass (empty, or `tt` on
/// boards up to 19), an error for anything else that is not on the board.
fn point(value: &str, size: usize, at: usize) -> Result<Option<Cell>, SgfError> {
    let bad = || SgfError {
        at,
        problem: SgfProblem::BadPoint(value.to_string()),
    };
    if value.is_empty() || (value == "tt" && size <= 19) {
        return Ok(None);
    }
    let coordinate = |letter: u8| match letter {
        b'a'..=b'z' => Some(usize::from(letter - b'a')),
        b'A'..=b'Z' => Some(usize::from(letter - b'A') + 26),
        _ => None,
    };
    match value.as_bytes() {
        &[x, y] => match (coordinate(x), coordinate(y)) {
            (Some(x), Some(y)) if x < size && y < size => Ok(Some(Cell::new(x, y))),
            _ => Err(bad()),
        },
        _ => Err(bad()),
    }
}

/// The points of a setup list value: one point, or a rectangle `aa:cc` of them.
fn points(value: &str, size: usize, at: usize) -> Result<Vec<Cell>, SgfError> {
    let corner = |text: &str| {
        point(text, size, at)?.ok_or_else(|| SgfError {
            at,
            problem: SgfProblem::BadPoint(value.to_string()),
        })
    };
    let (from, to) = match value.split_once(':') {
        Some((from, to)) => (corner(from)?, corner(to)?),
        None => (corner(value)?, corner(value)?),
    };
    let (xs, ys) = (
        from.x.min(to.x)..=from.x.max(to.x),
        from.y.min(to.y)..=from.y.max(to.y),
    );
    Ok(ys
        .flat_map(|y| xs.clone().map(move |x| Cell::new(x, y)))
        .collect())
}

/// The board side of the first node's `SZ`, 19 when absent; an error for a game other than Go.
fn size_of(root: &[Property]) -> Result<usize, SgfError> {
    let mut size = 19;
    for property in root {
        let value = property.values[0].trim();
        let problem = match property.name.as_str() {
            "GM" if value != "1" => SgfProblem::NotGo(value.to_string()),
            "SZ" => match value.parse() {
                Ok(side) if (1..=MAX_SGF_SIZE).contains(&side) => {
                    size = side;
                    continue;
                }
                _ => SgfProblem::BadSize(value.to_string()),
            },
            _ => continue,
        };
        return Err(SgfError {
            at: property.at,
            problem,
        });
    }
    Ok(size)
}

impl Sgf {
    /// Takes in one property of node number `node` (0 for the first).
    fn take(&mut self, property: &Property, node: usize) -> Result<(), SgfError> {
        let (at, first) = (property.at, property.values[0].as_str());
        let text = || Some(first.to_string());
        let setup = matches!(property.name.as_str(), "AB" | "AW" | "PL");
        if setup && node > 0 {
            let problem = SgfProblem::SetupAfterStart(property.name.clone());
            return Err(SgfError { at, problem });
        }
        match property.name.as_str() {
            "B" | "W" => {
                let colour = colour_named(&property.name).expect("B or W");
                let played = point(first, self.size, at)?.map_or(Move::Pass, Move::Play);
                self.moves.push((colour, played));
            }
            "AB" | "AW" => {
                for value in &property.values {
                    let stones = points(value, self.size, at)?;
                    match property.name.as_str() {
                        "AB" => self.black_stones.extend(stones),
                        _ => self.white_stones.extend(stones),
                    }
                }
            }
            "PL" => {
                let problem = || SgfProblem::BadPlayer(first.to_string());
                let colour =
                    colour_named(first.trim()).ok_or_else(|| SgfError::at(at, problem()))?;
                self.to_play = Some(colour);
            }
            "KM" => {
                let problem = || SgfProblem::BadKomi(first.to_string());
                let komi = first
                    .trim()
                    .parse()
                    .map_err(|_| SgfError::at(at, problem()))?;
                self.komi = Some(komi);
            }
            "PB" if node == 0 => self.black_name = text(),
            "PW" if node == 0 => self.white_name = text(),
            "RE" if node == 0 => self.result = text(),
            "C" if node == 0 => self.comment = text(),
            _ => {}
        }
        Ok(())
    }
}

impl SgfError {
    fn at(at: usize, problem: SgfProblem) -> Self {
        Self { at, problem }
    }
}

/// `B` is Black, `W` White.
fn colour_named(name: &str) -> Option<Colour> {
    match name {
        "B" => Some(Colour::Black),
        "W" => Some(Colour::White),
        _ => None,
    }
}

impl FromStr for Sgf {
    type Err = SgfError;

    /// The first game of an SGF collection, its main line; text after it is not read.
    fn from_str(text: &str) -> Result<Self, SgfError> {
        let mut reader = Reader {
            text: text.as_bytes(),
            at: 0,
        };
        let nodes = reader.main_line()?;
        let mut game = Sgf::new(size_of(&nodes[0])?);
        for (number, node) in nodes.iter().enumerate() {
            for property in node {
                game.take(property, number)?;
            }
        }
        Ok(game)
    }
}

/// A point as SGF writes it.
fn point_text(cell: Cell) -> String {
    let letter = |n: usize| {
        let n = n as u8;
        (if n < 26 { b'a' + n } else { b'A' + n - 26 }) as char
    };
    [letter(cell.x), letter(cell.y)].iter().collect()
}

/// A text value with `]` and `\` escaped.
fn escaped(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

impl fmt::Display for Sgf {
    /// One line of SGF: `(;GM[1]FF[4]SZ[n]` and the first node's other properties, then one
    /// node a move; a pass is written `B[]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "(;GM[1]FF[4]SZ[{}]", self.size)?;
        if let Some(komi) = self.komi {
            write!(f, "KM[{komi}]")?;
        }
        let texts = [
            ("PB", &self.black_name),
            ("PW", &self.white_name),
            ("RE", &self.result),
            ("C", &self.comment),
        ];
        for (name, value) in texts {
            if let Some(value) = value {
                write!(f, "{name}[{}]", escaped(value))?;
            }
        }
        for (name, stones) in [("AB", &self.black_stones), ("AW", &self.white_stones)] {
            if !stones.is_empty() {
                f.write_str(name)?;
                for &stone in stones {
                    write!(f, "[{}]", point_text(stone))?;
                }
            }
        }
        if let Some(colour) = self.to_play {
            write!(f, "PL[{}]", colour_letter(colour))?;
        }
        for &(colour, played) in &self.moves {
            let at = match played {
                Move::Play(cell) => point_text(cell),
                Move::Pass => String::new(),
            };
            write!(f, ";{}[{at}]", colour_letter(colour))?;
        }
        f.write_str(")")
    }
}

/// `B` or `W`.
fn colour_letter(colour: Colour) -> char {
    match colour {
        Colour::Black => 'B',
        Colour::White => 'W',
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: usize, y: usize) -> Move {
        Move::Play(Cell::new(x, y))
    }

    #[test]
    fn a_hand_written_game_reads_with_its_setup_names_and_moves() {
        let text = "(;FF[4]GM[1]SZ[9]KM[6.5]PB[Black \\] one]PW[White]RE[W+R]\n\
                    C[a soft\\\nbreak]AB[aa][cc:dd]AW[ii]PL[W]\n;W[ee]\n;B[tt];W[])";
        let game: Sgf = text.parse().unwrap();
        assert_eq!(game.size, 9);
        assert_eq!(game.komi, Some(6.5));
        assert_eq!(game.black_name.as_deref(), Some("Black ] one"));
        assert_eq!(game.white_name.as_deref(), Some("White"));
        assert_eq!(game.result.as_deref(), Some("W+R"));
        assert_eq!(game.comment.as_deref(), Some("a softbreak"));
        let black: Vec<Cell> = [(0, 0), (2, 2), (3, 2), (2, 3), (3, 3)]
            .map(|(x, y)| Cell::new(x, y))
            .to_vec();
        assert_eq!(game.black_stones, black);
        assert_eq!(game.white_stones, vec![Cell::new(8, 8)]);
        assert_eq!(game.to_play, Some(Colour::White));
        let moves = [
            (Colour::White, at(4, 4)),
            (Colour::Black, Move::Pass),
            (Colour::White, Move::Pass),
        ];
        assert_eq!(game.moves, moves);
    }

    #[test]
    fn the_main_line_follows_the_first_variation_and_the_size_defaults_to_19() {
        let text = "(;GM[1];B[pd](;W[dp];B[pp](;W[dd]))(;W[dd];B[qq]))";
        let game: Sgf = text.parse().unwrap();
        assert_eq!(game.size, 19);
        let colours: Vec<Colour> = game.moves.iter().map(|&(c, _)| c).collect();
        assert_eq!(colours.len(), 4);
        assert_eq!(game.moves[1], (Colour::White, at(3, 15)));
        assert_eq!(game.moves[3], (Colour::White, at(3, 3)));
        // `tt` is a point on boards larger than 19.
        let big: Sgf = "(;SZ[21];B[tt])".parse().unwrap();
        assert_eq!(big.moves, [(Colour::Black, at(19, 19))]);
    }

    #[test]
    fn a_game_writes_as_one_line_that_reads_back_the_same() {
        let mut game = Sgf::new(13);
        game.komi = Some(7.0);
        game.comment = Some("a ] and a \\".to_string());
        game.black_stones = vec![Cell::new(3, 3)];
        game.to_play = Some(Colour::White);
        game.moves = vec![(Colour::White, at(9, 9)), (Colour::Black, Move::Pass)];
        let text = game.to_string();
        assert_eq!(
            text,
            "(;GM[1]FF[4]SZ[13]KM[7]C[a \\] and a \\\\]AB[dd]PL[W];W[jj];B[])"
        );
        assert!(!text.contains('\n'));
        assert_eq!(text.parse::<Sgf>(), Ok(game));
    }

    #[test]
    fn texts_that_are_not_go_games_say_what_is_wrong_and_where() {
        let problem = |text: &str| text.parse::<Sgf>().unwrap_err();
        assert_eq!(
            problem("").problem,
            SgfProblem::Expected("'(' (a game tree)")
        );
        assert_eq!(problem("()").problem, SgfProblem::Expected("';' (a node)"));
        assert_eq!(problem("(;SZ[9]").at, 7);
        assert_eq!(problem("(;C[open").problem, SgfProblem::UnclosedValue);
        assert_eq!(problem("(;C[open").at, 3);
        assert_eq!(
            problem("(;GM[2])").problem,
            SgfProblem::NotGo("2".to_string())
        );
        assert_eq!(
            problem("(;SZ[0])").problem,
            SgfProblem::BadSize("0".to_string())
        );
        assert_eq!(
            problem("(;SZ[9:11])").problem,
            SgfProblem::BadSize("9:11".to_string())
        );
        assert_eq!(
            problem("(;KM[seven])").problem,
            SgfProblem::BadKomi("seven".to_string())
        );
        assert_eq!(
            problem("(;PL[X])").problem,
            SgfProblem::BadPlayer("X".to_string())
        );
        let off = problem("(;SZ[9];B[aj])");
        assert_eq!(
            (off.problem, off.at),
            (SgfProblem::BadPoint("aj".to_string()), 8)
        );
        assert_eq!(
            problem("(;SZ[9];B[a])").problem,
            SgfProblem::BadPoint("a".to_string())
        );
        let late = problem("(;SZ[9];B[aa]AB[bb])").problem;
        assert_eq!(late, SgfProblem::SetupAfterStart("AB".to_string()));
        assert_eq!(
            problem("(;B)").problem,
            SgfProblem::Expected("'[' (a property's value)")
        );
        assert_eq!(
            problem("(;SZ[9];B[aa]").to_string(),
            "expected ')' (the end of a game tree) at byte 13"
        );
    }
}
