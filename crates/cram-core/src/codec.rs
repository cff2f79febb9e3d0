//! The judge's line protocol: the init line `n` or `n_AxB_CxD...` (the board and its pre-filled
//! cells), move lines `AxB_CxD` (row, then column, both from 0), and the answer a bot prints
//! for a move, [`Domino`]'s `Display`. The rest of a game's lines (`OK`, `START`, `STOP`) are
//! words the bot and the referee compare as they are.

use std::fmt;

use crate::board::{Board, Domino, MAX_SIDE, Square};

/// The protocol's `AxB_CxD`.
impl fmt::Display for Domino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}x{}_{}x{}",
            self.first.row, self.first.column, self.second.row, self.second.column
        )
    }
}

/// Why a judge line could not be read. Its `Display` is the message, which quotes at most 40
/// characters of any text read (a judge's line may be of any length).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// The init line's board size is not a number.
    SizeNotANumber(String),
    /// The init line's board size is not between 1 and [`MAX_SIDE`].
    SizeOutOfRange(usize),
    /// A cell is not `AxB`.
    NotACell(String),
    /// A cell's row or column is not a number.
    NotANumber {
        /// The row or column.
        number: String,
        /// The cell.
        cell: String,
    },
    /// A cell is outside the board.
    OffTheBoard {
        /// The cell.
        cell: String,
        /// The board's side.
        side: usize,
    },
    /// A move line is not `AxB_CxD`.
    NotAMove(String),
    /// A cell of a move is already filled.
    Filled {
        /// The cell.
        cell: Square,
        /// The move line.
        line: String,
    },
    /// A move line names one cell twice.
    SameCell(String),
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::SizeNotANumber(size) => {
                write!(f, "the board size {} is not a number", quoted(size))
            }
            Self::SizeOutOfRange(n) => {
                write!(f, "the board size {n} is not between 1 and {MAX_SIDE}")
            }
            Self::NotACell(text) => write!(f, "{} is not a cell AxB", quoted(text)),
            Self::NotANumber { number, cell } => {
                write!(f, "{} in {} is not a number", quoted(number), quoted(cell))
            }
            Self::OffTheBoard { cell, side: n } => {
                write!(f, "cell {cell} is outside the {n} x {n} board")
            }
            Self::NotAMove(line) => write!(f, "{} is not a move AxB_CxD", quoted(line)),
            Self::Filled { cell, line } => {
                let (row, column) = (cell.row, cell.column);
                write!(f, "cell {row}x{column} of move {line} is not empty")
            }
            Self::SameCell(line) => write!(f, "move {line} names one cell twice"),
        }
    }
}

impl std::error::Error for LineError {}

/// Input text for an error message: quoted, and cut to its first 40 characters.
fn quoted(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((end, _)) => format!("{:?}...", &text[..end]),
        None => format!("{text:?}"),
    }
}

/// A cell `AxB` (row, column), checked against a board of side `n`.
fn parse_square(text: &str, n: usize) -> Result<Square, LineError> {
    let (row, column) = text
        .split_once('x')
        .ok_or_else(|| LineError::NotACell(text.to_owned()))?;
    let number = |t: &str| {
        t.parse::<usize>().map_err(|_| LineError::NotANumber {
            number: t.to_owned(),
            cell: text.to_owned(),
        })
    };
    let square = Square {
        row: number(row)?,
        column: number(column)?,
    };
    if square.row >= n || square.column >= n {
        return Err(LineError::OffTheBoard {
            cell: text.to_owned(),
            side: n,
        });
    }
    Ok(square)
}

/// The judge's init line: `n`, or `n_AxB_CxD...` with the pre-filled cells (duplicates
/// allowed). A trailing `\r` is ignored.
pub fn parse_init(line: &str) -> Result<Board, LineError> {
    let line = line.trim_end_matches('\r');
    let mut parts = line.split('_');
    let size = parts.next().unwrap_or("");
    let n: usize = size
        .parse()
        .map_err(|_| LineError::SizeNotANumber(size.to_owned()))?;
    if !(1..=MAX_SIDE).contains(&n) {
        return Err(LineError::SizeOutOfRange(n));
    }
    let mut board = Board::new(n, n);
    for part in parts {
        board.fill(parse_square(part, n)?);
    }
    Ok(board)
}

/// A move line `AxB_CxD`, checked for bounds and for empty cells on `board` (adjacency is not
/// checked: the judge does not always check it either). A trailing `\r` is ignored.
pub fn parse_move(line: &str, board: &Board) -> Result<Domino, LineError> {
    let line = line.trim_end_matches('\r');
    let (a, b) = line
        .split_once('_')
        .ok_or_else(|| LineError::NotAMove(line.to_owned()))?;
    let n = board.rows();
    let (first, second) = (parse_square(a, n)?, parse_square(b, n)?);
    for square in [first, second] {
        if !board.is_empty(square) {
            return Err(LineError::Filled {
                cell: square,
                line: line.to_owned(),
            });
        }
    }
    if first == second {
        return Err(LineError::SameCell(line.to_owned()));
    }
    Ok(Domino { first, second })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(row: usize, column: usize) -> Square {
        Square { row, column }
    }

    #[test]
    fn an_init_line_is_the_size_then_the_filled_cells() {
        let board = parse_init("3_0x1_2x2_0x1\r").unwrap();
        assert_eq!((board.rows(), board.columns()), (3, 3));
        assert!(!board.is_empty(square(0, 1)) && !board.is_empty(square(2, 2)));
        assert_eq!(board.empty().len(), 7);
        assert_eq!(parse_init("999").unwrap().rows(), MAX_SIDE);
    }

    #[test]
    fn a_bad_init_line_says_why() {
        let error = |line: &str| parse_init(line).unwrap_err().to_string();
        assert_eq!(error("x"), "the board size \"x\" is not a number");
        assert_eq!(error("0"), "the board size 0 is not between 1 and 999");
        assert_eq!(error("3_3x0"), "cell 3x0 is outside the 3 x 3 board");
        assert_eq!(error("3_1-1"), "\"1-1\" is not a cell AxB");
        assert_eq!(error("3_1xa"), "\"a\" in \"1xa\" is not a number");
        let long = "7".repeat(100);
        assert_eq!(
            error(&long),
            format!("the board size {:?}... is not a number", &long[..40])
        );
    }

    #[test]
    fn a_move_prints_back_as_it_was_read() {
        let board = Board::new(4, 4);
        for line in ["0x0_0x1", "2x3_3x3"] {
            let domino = parse_move(line, &board).unwrap();
            assert_eq!(domino.to_string(), line);
        }
        let domino = parse_move("1x2_2x2\r", &board).unwrap();
        assert_eq!(domino, Domino::from_first(square(1, 2), true));
    }

    #[test]
    fn a_bad_move_line_says_why() {
        let mut board = Board::new(3, 3);
        board.fill(square(1, 1));
        let error = |line: &str| parse_move(line, &board).unwrap_err().to_string();
        assert_eq!(error("0x0"), "\"0x0\" is not a move AxB_CxD");
        assert_eq!(error("0x0_0x3"), "cell 0x3 is outside the 3 x 3 board");
        assert_eq!(error("0x1_1x1"), "cell 1x1 of move 0x1_1x1 is not empty");
        assert_eq!(error("0x0_0x0"), "move 0x0_0x0 names one cell twice");
        // Adjacency is not checked: the judge does not always check it either.
        assert!(parse_move("0x0_2x2", &board).is_ok());
    }
}
