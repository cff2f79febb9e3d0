//! Boards of any size up to 999 x 999 as bitgrid planes, moves as plane operations, and the
//! value of a whole position from its regions. The judge's lines for boards and moves are read
//! and written by [`codec`](crate::codec).

use floodgate_bitgrid::Connectivity::Four;
use floodgate_bitgrid::{Cell, Plane};

use crate::shape::{Layout, LayoutKind, Shape, fit};
use crate::solver::Solver;

/// The largest board side.
pub const MAX_SIDE: usize = 999;

/// A cell as the protocol names it: row first, then column, both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// The row.
    pub row: usize,
    /// The column.
    pub column: usize,
}

/// A domino on two adjacent cells, `first` above or left of `second`. Its `Display` is the
/// judge's `AxB_CxD` (see [`codec`](crate::codec)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Domino {
    /// The upper or left cell.
    pub first: Square,
    /// The lower or right cell.
    pub second: Square,
}

impl Domino {
    /// The domino whose upper or left cell is `first`: down from it when `vertical`, else
    /// right.
    pub const fn from_first(first: Square, vertical: bool) -> Self {
        let second = if vertical {
            Square {
                row: first.row + 1,
                column: first.column,
            }
        } else {
            Square {
                row: first.row,
                column: first.column + 1,
            }
        };
        Self { first, second }
    }

    /// The domino numbered `2 * (row * columns + column) + vertical` on a board `columns`
    /// wide, by its first cell (a compact number for move lists and scans).
    pub const fn numbered(number: usize, columns: usize) -> Self {
        let cell = number / 2;
        let first = Square {
            row: cell / columns,
            column: cell % columns,
        };
        Self::from_first(first, number % 2 == 1)
    }
}

fn cell(square: Square) -> Cell {
    Cell::new(square.column, square.row)
}

/// A board: which cells are still empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    empty: Plane,
}

impl Board {
    /// An empty board of `rows x columns` (each 1 to 999).
    pub fn new(rows: usize, columns: usize) -> Self {
        assert!(
            (1..=MAX_SIDE).contains(&rows) && (1..=MAX_SIDE).contains(&columns),
            "sides are 1 to 999"
        );
        Self {
            empty: Plane::full(columns, rows),
        }
    }

    /// The board whose empty cells are `empty` (its size is the plane's).
    pub fn from_empty(empty: Plane) -> Self {
        Self { empty }
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.empty.height()
    }

    /// Columns.
    pub fn columns(&self) -> usize {
        self.empty.width()
    }

    /// The empty cells.
    pub fn empty(&self) -> &Plane {
        &self.empty
    }

    /// The layout to solve this board on ([`LayoutKind::for_box`] of its size): the first of
    /// the square, strip, tall and wide ones that holds the board.
    ///
    /// ```
    /// use floodgate_cram_core::board::Board;
    /// use floodgate_cram_core::shape::LayoutKind;
    /// assert_eq!(Board::new(5, 8).solver_layout(), LayoutKind::Square);
    /// assert_eq!(Board::new(4, 9).solver_layout(), LayoutKind::Strip);
    /// assert_eq!(Board::new(5, 11).solver_layout(), LayoutKind::Tall);
    /// assert_eq!(Board::new(3, 20).solver_layout(), LayoutKind::Wide);
    /// ```
    pub fn solver_layout(&self) -> LayoutKind {
        LayoutKind::for_box(self.columns(), self.rows())
    }

    /// Whether `square` is on the board.
    pub fn contains(&self, square: Square) -> bool {
        square.row < self.rows() && square.column < self.columns()
    }

    /// Whether `square` is on the board and empty.
    pub fn is_empty(&self, square: Square) -> bool {
        self.contains(square) && self.empty.contains(cell(square))
    }

    /// Fills `square` (which must be on the board; filling twice is allowed).
    pub fn fill(&mut self, square: Square) {
        self.empty.remove(cell(square));
    }

    /// Whether `domino` covers two adjacent empty cells.
    pub fn is_legal(&self, domino: Domino) -> bool {
        let (a, b) = (domino.first, domino.second);
        let adjacent = (a.row == b.row && a.column + 1 == b.column)
            || (a.column == b.column && a.row + 1 == b.row);
        adjacent && self.is_empty(a) && self.is_empty(b)
    }

    /// Places `domino`: both its cells become filled.
    pub fn play(&mut self, domino: Domino) {
        self.fill(domino.first);
        self.fill(domino.second);
    }

    /// Takes `domino` back: both its cells become empty again.
    pub fn undo(&mut self, domino: Domino) {
        self.empty.insert(cell(domino.first));
        self.empty.insert(cell(domino.second));
    }

