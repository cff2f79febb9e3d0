//! The Go Text Protocol, version 2: the commands floodgate's engine answers, parsed from a
//! line, and the replies, formatted. Used by the `go-gtp` engine and by the arena's referee.
//!
//! A request is `[id] command_name [arguments]`; the reply is `= [id] text` or
//! `? [id] message`, followed by an empty line. Vertices are a column letter (`A` to `Z`
//! without `I`, from the left) and a row number (1 at the bottom), or `pass`.
//!
//! ```
//! use floodgate_go_core::gtp::{Command, Request};
//! use floodgate_go_core::{Colour, Move, Cell};
//! let request: Request = "7 play w D4".parse().unwrap();
//! assert_eq!(request.id, Some(7));
//! // On a 9 x 9 board D4 is column 3, row 5 from the top.
//! assert_eq!(request.command, Command::Play(Colour::White, floodgate_go_core::gtp::GtpMove::Vertex('D', 4)));
//! assert_eq!(floodgate_go_core::gtp::GtpMove::Vertex('D', 4).on_board(9), Some(Move::Play(Cell::new(3, 5))));
//! ```

use std::fmt;
use std::str::FromStr;

use crate::board::Point;
use floodgate_bitgrid::Cell;

use crate::position::Position;
use crate::sgf::Outcome;
use crate::turn::{Colour, Move};

mod analyze;
mod session;
pub use session::{DEFAULT_BUDGET, Files, Mover, Reply, SCORE_PLAYOUTS, Session, Then};

/// The commands the engine knows, in the order `list_commands` gives them.
pub const KNOWN_COMMANDS: [&str; 24] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "final_score",
    "showboard",
    "time_settings",
    "time_left",
    "is_legal",
    "reg_genmove",
    "loadsgf",
    "printsgf",
    "lz-analyze",
    "kata-analyze",
    "gogui-analyze_commands",
    "floodgate-candidates",
];

/// The column letters of GTP, `I` left out.
const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A move as GTP writes it, before a board size gives it a place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GtpMove {
    /// A column letter (upper case) and a row number from the bottom, from 1.
    Vertex(char, u32),
    /// `pass`.
    Pass,
}

impl GtpMove {
    /// The move on a board of side `size`, or `None` when the vertex is off it.
    pub fn on_board(self, size: usize) -> Option<Move> {
        match self {
            Self::Pass => Some(Move::Pass),
            Self::Vertex(letter, row) => {
                let x = COLUMNS.iter().position(|&c| c == letter as u8)?;
                let row = usize::try_from(row).ok()?;
                (x < size && (1..=size).contains(&row))
                    .then(|| Move::Play(Cell::new(x, size - row)))
            }
        }
    }

    /// How `m` is written on a board of side `size`.
    pub fn from_move(m: Move, size: usize) -> Self {
        match m {
            Move::Pass => Self::Pass,
            Move::Play(v) => Self::Vertex(COLUMNS[v.x] as char, (size - v.y) as u32),
        }
    }
}

impl fmt::Display for GtpMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Pass => f.write_str("pass"),
            Self::Vertex(letter, row) => write!(f, "{letter}{row}"),
        }
    }
}

impl FromStr for GtpMove {
    type Err = ParseError;

    fn from_str(word: &str) -> Result<Self, ParseError> {
        if word.eq_ignore_ascii_case("pass") {
            return Ok(Self::Pass);
        }
        let bytes = word.as_bytes();
        let letter = bytes.first().map(u8::to_ascii_uppercase);
        match letter {
            Some(letter) if COLUMNS.contains(&letter) && bytes.len() <= 3 => {
                let row = word[1..]
                    .parse()
                    .ok()
                    .filter(|row: &u32| (1..=25).contains(row))
                    .ok_or(ParseError::Syntax("invalid coordinate"))?;
                Ok(Self::Vertex(letter as char, row))
            }
            _ => Err(ParseError::Syntax("invalid coordinate")),
        }
    }
}

