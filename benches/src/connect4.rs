//! Connect Four (7 columns x 6 rows) on bitboards: the benchmark game for the search crate.
//!
//! Bit `column * 7 + row` is a cell (row 0 at the bottom); bit 6 of each column stays empty so
//! that shifts never carry a line from one column into the next.

use floodgate_search::{Game, MoveList, Outcome, Score, Seat, mix};

const COLUMNS: u8 = 7;
const ROWS: u8 = 6;
const CELLS: usize = 49;
const BOTTOM: u64 = 0x0000_0408_1020_4081;
const BOARD: u64 = BOTTOM * ((1 << ROWS) - 1);

/// Columns in the order both engines try them: centre first.
pub const COLUMN_ORDER: [u8; 7] = [3, 2, 4, 1, 5, 0, 6];

/// A position: the stones of the player to move, all stones, and the Zobrist hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Position {
    mine: u64,
    all: u64,
    plies: u8,
    hash: u64,
}

/// Zobrist keys: one per cell and player.
const ZOBRIST: [[u64; CELLS]; 2] = {
    let mut keys = [[0; CELLS]; 2];
    let mut i = 0;
    while i < 2 * CELLS {
        keys[i / CELLS][i % CELLS] = mix(i as u64 + 1);
        i += 1;
    }
    keys
};

/// The 69 windows of four cells in a row (any direction).
const WINDOWS: [u64; 69] = {
    let mut windows = [0; 69];
    let mut n = 0;
    let steps = [1, 7, 6, 8];
    let mut column = 0;
    while column < COLUMNS as i32 {
        let mut row = 0;
        while row < ROWS as i32 {
            let mut s = 0;
            while s < 4 {
                let (dc, dr) = match steps[s] {
                    1 => (0, 1),
                    7 => (1, 0),
                    6 => (1, -1),
                    _ => (1, 1),
                };
                let (end_c, end_r) = (column + 3 * dc, row + 3 * dr);
                if end_c < COLUMNS as i32 && end_r >= 0 && end_r < ROWS as i32 {
                    let mut mask = 0;
                    let mut k = 0;
                    while k < 4 {
                        mask |= 1u64 << ((column + k * dc) * 7 + row + k * dr);
                        k += 1;
                    }
                    windows[n] = mask;
                    n += 1;
                }
                s += 1;
            }
            row += 1;
        }
        column += 1;
    }
    windows
};

fn has_four(stones: u64) -> bool {
    [1, 7, 6, 8].iter().any(|&s| {
        let pairs = stones & (stones >> s);
        pairs & (pairs >> (2 * s)) != 0
    })
}

/// Window weights by how many of its four cells one player holds (the other holding none).
const WEIGHTS: [Score; 5] = [0, 1, 4, 16, 0];

impl Position {
    /// The player to move.
    pub fn to_move(&self) -> Seat {
        if self.plies.is_multiple_of(2) {
            Seat::First
        } else {
            Seat::Second
        }
    }

    /// Whether a stone can be dropped in `column`.
    pub fn playable(&self, column: u8) -> bool {
        self.all & (1 << (column * 7 + ROWS - 1)) == 0
    }

    /// The position after dropping a stone in `column` (which must be playable).
    pub fn play(&self, column: u8) -> Position {
        let stone = (self.all + (1 << (column * 7))) & (BOARD & (0x3F << (column * 7)));
        let cell = stone.trailing_zeros() as usize;
        Position {
            mine: self.mine ^ self.all,
            all: self.all | stone,
            plies: self.plies + 1,
            hash: self.hash ^ ZOBRIST[self.to_move().index()][cell],
        }
    }

    /// The position after playing `columns` from the start.
    pub fn after(columns: &[u8]) -> Position {
        columns.iter().fold(Position::default(), |p, &c| p.play(c))
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        let just_moved = self.mine ^ self.all;
        if has_four(just_moved) {
            Some(Outcome::Win(self.to_move().other()))
        } else if self.plies == COLUMNS * ROWS {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// The playable columns, centre first; none when the game is over.
    pub fn moves(&self) -> impl Iterator<Item = u8> + '_ {
        let over = self.outcome().is_some();
        COLUMN_ORDER
            .into_iter()
            .filter(move |&c| !over && self.playable(c))
    }

    /// The evaluation for the player to move: weighted open windows, mine minus the opponent's.
    pub fn evaluate(&self) -> Score {
        let theirs = self.mine ^ self.all;
        WINDOWS
            .iter()
            .map(
                |&w| match ((w & self.mine).count_ones(), (w & theirs).count_ones()) {
                    (m, 0) => WEIGHTS[m as usize],
                    (0, t) => -WEIGHTS[t as usize],
                    _ => 0,
                },
            )
            .sum()
    }

    /// The Zobrist hash (cells and stones; the player to move follows from the stone count).
    pub fn hash(&self) -> u64 {
        self.hash
    }
}

/// Connect Four for the [`floodgate_search`] crate.
#[derive(Debug)]
pub struct ConnectFour;

impl Game for ConnectFour {
    type State = Position;
    type Move = u8;

    fn player_to_move(&self, state: &Position) -> Seat {
        state.to_move()
    }

    fn generate_moves(&self, state: &Position, moves: &mut MoveList<u8>) {
        moves.extend(state.moves());
    }

    fn outcome(&self, state: &Position) -> Option<Outcome> {
        state.outcome()
    }

    fn next(&self, state: &Position, column: u8) -> Position {
        state.play(column)
    }

    fn evaluate(&self, state: &Position) -> Score {
        state.evaluate()
    }

    fn hash(&self, state: &Position) -> u64 {
        state.hash()
    }

    fn move_index(&self, column: u8) -> usize {
        usize::from(column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_lines_and_moves() {
        assert_eq!(WINDOWS.iter().filter(|&&w| w != 0).count(), 69);
        assert!(
            WINDOWS
                .iter()
                .all(|w| w.count_ones() == 4 && w & !BOARD == 0)
        );
        // Four in a column for the first player.
        let p = Position::after(&[3, 4, 3, 4, 3, 4, 3]);
        assert_eq!(p.outcome(), Some(Outcome::Win(Seat::First)));
        assert_eq!(p.moves().count(), 0);
        // A rising diagonal for the first player.
        let p = Position::after(&[0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3]);
        assert_eq!(p.outcome(), Some(Outcome::Win(Seat::First)));
        let start = Position::default();
        assert_eq!(start.moves().collect::<Vec<_>>(), COLUMN_ORDER);
        assert_eq!(start.evaluate(), 0);
        // A full column is not playable.
        let p = Position::after(&[0, 0, 0, 0, 0, 0]);
        assert!(!p.playable(0) && p.moves().count() == 6);
        // Transpositions hash alike.
        assert_eq!(
            Position::after(&[0, 1, 2]).hash(),
            Position::after(&[2, 1, 0]).hash()
        );
    }
}