    /// The upper-left cells of the horizontal and the vertical dominoes that fit: cells empty
    /// together with their right neighbour, and with the one below.
    pub fn move_starts(&self) -> (Plane, Plane) {
        let (words, stride) = (self.empty.words(), self.empty.stride());
        // Bit x of a row and bit x + 1 (the next word's bit 0 for the last bit of a word);
        // bits past the width are zero, so the last column never starts one.
        let right: Vec<u64> = words
            .iter()
            .enumerate()
            .map(|(i, &word)| {
                let carry = if (i + 1) % stride == 0 {
                    0
                } else {
                    words[i + 1] << 63
                };
                word & (word >> 1 | carry)
            })
            .collect();
        let below: Vec<u64> = words
            .iter()
            .enumerate()
            .map(|(i, &word)| word & words.get(i + stride).copied().unwrap_or(0))
            .collect();
        let (width, height) = (self.columns(), self.rows());
        (
            Plane::from_words(width, height, &right),
            Plane::from_words(width, height, &below),
        )
    }

    /// Whether any domino still fits.
    pub fn has_move(&self) -> bool {
        let (right, below) = self.move_starts();
        !right.is_empty() || !below.is_empty()
    }

    /// The number of empty cells next to `square`.
    pub fn empty_neighbours(&self, square: Square) -> usize {
        let Square { row, column } = square;
        let around = [
            (row.wrapping_sub(1), column),
            (row + 1, column),
            (row, column.wrapping_sub(1)),
            (row, column + 1),
        ];
        around
            .into_iter()
            .filter(|&(row, column)| self.is_empty(Square { row, column }))
            .count()
    }

    /// Every legal domino.
    pub fn moves(&self) -> Vec<Domino> {
        let (right, below) = self.move_starts();
        let square = |c: Cell| Square {
            row: c.y,
            column: c.x,
        };
        let horizontal = right.iter().map(|c| Domino {
            first: square(c),
            second: square(Cell::new(c.x + 1, c.y)),
        });
        let vertical = below.iter().map(|c| Domino {
            first: square(c),
            second: square(Cell::new(c.x, c.y + 1)),
        });
        horizontal.chain(vertical).collect()
    }

    /// The 4-connected regions of empty cells.
    pub fn regions(&self) -> impl Iterator<Item = Plane> {
        self.empty.components(Four)
    }
}

/// A region as a [`Shape`] of the layout `L`, if its bounding box fits one (in either
/// orientation).
pub fn to_shape<L: Layout>(region: &Plane) -> Option<Shape> {
    let cells: Vec<Cell> = region.iter().collect();
    let (min_x, max_x) = (
        cells.iter().map(|c| c.x).min()?,
        cells.iter().map(|c| c.x).max()?,
    );
    let (min_y, max_y) = (
        cells.iter().map(|c| c.y).min()?,
        cells.iter().map(|c| c.y).max()?,
    );
    let transposed = fit::<L>(max_x - min_x + 1, max_y - min_y + 1)?;
    let place = |c: &Cell| {
        let (along, across) = (c.x - min_x, c.y - min_y);
        let (along, across) = if transposed {
            (across, along)
        } else {
            (along, across)
        };
        1 << (L::STRIDE as usize * across + along)
    };
    Some(cells.iter().fold(0, |s: Shape, c| s | place(c)))
}

/// Whether `region` (connected) is a straight line (one row or one column), and its length.
pub fn line_length(region: &Plane) -> Option<usize> {
    let (first, last, length) = (region.first()?, region.iter().last()?, region.len());
    let row = first.y == last.y && last.x + 1 - first.x == length;
    let column = first.x == last.x && last.y + 1 - first.y == length;
    (row || column).then_some(length)
}

/// The value of a region: straight lines by [`Solver::line_value`], others by the solver when
/// they fit a [`Shape`] (at most 128 cells); `None` when neither can (or the solver's budget
/// ran out).
pub fn region_value<L: Layout>(region: &Plane, solver: &mut Solver<L>) -> Option<u8> {
    if let Some(length) = line_length(region) {
        return Some(solver.line_value(length));
    }
    if region.len() > 128 {
        return None;
    }
    solver.value(to_shape::<L>(region)?).ok()
}

/// The value of the whole position: the XOR of its regions' values, if all are known.
pub fn position_value<L: Layout>(board: &Board, solver: &mut Solver<L>) -> Option<u8> {
    cells_value(board.empty(), solver)
}

/// Whether the player to move loses (the position's value is 0), if the solver can tell. A
/// board whose empty cells fit one [`Shape`] is asked of [`Solver::loses`], which stops at the
/// first option of value 0; other boards are valued.
pub fn position_loses<L: Layout>(board: &Board, solver: &mut Solver<L>) -> Option<bool> {
    let empty = board.empty();
    match (empty.len() <= 128).then(|| to_shape::<L>(empty)).flatten() {
        Some(cells) => solver.loses(cells).ok(),
        None => position_value(board, solver).map(|value| value == 0),
    }
}

/// The value of a set of empty cells: the XOR of the values of its regions, if all are known.
pub fn cells_value<L: Layout>(cells: &Plane, solver: &mut Solver<L>) -> Option<u8> {
    cells.components(Four).try_fold(0, |value, region| {
        Some(value ^ region_value(&region, solver)?)
    })
}