/// A GTP command with its arguments.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `protocol_version`: answers 2.
    ProtocolVersion,
    /// `name`.
    Name,
    /// `version`.
    Version,
    /// `known_command NAME`.
    KnownCommand(String),
    /// `list_commands`.
    ListCommands,
    /// `quit`.
    Quit,
    /// `boardsize N`.
    BoardSize(u32),
    /// `clear_board`.
    ClearBoard,
    /// `komi K`.
    Komi(f64),
    /// `play COLOUR VERTEX`.
    Play(Colour, GtpMove),
    /// `genmove COLOUR`.
    GenMove(Colour),
    /// `reg_genmove COLOUR`: a move, without playing it.
    RegGenMove(Colour),
    /// `is_legal COLOUR VERTEX`: 1 or 0.
    IsLegal(Colour, GtpMove),
    /// `undo`.
    Undo,
    /// `final_score`.
    FinalScore,
    /// `showboard`.
    ShowBoard,
    /// `time_settings MAIN BYO_YOMI STONES` (seconds, seconds, stones).
    TimeSettings {
        /// Main time, in seconds.
        main: f64,
        /// Byo-yomi period, in seconds.
        byo_yomi: f64,
        /// Stones to play in each byo-yomi period (0: no byo-yomi).
        stones: u32,
    },
    /// `loadsgf FILE [MOVE_NUMBER]`: the game of an SGF file, up to before move
    /// `MOVE_NUMBER` (counted from 1), else to its end.
    LoadSgf {
        /// The file.
        file: String,
        /// Stop before this move.
        move_number: Option<usize>,
    },
    /// `printsgf [FILE]`: the game as SGF, into FILE or as the reply.
    PrintSgf(Option<String>),
    /// `lz-analyze` and `kata-analyze`.
    Analyze(AnalyzeRequest),
    /// `gogui-analyze_commands`: the analysis commands GoGui offers in its menu.
    GoguiAnalyzeCommands,
    /// `floodgate-candidates COLOUR`: a search of one move's time, as GoGui graphics (the
    /// candidates' win rates as labels, the best line as a variation).
    Candidates(Colour),
    /// `time_left COLOUR TIME STONES`.
    TimeLeft {
        /// Whose clock.
        colour: Colour,
        /// Seconds left in the current period.
        time: f64,
        /// Stones left to play in it (0: main time).
        stones: u32,
    },
}

/// Which engine's analysis lines a GUI asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalyzeStyle {
    /// Leela Zero's `lz-analyze`: win rates and priors in ten-thousandths.
    LeelaZero,
    /// KataGo's `kata-analyze`: win rates from 0 to 1, and the score lead.
    KataGo,
}

/// `lz-analyze` or `kata-analyze [COLOUR] [INTERVAL] [KEY VALUE]...`: live analysis, a line of
/// candidate moves every interval until the next command arrives.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnalyzeRequest {
    /// Whose lines.
    pub style: AnalyzeStyle,
    /// Whose move is analysed (the side to move when not given).
    pub colour: Option<Colour>,
    /// Time between lines, in centiseconds (100 when not given; at least 1).
    pub interval_cs: u32,
    /// The most candidates a line lists (`maxmoves`), all when not given.
    pub max_moves: Option<usize>,
    /// The fewest candidates a line lists (`minmoves`), unsearched ones by prior if need be.
    pub min_moves: usize,
}

impl AnalyzeRequest {
    /// The interval when the request gives none: a second.
    pub const DEFAULT_INTERVAL_CS: u32 = 100;
}

/// A request: an optional id and a command.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The id the reply repeats.
    pub id: Option<u32>,
    /// The command.
    pub command: Command,
}

/// Why a line is not a request the engine can carry out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// A line with nothing to do (empty, or a comment): no reply at all.
    Empty,
    /// A command the engine does not know (reply `? unknown command`).
    Unknown {
        /// The request's id.
        id: Option<u32>,
    },
    /// Arguments that do not parse (reply `? syntax error`, or the message).
    Syntax(&'static str),
    /// Arguments that do not parse, with the request's id.
    BadArguments {
        /// The request's id.
        id: Option<u32>,
        /// What is wrong.
        message: &'static str,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => f.write_str("empty line"),
            Self::Unknown { .. } => f.write_str("unknown command"),
            Self::Syntax(message) | Self::BadArguments { message, .. } => f.write_str(message),
        }
    }
}

impl std::error::Error for ParseError {}

impl ParseError {
    /// The id of the request that failed, when it had one.
    pub fn id(&self) -> Option<u32> {
        match self {
            Self::Unknown { id } | Self::BadArguments { id, .. } => *id,
            _ => None,
        }
    }
}

