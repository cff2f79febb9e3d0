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

/// Why a judge line could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError(pub String);

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LineError {}

/// Input text for an error message: quoted, and cut to its first 40 characters (a judge's
/// line may be of any length).
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
        .ok_or_else(|| LineError(format!("{} is not a cell AxB", quoted(text))))?;
    let number = |t: &str| {
        t.parse::<usize>()
            .map_err(|_| LineError(format!("{} in {} is not a number", quoted(t), quoted(text))))
    };
    let square = Square {
        row: number(row)?,
        column: number(column)?,
    };
    if square.row >= n || square.column >= n {
        return Err(LineError(format!(
            "cell {text} is outside the {n} x {n} board"
        )));
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
        .map_err(|_| LineError(format!("the board size {} is not a number", quoted(size))))?;
    if !(1..=MAX_SIDE).contains(&n) {
        return Err(LineError(format!(
            "the board size {n} is not between 1 and {MAX_SIDE}"
        )));
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
        .ok_or_else(|| LineError(format!("{} is not a move AxB_CxD", quoted(line))))?;
    let n = board.rows();
    let (first, second) = (parse_square(a, n)?, parse_square(b, n)?);
    for square in [first, second] {
        if !board.is_empty(square) {
            return Err(LineError(format!(
                "cell {}x{} of move {line} is not empty",
                square.row, square.column
            )));
        }
    }
    if first == second {
        return Err(LineError(format!("move {line} names one cell twice")));
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
        let error = |line: &str| parse_init(line).unwrap_err().0;
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
        let error = |line: &str| parse_move(line, &board).unwrap_err().0;
        assert_eq!(error("0x0"), "\"0x0\" is not a move AxB_CxD");
        assert_eq!(error("0x0_0x3"), "cell 0x3 is outside the 3 x 3 board");
        assert_eq!(error("0x1_1x1"), "cell 1x1 of move 0x1_1x1 is not empty");
        assert_eq!(error("0x0_0x0"), "move 0x0_0x0 names one cell twice");
        // Adjacency is not checked: the judge does not always check it either.
        assert!(parse_move("0x0_2x2", &board).is_ok());
    }
}
