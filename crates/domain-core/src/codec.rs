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
        write!(f, "expected {}, got {}", self.expected, quoted(&self.line))
    }
}

/// A received line for a message: quoted, and cut to its first 40 characters (a referee's
/// line may be of any length).
pub fn quoted(line: &str) -> String {
    match line.char_indices().nth(40) {
        Some((end, _)) => format!("{:?}...", &line[..end]),
        None => format!("{line:?}"),
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

/// A bot's answer as the CodinGame referee reads it, returning the action and the message.
///
/// The referee matches the whole line against the Java regex
/// `(?i)(?<x>[0-6])\s+(?<y>[0-6])\s+(?<direction>[A-Za-z]+)\s*(?<message>.*)?`, and this is
/// that match written out by hand:
/// - `x` and `y` are one digit 0 to 6 each, the line starts with `x` (no leading space), and
///   one or more whitespace characters (Java's `\s`: space, tab, `\n`, `\x0B`, `\x0C`, `\r`)
///   follow each of them;
/// - the direction is the longest run of ASCII letters that comes next; only exactly `U`, `D`,
///   `L` or `R` in either case is that direction, any other word (`RR`, `Down`) is read as `U`;
///   a digit or `_` there is no word at all, so the line is invalid;
/// - the message is the rest after any whitespace; it may hold anything but a line terminator
///   (`\n`, `\r`, U+0085, U+2028, U+2029, which Java's `.` does not match), so `0 1 R1` is `R`
///   with message `1`, and `0 1 R\r` is `R` but `0 1 R hi\r` is invalid.
///
/// Neither greedy part ever needs to backtrack: the word cannot end earlier, since the letters
/// it gave up would join a message that still holds the same line terminator.
pub fn parse_answer(line: &str) -> Result<(Action, &str), LineError> {
    let invalid = || error(line, "an answer `x y D [message]`");
    let (x, rest) = coordinate(line).ok_or_else(invalid)?;
    let rest = spaces(rest).ok_or_else(invalid)?;
    let (y, rest) = coordinate(rest).ok_or_else(invalid)?;
    let rest = spaces(rest).ok_or_else(invalid)?;
    let word_end = rest
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(rest.len());
    if word_end == 0 {
        return Err(invalid());
    }
    let (word, rest) = rest.split_at(word_end);
    let message = rest.trim_start_matches(is_java_space);
    if message.contains(is_java_line_terminator) {
        return Err(invalid());
    }
    let wall = match word.as_bytes() {
        [letter] => Dir::from_letter(letter.to_ascii_uppercase()).unwrap_or(Dir::U),
        _ => Dir::U,
    };
    let to = Cell::new(x, y);
    Ok((Action { to, wall }, message))
}

/// One digit 0 to 6 at the start of `text` (the regex's `[0-6]`), and what follows it.
fn coordinate(text: &str) -> Option<(u8, &str)> {
    let digit = text.bytes().next()?.checked_sub(b'0')?;
    (digit < SIZE).then(|| (digit, &text[1..]))
}

/// `text` after one or more whitespace characters (the regex's `\s+`), or `None` if it does
/// not start with one.
fn spaces(text: &str) -> Option<&str> {
    let rest = text.trim_start_matches(is_java_space);
    (rest.len() < text.len()).then_some(rest)
}

/// Java's `\s` (without the Unicode flag): space, tab, `\n`, `\x0B`, `\x0C` and `\r`.
fn is_java_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0B' | '\x0C' | '\r')
}

/// The characters Java's `.` does not match (without `DOTALL`).
fn is_java_line_terminator(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}')
}
