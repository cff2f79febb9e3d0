//! SGF (Smart Game Format, FF\[4\]) for Go games: a reader of a game's main line and its
//! writer, one concept: what the writer writes, the reader reads back the same.
//!
//! The reader takes the first game of a collection and follows its main line (the first
//! variation at every branch). It keeps the properties a Go program needs: `SZ` (19 when
//! absent), `KM`, `AB`, `AW` and `PL` (setup, in the first node only), `B` and `W` (moves, in
//! any node; `B[]`, and `B[tt]` on boards up to 19 x 19, are passes), `C`, `PB`, `PW`, `RE`,
//! `RU`, `DT` and `AP` of the first node, and the comment (`C`) of each move's node. Other
//! properties are read and left out. Points are two letters, column then row from the top-left
//! corner (`a` to `z`, then `A` to `Z`); setup lists may hold rectangles (`AB[aa:cc]`). Text
//! values are written with `]` and `\` escaped (`\]`, `\\`), and read with every escape
//! resolved. [`Outcome`] reads and writes a result (`RE`) as SGF spells it.
//!
//! [`Sgf`]'s `Display` writes one line; the alternate form (`{:#}`) writes the first node on
//! one line and each move's node on a line of its own, as a file holds a game.
//!
//! ```
//! use floodgate_go_core::sgf::Sgf;
//! use floodgate_go_core::{Cell, Colour, Move};
//! let game: Sgf = "(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[])".parse().unwrap();
//! assert_eq!(game.size, 9);
//! assert_eq!(game.moves, [(Colour::Black, Move::Play(Cell::new(4, 4))), (Colour::White, Move::Pass)]);
//! assert_eq!(game.to_string(), "(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[])");
//! ```