/// The line as GTP reads it: control characters other than tab and newline dropped, tabs made
/// spaces, and everything from a `#` on cut.
pub fn preprocess(line: &str) -> String {
    let line = line.split('#').next().unwrap_or("");
    line.chars()
        .filter(|&c| !c.is_control() || c == '\t')
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect()
}

/// How a request names `colour`: `b` or `w`.
pub fn colour_word(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "b",
        Colour::White => "w",
    }
}

fn colour(word: Option<&str>) -> Result<Colour, ParseError> {
    match word.map(str::to_ascii_lowercase).as_deref() {
        Some("b" | "black") => Ok(Colour::Black),
        Some("w" | "white") => Ok(Colour::White),
        _ => Err(ParseError::Syntax("invalid color")),
    }
}

fn number<T: FromStr>(word: Option<&str>, message: &'static str) -> Result<T, ParseError> {
    word.and_then(|w| w.parse().ok())
        .ok_or(ParseError::Syntax(message))
}

fn finite(word: Option<&str>, message: &'static str) -> Result<f64, ParseError> {
    let value: f64 = number(word, message)?;
    if value.is_finite() {
        Ok(value)
    } else {
        Err(ParseError::Syntax(message))
    }
}

impl FromStr for Request {
    type Err = ParseError;

    fn from_str(line: &str) -> Result<Self, ParseError> {
        let line = preprocess(line);
        let mut words = line.split_whitespace().peekable();
        let id = match words.peek() {
            None => return Err(ParseError::Empty),
            Some(word) if word.bytes().all(|b| b.is_ascii_digit()) => {
                let id = word.parse().ok();
                words.next();
                id
            }
            Some(_) => None,
        };
        let name = words.next().ok_or(ParseError::Unknown { id })?;
        let command = parse_command(name, &mut words).map_err(|error| match error {
            ParseError::Syntax(message) => ParseError::BadArguments { id, message },
            ParseError::Unknown { .. } => ParseError::Unknown { id },
            other => other,
        })?;
        Ok(Self { id, command })
    }
}

fn parse_command<'a>(
    name: &str,
    words: &mut impl Iterator<Item = &'a str>,
) -> Result<Command, ParseError> {
    let mut next = || words.next();
    let command = match name {
        "protocol_version" => Command::ProtocolVersion,
        "name" => Command::Name,
        "version" => Command::Version,
        "known_command" => Command::KnownCommand(
            next()
                .ok_or(ParseError::Syntax("known_command needs a name"))?
                .to_string(),
        ),
        "list_commands" => Command::ListCommands,
        "quit" => Command::Quit,
        "boardsize" => Command::BoardSize(number(next(), "boardsize not an integer")?),
        "clear_board" => Command::ClearBoard,
        "komi" => Command::Komi(finite(next(), "komi not a float")?),
        "play" | "is_legal" => {
            let colour = colour(next())?;
            let vertex = next()
                .ok_or(ParseError::Syntax("invalid coordinate"))?
                .parse()?;
            if name == "play" {
                Command::Play(colour, vertex)
            } else {
                Command::IsLegal(colour, vertex)
            }
        }
        "genmove" => Command::GenMove(colour(next())?),
        "reg_genmove" => Command::RegGenMove(colour(next())?),
        "undo" => Command::Undo,
        "final_score" => Command::FinalScore,
        "showboard" => Command::ShowBoard,
        "time_settings" => Command::TimeSettings {
            main: finite(next(), "main time not a number")?,
            byo_yomi: finite(next(), "byo-yomi time not a number")?,
            stones: number(next(), "byo-yomi stones not an integer")?,
        },
        "time_left" => Command::TimeLeft {
            colour: colour(next())?,
            time: finite(next(), "time not a number")?,
            stones: number(next(), "stones not an integer")?,
        },
        _ => return tools_command(name, words),
    };
    Ok(command)
}

