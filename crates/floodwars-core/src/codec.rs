//! The judge's text format: parsing its input and printing an answer.
//!
//! Input: one line `J` or `S` (the player to move), then the board rows, each ended by `\n`.
//! The answer is the position after the move in the same format, which starts with the other
//! player's letter: [`Position`]'s `Display` prints exactly that.

use std::fmt;
use std::str::FromStr;

use crate::position::{Colour, Position, PositionError, Side};

/// Why a judge input is not a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The input is empty or its first line is not `J` or `S`.
    MissingPlayerLine,
    /// A byte in a board row that is not one of `@ # + . *`.
    BadByte {
        /// The row, counted from 1.
        row: usize,
        /// The column, counted from 1.
        column: usize,
        /// The byte.
        byte: u8,
    },
    /// An empty line where a board row should be.
    EmptyRow {
        /// The row, counted from 1.
        row: usize,
    },
    /// The rows do not make a valid board.
    Board(PositionError),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::MissingPlayerLine => write!(f, "the first line must be J or S"),
            Self::BadByte { row, column, byte } => write!(
                f,
                "row {row}, column {column}: byte {:?} is not a colour (@ # + . *)",
                char::from(byte).escape_default().to_string()
            ),
            Self::EmptyRow { row } => write!(f, "row {row} is empty"),
            Self::Board(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for ParseError {}

impl From<PositionError> for ParseError {
    fn from(error: PositionError) -> Self {
        Self::Board(error)
    }
}

/// Reads a judge input. The last row may lack its `\n`; nothing may follow it.
pub fn parse(input: &[u8]) -> Result<Position, ParseError> {
    let input = input.strip_suffix(b"\n").unwrap_or(input);
    let mut lines = input.split(|&b| b == b'\n');
    let to_move = match lines.next() {
        Some(b"J") => Side::J,
        Some(b"S") => Side::S,
        _ => return Err(ParseError::MissingPlayerLine),
    };
    let mut rows = Vec::new();
    for (r, line) in lines.enumerate() {
        if line.is_empty() {
            return Err(ParseError::EmptyRow { row: r + 1 });
        }
        let row = line
            .iter()
            .enumerate()
            .map(|(c, &byte)| {
                Colour::from_byte(byte).ok_or(ParseError::BadByte {
                    row: r + 1,
                    column: c + 1,
                    byte,
                })
            })
            .collect::<Result<Vec<Colour>, ParseError>>()?;
        rows.push(row);
    }
    Ok(Position::new(&rows, to_move, 0)?)
}

impl FromStr for Position {
    type Err = ParseError;

    fn from_str(input: &str) -> Result<Self, ParseError> {
        parse(input.as_bytes())
    }
}
