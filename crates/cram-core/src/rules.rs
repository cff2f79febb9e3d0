//! Cram exactly as the judge plays it, as a [`floodgate_search::Game`]: a [`Position`] is the
//! board and the player to move, a move a domino's number ([`Domino::numbered`]), and the player
//! with no domino left loses. Which moves a search tries is an option ([`MoveFilter`]); the
//! evaluation has no opinion (0), for a search to put its own in place: the engine's look-ahead
//! values leaves with the solver, the arena's `alphabeta` baseline searches every domino.

use floodgate_search::{Game, MoveList, Outcome, Score, Seat, mix};

use crate::board::{Board, Domino};

/// Which dominoes a search tries in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveFilter {
    /// Every domino: horizontal ones first, then vertical ones, each by its upper-left cell in
    /// reading order ([`Board::moves`]' order).
    All,
    /// The most blocking ones (the most empty neighbours of their two cells), at most this many:
    /// the most blocking first, ties by the domino's number.
    MostBlocking(usize),
}

/// Cram by the judge's rules, trying the dominoes `moves` lets through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Which dominoes are tried.
    pub moves: MoveFilter,
}

/// A position: the board and the player to move (the board does not say whose turn it is).
#[derive(Clone, Debug)]
pub struct Position {
    /// The board as it stands.
    pub board: Board,
    /// The player to move.
    pub to_move: Seat,
    /// A Zobrist-style hash of the cells filled since the position this one was made from.
    hash: u64,
}

impl Position {
    /// `board` with `to_move` to move.
    pub fn new(board: Board, to_move: Seat) -> Self {
        Self {
            board,
            to_move,
            hash: 0,
        }
    }
}

/// A move: the domino's number ([`Domino::numbered`]).
pub type DominoNumber = u32;

/// How many moves a domino takes away: the empty neighbours of its two cells (each counts the
/// other).
pub fn blocking(board: &Board, domino: Domino) -> usize {
    board.empty_neighbours(domino.first) + board.empty_neighbours(domino.second)
}

impl Game for Rules {
    type State = Position;
    type Move = DominoNumber;

    fn player_to_move(&self, position: &Position) -> Seat {
        position.to_move
    }

    fn generate_moves(&self, position: &Position, moves: &mut MoveList<DominoNumber>) {
        let board = &position.board;
        let (right, below) = board.move_starts();
        let columns = board.columns();
        let numbers = [(&right, 0), (&below, 1)]
            .into_iter()
            .flat_map(|(starts, vertical)| {
                starts
                    .iter()
                    .map(move |cell| 2 * (cell.y * columns + cell.x) + vertical)
            });
        match self.moves {
            MoveFilter::All => moves.extend(numbers.map(|n| n as DominoNumber)),
            MoveFilter::MostBlocking(most) => {
                let mut scored: Vec<(usize, DominoNumber)> = numbers
                    .map(|n| {
                        (
                            blocking(board, Domino::numbered(n, columns)),
                            n as DominoNumber,
                        )
                    })
                    .collect();
                // The most blocking first; ties in board order.
                scored.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
                moves.extend(scored.iter().take(most).map(|&(_, m)| m));
            }
        }
    }

    fn outcome(&self, position: &Position) -> Option<Outcome> {
        (!position.board.has_move()).then(|| Outcome::Win(position.to_move.other()))
    }

    fn next(&self, position: &Position, m: DominoNumber) -> Position {
        let columns = position.board.columns();
        let domino = Domino::numbered(m as usize, columns);
        let mut next = position.clone();
        next.board.play(domino);
        for square in [domino.first, domino.second] {
            next.hash ^= mix(1 + (square.row * columns + square.column) as u64);
        }
        next.hash ^= 0x9E37_79B9_7F4A_7C15;
        next.to_move = position.to_move.other();
        next
    }

    /// No opinion: 0.
    fn evaluate(&self, _: &Position) -> Score {
        0
    }

    fn hash(&self, position: &Position) -> u64 {
        position.hash
    }

    fn move_index(&self, m: DominoNumber) -> usize {
        m as usize % 4096
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_moves_come_in_the_board_s_order_and_the_filter_keeps_the_most_blocking() {
        let mut board = Board::new(3, 4);
        board.play(Domino::numbered(2 * 5 + 1, 4));
        let position = Position::new(board.clone(), Seat::First);
        let mut all = MoveList::new();
        Rules {
            moves: MoveFilter::All,
        }
        .generate_moves(&position, &mut all);
        let dominoes: Vec<Domino> = all
            .iter()
            .map(|&m| Domino::numbered(m as usize, 4))
            .collect();
        assert_eq!(dominoes, board.moves());
        let mut best = MoveList::new();
        Rules {
            moves: MoveFilter::MostBlocking(3),
        }
        .generate_moves(&position, &mut best);
        assert_eq!(best.len(), 3);
        let blocks = |m: &DominoNumber| blocking(&board, Domino::numbered(*m as usize, 4));
        let least_kept = best.iter().map(blocks).min().unwrap();
        assert!(
            all.iter()
                .filter(|m| !best.contains(m))
                .all(|m| blocks(m) <= least_kept)
        );
    }
}