/// The commands of GUIs and other tools (SGF files, analysis), beyond GTP's core.
fn tools_command<'a>(
    name: &str,
    words: &mut impl Iterator<Item = &'a str>,
) -> Result<Command, ParseError> {
    let command = match name {
        "loadsgf" => Command::LoadSgf {
            file: words
                .next()
                .ok_or(ParseError::Syntax("loadsgf needs a file"))?
                .to_string(),
            move_number: match words.next() {
                None => None,
                word => Some(number(word, "move number not an integer")?),
            },
        },
        "printsgf" => Command::PrintSgf(words.next().map(str::to_string)),
        "lz-analyze" => Command::Analyze(analyze_request(AnalyzeStyle::LeelaZero, words)?),
        "kata-analyze" => Command::Analyze(analyze_request(AnalyzeStyle::KataGo, words)?),
        "gogui-analyze_commands" => Command::GoguiAnalyzeCommands,
        "floodgate-candidates" => Command::Candidates(colour(words.next())?),
        _ => return Err(ParseError::Unknown { id: None }),
    };
    Ok(command)
}

/// The arguments of `lz-analyze` and `kata-analyze`: `[COLOUR] [INTERVAL]`, then keys and
/// values (`interval`, `maxmoves`, `minmoves`; KataGo's `ownership`, `ownershipStdev`,
/// `movesOwnership`, `rootInfo` and `pvVisits` are read and not acted on).
fn analyze_request<'a>(
    style: AnalyzeStyle,
    words: &mut impl Iterator<Item = &'a str>,
) -> Result<AnalyzeRequest, ParseError> {
    let mut request = AnalyzeRequest {
        style,
        colour: None,
        interval_cs: AnalyzeRequest::DEFAULT_INTERVAL_CS,
        max_moves: None,
        min_moves: 0,
    };
    let mut words = words.peekable();
    if let Some(colour) = words.peek().and_then(|word| colour(Some(word)).ok()) {
        request.colour = Some(colour);
        words.next();
    }
    if let Some(interval) = words.peek().and_then(|w| w.parse().ok()) {
        request.interval_cs = interval;
        words.next();
    }
    while let Some(key) = words.next() {
        let value = words.next();
        match key {
            "interval" => request.interval_cs = number(value, "interval not an integer")?,
            "maxmoves" => request.max_moves = Some(number(value, "maxmoves not an integer")?),
            "minmoves" => request.min_moves = number(value, "minmoves not an integer")?,
            "ownership" | "ownershipStdev" | "movesOwnership" | "rootInfo" | "pvVisits" => {
                value.ok_or(ParseError::Syntax("a key without its value"))?;
            }
            _ => return Err(ParseError::Syntax("unknown analysis key")),
        }
    }
    request.interval_cs = request.interval_cs.max(1);
    Ok(request)
}

/// A successful reply: `= [id] text` and an empty line.
pub fn success(id: Option<u32>, text: &str) -> String {
    reply('=', id, text) + "\n\n"
}

/// A failure: `? [id] message` and an empty line.
pub fn failure(id: Option<u32>, message: &str) -> String {
    reply('?', id, message) + "\n\n"
}

/// The first line of a reply whose lines follow until the next command (live analysis):
/// `= [id]` and its line end, without the empty line.
pub(crate) fn stream_start(id: Option<u32>) -> String {
    reply('=', id, "") + "\n"
}

/// A reply's first line without its end: the mark, the id and the text.
fn reply(mark: char, id: Option<u32>, text: &str) -> String {
    let mut out = String::from(mark);
    if let Some(id) = id {
        out.push_str(&id.to_string());
    }
    if !text.is_empty() {
        out.push(' ');
        out.push_str(text);
    }
    out
}

/// The `final_score` text for Black's margin over White (komi included): `B+3.5`, `W+7`, `0`,
/// as SGF writes a result too.
pub fn score_text(margin: f64) -> String {
    Outcome::of_margin(margin).to_string()
}

/// The board as `showboard` prints it: column letters above and below, row numbers on both
/// sides, `X` for black, `O` for white, `.` for empty.
pub fn board_text(position: &Position) -> String {
    let n = position.size();
    let letters: String = COLUMNS[..n]
        .iter()
        .map(|&c| format!(" {}", c as char))
        .collect();
    let mut out = format!("  {letters}\n");
    for y in 0..n {
        let row = n - y;
        out.push_str(&format!("{row:2}"));
        for x in 0..n {
            out.push(' ');
            out.push(match position.point(Cell::new(x, y)) {
                Point::Black => 'X',
                Point::White => 'O',
                Point::Empty => '.',
            });
        }
        out.push_str(&format!(" {row}\n"));
    }
    out.push_str(&format!("  {letters}"));
    out
}
