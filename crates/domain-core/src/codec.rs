//! The CodinGame protocol: the initial lines, the opponent's action lines, and answers.

use std::fmt;

use crate::board::{Cell, Dir, SIZE};
use crate::state::Action;

/// Why a protocol line could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// The line as received.
    pub line: String,
    /// What was expected.
    pub expected: &'static str,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {}, got {:?}", self.expected, self.line)
    }
}

impl std::error::Error for LineError {}

fn error(line: &str, expected: &'static str) -> LineError {
    LineError {
        line: line.to_string(),
        expected,
    }
}

/// A cell from two numbers `x y`, each 0 to 6.
pub fn parse_cell(line: &str) -> Result<Cell, LineError> {
    let expected = "two numbers `x y` from 0 to 6";
    let mut parts = line.split_whitespace().map(str::parse::<u8>);
    match (parts.next(), parts.next(), parts.next()) {
        (Some(Ok(x)), Some(Ok(y)), None) if x < SIZE && y < SIZE => Ok(Cell::new(x, y)),
        _ => Err(error(line, expected)),
    }
}

/// The first line, `width height`, which must be `7 7`.
pub fn parse_size(line: &str) -> Result<(), LineError> {
    let mut parts = line.split_whitespace();
    match (parts.next(), parts.next(), parts.next()) {
        (Some("7"), Some("7"), None) => Ok(()),
        _ => Err(error(line, "the board size `7 7`")),
    }
}

/// The opponent's last action, `x y D`, or `None` for `-1 -1 _` (no action yet).
pub fn parse_action_line(line: &str) -> Result<Option<Action>, LineError> {
    let expected = "an action `x y D` or `-1 -1 _`";
    let parts: Vec<&str> = line.split_whitespace().collect();
    match parts.as_slice() {
        ["-1", "-1", "_"] => Ok(None),
        [x, y, dir] => {
            let to = parse_cell(&format!("{x} {y}")).map_err(|_| error(line, expected))?;
            let wall = match dir.as_bytes() {
                [letter] => Dir::from_letter(*letter),
                _ => None,
            };
            wall.map(|wall| Some(Action { to, wall }))
                .ok_or_else(|| error(line, expected))
        }
        _ => Err(error(line, expected)),
    }
}

/// A bot's answer as the referee reads it: `x y D`, optionally followed by a space and a
/// message. `x` and `y` are one digit each; a direction other than `U D L R` is read as `U`
/// (the referee's quirk). Returns the action and the message.
pub fn parse_answer(line: &str) -> Result<(Action, &str), LineError> {
    let expected = "an answer `x y D [message]`";
    let bytes = line.as_bytes();
    if bytes.len() < 5
        || bytes[1] != b' '
        || bytes[3] != b' '
        || (bytes.len() > 5 && bytes[5] != b' ')
    {
        return Err(error(line, expected));
    }
    let digit = |b: u8| (b'0'..b'0' + SIZE).contains(&b).then(|| b - b'0');
    let (Some(x), Some(y)) = (digit(bytes[0]), digit(bytes[2])) else {
        return Err(error(line, expected));
    };
    let wall = Dir::from_letter(bytes[4]).unwrap_or(Dir::U);
    let message = line.get(6..).unwrap_or("");
    Ok((
        Action {
            to: Cell::new(x, y),
            wall,
        },
        message,
    ))
}