use std::collections::BTreeMap;
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
    /// The rules (`RU`, such as `Tromp-Taylor` or `Japanese`).
    pub rules: Option<String>,
    /// The date the game was played (`DT`, such as `2025-03-14`).
    pub date: Option<String>,
    /// The program that wrote the file and its version (`AP`, `name:version`).
    pub application: Option<String>,
    /// The comments of the moves' nodes, by move number from 0 (a node without a move adds
    /// its comment to the move before it; one before the first move is left out). Only the
    /// comments of moves in [`Sgf::moves`] are written.
    pub move_comments: BTreeMap<usize, String>,
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
            _ => self.take_text(&property.name, first, node),
        }
        Ok(())
    }

    /// Takes in a text property of node number `node`: the first node's names, result, rules,
    /// date, program and comment, and a later node's comment (that of the move before it).
    fn take_text(&mut self, name: &str, value: &str, node: usize) {
        let text = Some(value.to_string());
        if node > 0 {
            if let ("C", Some(last)) = (name, self.moves.len().checked_sub(1)) {
                let comment = self.move_comments.entry(last).or_default();
                if !comment.is_empty() {
                    comment.push('\n');
                }
                comment.push_str(value);
            }
            return;
        }
        match name {
            "PB" => self.black_name = text,
            "PW" => self.white_name = text,
            "RE" => self.result = text,
            "C" => self.comment = text,
            "RU" => self.rules = text,
            "DT" => self.date = text,
            "AP" => self.application = text,
            _ => {}
        }
    }

    /// The result (`RE`) as an [`Outcome`], when there is one that reads.
    pub fn outcome(&self) -> Option<Outcome> {
        self.result.as_deref().and_then(Outcome::parse)
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
            // A node's move first, so that its comment is the move's wherever it stands.
            let is_move = |property: &&Property| matches!(property.name.as_str(), "B" | "W");
            let (moves, others): (Vec<&Property>, Vec<&Property>) = node.iter().partition(is_move);
            for property in moves.into_iter().chain(others) {
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

impl Sgf {
    /// The text values the game writes, each with its property.
    fn texts(&self) -> [(&'static str, &Option<String>); 7] {
        [
            ("AP", &self.application),
            ("RU", &self.rules),
            ("DT", &self.date),
            ("PB", &self.black_name),
            ("PW", &self.white_name),
            ("RE", &self.result),
            ("C", &self.comment),
        ]
    }

    /// Whether a text the game writes is not ASCII (then it says `CA[UTF-8]`).
    fn has_unicode(&self) -> bool {
        let texts = self
            .texts()
            .into_iter()
            .filter_map(|(_, value)| value.as_ref());
        texts
            .chain(self.move_comments.values())
            .any(|text| !text.is_ascii())
    }

    /// The first node: `;GM[1]FF[4]`, `CA[UTF-8]` where a text is not ASCII, `SZ`, `KM`, the
    /// texts, then the setup.
    fn write_root(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(";GM[1]FF[4]")?;
        if self.has_unicode() {
            f.write_str("CA[UTF-8]")?;
        }
        write!(f, "SZ[{}]", self.size)?;
        if let Some(komi) = self.komi {
            write!(f, "KM[{komi}]")?;
        }
        for (name, value) in self.texts() {
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
        Ok(())
    }
}

impl fmt::Display for Sgf {
    /// One line of SGF: `(;GM[1]FF[4]SZ[n]` and the first node's other properties, then one
    /// node a move (a pass is written `B[]`), with its comment. The alternate form (`{:#}`)
    /// starts each move's node on a line of its own.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        self.write_root(f)?;
        let node_break = if f.alternate() { "\n" } else { "" };
        for (number, &(colour, played)) in self.moves.iter().enumerate() {
            let at = match played {
                Move::Play(cell) => point_text(cell),
                Move::Pass => String::new(),
            };
            write!(f, "{node_break};{}[{at}]", colour_letter(colour))?;
            if let Some(comment) = self.move_comments.get(&number) {
                write!(f, "C[{}]", escaped(comment))?;
            }
        }
        f.write_str(")")
    }
}

/// A game's result as SGF writes it (`RE`): the winner and how, a draw, or none.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outcome {
    /// Won by this many points (`B+3.5`, `W+7`).
    Score(Colour, f64),
    /// Won by resignation (`B+R`; `B+Resign` reads too), also written for a game ended before
    /// its score was final.
    Resignation(Colour),
    /// Won on time (`B+T`; `B+Time` reads too).
    Time(Colour),
    /// Won by forfeit (`B+F`; `B+Forfeit` reads too): the other side broke the rules of play
    /// (an illegal move, a crash).
    Forfeit(Colour),
    /// Won, how not said (`B+`).
    Win(Colour),
    /// A draw (`0`; `Draw` reads too).
    Draw,
    /// No result (`Void`).
    Void,
    /// Unknown (`?`).
    Unknown,
}

impl Outcome {
    /// The result of a game Black wins by `margin` points (komi included; White wins by a
    /// negative margin, and 0 is a draw).
    pub fn of_margin(margin: f64) -> Self {
        if margin > 0.0 {
            Self::Score(Colour::Black, margin)
        } else if margin < 0.0 {
            Self::Score(Colour::White, -margin)
        } else {
            Self::Draw
        }
    }

    /// The result an `RE` value gives, `None` when it is none SGF defines.
    ///
    /// ```
    /// use floodgate_go_core::sgf::Outcome;
    /// use floodgate_go_core::Colour;
    /// assert_eq!(Outcome::parse("W+7"), Some(Outcome::Score(Colour::White, 7.0)));
    /// assert_eq!(Outcome::parse("B+Resign"), Some(Outcome::Resignation(Colour::Black)));
    /// assert_eq!(Outcome::parse("0"), Some(Outcome::Draw));
    /// assert_eq!(Outcome::parse("B+T").unwrap().to_string(), "B+T");
    /// assert_eq!(Outcome::parse("X+1"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Self> {
        match text.trim() {
            "0" | "Draw" => return Some(Self::Draw),
            "Void" => return Some(Self::Void),
            "?" => return Some(Self::Unknown),
            _ => {}
        }
        let (colour, how) = text.trim().split_once('+')?;
        let colour = colour_named(colour)?;
        Some(match how {
            "" => Self::Win(colour),
            "R" | "Resign" => Self::Resignation(colour),
            "T" | "Time" => Self::Time(colour),
            "F" | "Forfeit" => Self::Forfeit(colour),
            score => {
                let points: f64 = score.parse().ok()?;
                let counts =
                    points.is_finite() && points >= 0.0 && score.starts_with(char::is_numeric);
                Self::Score(colour, counts.then_some(points)?)
            }
        })
    }

    /// The winner, where there is one.
    pub fn winner(self) -> Option<Colour> {
        match self {
            Self::Score(colour, _)
            | Self::Resignation(colour)
            | Self::Time(colour)
            | Self::Forfeit(colour)
            | Self::Win(colour) => Some(colour),
            Self::Draw | Self::Void | Self::Unknown => None,
        }
    }
}

impl fmt::Display for Outcome {
    /// As SGF writes it: `B+3.5`, `W+R`, `B+T`, `W+F`, `B+`, `0`, `Void`, `?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (colour, how) = match *self {
            Self::Score(colour, points) => (colour, points.to_string()),
            Self::Resignation(colour) => (colour, "R".to_string()),
            Self::Time(colour) => (colour, "T".to_string()),
            Self::Forfeit(colour) => (colour, "F".to_string()),
            Self::Win(colour) => (colour, String::new()),
            Self::Draw => return f.write_str("0"),
            Self::Void => return f.write_str("Void"),
            Self::Unknown => return f.write_str("?"),
        };
        write!(f, "{}+{how}", colour_letter(colour))
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
mod tests;
