//! Cram replays ([`Replay`]: the states of a record, as text and as pictures) and the boards
//! they draw: empty, pre-filled and covered cells, the dominoes played.

use floodgate_bitgrid::Cell;
use floodgate_cram_core::board::{Board, Domino, Square};
use floodgate_cram_core::codec::parse_move;

use super::{Cram, InitLine, Played};
use crate::error::Error;
use crate::html::{Line, Picture, SEAT_COLOURS};
use crate::record::GameRecord;
use crate::replay::{Replay, replay_moves};
use crate::turn::Judge;

impl Replay for Cram {
    type State = Played;
    const SEATS: [&'static str; 2] = ["player 1", "player 2"];

    fn states(record: &GameRecord) -> Result<Vec<Played>, Error> {
        let init = record.start.parse::<InitLine>();
        let init = init.map_err(|e| Error::Record(format!("the recorded init line: {e}")))?;
        let start = Cram::default().position(&init);
        replay_moves(start, record, "legal domino", |before, m| {
            let domino = parse_move(&m.text, &before.board).ok()?;
            let mut after = before.clone();
            after.board.is_legal(domino).then_some(())?;
            after.board.play(domino);
            after.dominoes.push(domino);
            Some(after)
        })
    }

    /// Dominoes played by each player.
    fn scores(state: &Played) -> [i64; 2] {
        let first = state.dominoes.len().div_ceil(2) as i64;
        [first, state.dominoes.len() as i64 - first]
    }

    fn text(state: &Played, colour: bool) -> String {
        let board = &state.board;
        let mut owner = vec![None; board.rows() * board.columns()];
        for (number, domino) in state.dominoes.iter().enumerate() {
            for square in [domino.first, domino.second] {
                owner[square.row * board.columns() + square.column] = Some(number % 2);
            }
        }
        let mut out = String::new();
        for row in 0..board.rows() {
            for column in 0..board.columns() {
                let square = Square { row, column };
                let glyph = match owner[row * board.columns() + column] {
                    Some(0) if colour => "\x1b[44;97m1\x1b[0m",
                    Some(_) if colour => "\x1b[41;97m2\x1b[0m",
                    Some(0) => "1",
                    Some(_) => "2",
                    None if board.is_empty(square) => ".",
                    None => "#",
                };
                out.push_str(glyph);
            }
            out.push('\n');
        }
        out
    }

    const TEXT_LEGEND: &'static str = "1, 2: the dominoes of player 1 (moves first) and of \
        player 2; # cells filled before the game; . empty cells";
    const PICTURE: fn(&Played) -> Picture = |state| picture(&state.board, &state.dominoes);
    const LEGEND: [&'static str; 2] = LEGEND;
}

/// What each player's dominoes look like on a [`picture()`] picture, the first mover's then the
/// second's.
pub const LEGEND: [&str; 2] = [
    "blue dominoes (moves first); the last domino is ringed in gold",
    "red dominoes (moves second); dark cells were filled before the game",
];

const EMPTY: &str = "#fbf8f1";
const PRE_FILLED: &str = "#55524b";
const COVERED: &str = "#e2d9c6";
const DOMINO: [&str; 2] = SEAT_COLOURS;
const HIGHLIGHT: &str = "#f2b705";
const BAR_WIDTH: f64 = 0.62;

/// The board after the dominoes `played` (in order, the first mover's first): empty cells
/// light, covered cells beige, the board's other filled cells (filled before the game) dark,
/// faint lines between the cells, each domino a rounded bar across its two cells in its player's colour, the last one ringed
/// in gold.
///
/// Every cell is drawn, so this is meant for boards up to a few dozen cells a side.
pub fn picture(board: &Board, played: &[Domino]) -> Picture {
    let (columns, rows) = (board.columns(), board.rows());
    let mut picture = Picture::plain(columns, rows, PRE_FILLED);
    picture.add_grid();
    for cell in board.empty().iter() {
        picture.cell_mut(cell.x, cell.y).fill = EMPTY.to_string();
    }
    for domino in played {
        for square in [domino.first, domino.second] {
            if board.contains(square) && !board.empty().contains(cell(square)) {
                picture.cell_mut(square.column, square.row).fill = COVERED.to_string();
            }
        }
    }
    for (index, domino) in played.iter().enumerate() {
        let (from, to) = (centre(domino.first), centre(domino.second));
        if index + 1 == played.len() {
            picture.lines.push(Line {
                from,
                to,
                colour: HIGHLIGHT.to_string(),
                width: BAR_WIDTH + 0.22,
            });
        }
        picture.lines.push(Line {
            from,
            to,
            colour: DOMINO[index % 2].to_string(),
            width: BAR_WIDTH,
        });
    }
    picture
}

fn cell(square: Square) -> Cell {
    Cell::new(square.column, square.row)
}

fn centre(square: Square) -> (f64, f64) {
    (square.column as f64 + 0.5, square.row as f64 + 0.5)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(row: usize, column: usize) -> Square {
        Square { row, column }
    }

    #[test]
    fn cells_are_empty_pre_filled_or_covered_and_the_last_domino_is_ringed() {
        let mut board = Board::new(3, 4);
        board.fill(square(0, 0));
        let played = [
            Domino::from_first(square(1, 1), false),
            Domino::from_first(square(0, 3), true),
        ];
        for domino in played {
            board.play(domino);
        }
        let picture = picture(&board, &played);
        assert_eq!(
            (picture.columns, picture.rows, picture.cells.len()),
            (4, 3, 12)
        );
        let count = |fill: &str| picture.cells.iter().filter(|c| c.fill == fill).count();
        assert_eq!((count(PRE_FILLED), count(COVERED), count(EMPTY)), (1, 4, 7));
        assert_eq!(picture.cells[0].fill, PRE_FILLED);
        assert_eq!(picture.cells[4 + 2].fill, COVERED);
        let grid = 4 + 5;
        let lines: Vec<_> = picture.lines[grid..]
            .iter()
            .map(|l| (l.from, l.to, l.colour.as_str()))
            .collect();
        assert_eq!(
            lines,
            [
                ((1.5, 1.5), (2.5, 1.5), DOMINO[0]),
                ((3.5, 0.5), (3.5, 1.5), HIGHLIGHT),
                ((3.5, 0.5), (3.5, 1.5), DOMINO[1]),
            ]
        );
    }
}
