//! Boards of any size up to 999 x 999 as bitgrid planes, moves as plane operations, and the
//! value of a whole position from its regions.

use std::fmt;

use bitgrid::Connectivity::Four;
use bitgrid::{Cell, Plane};

use crate::shape::{STRIDE, Shape};
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

/// A domino on two adjacent cells, `first` above or left of `second`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Domino {
    /// The upper or left cell.
    pub first: Square,
    /// The lower or right cell.
    pub second: Square,
}

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

    /// The upper-left cells of the horizontal and the vertical dominoes that fit: cells empty
    /// together with their right neighbour, and with the one below.
    pub fn move_starts(&self) -> (Plane, Plane) {
        let mut right = Plane::new(self.columns(), self.rows());
        let mut below = right.clone();
        for c in self.empty.iter() {
            if c.x + 1 < self.columns() && self.empty.contains(Cell::new(c.x + 1, c.y)) {
                right.insert(c);
            }
            if c.y + 1 < self.rows() && self.empty.contains(Cell::new(c.x, c.y + 1)) {
                below.insert(c);
            }
        }
        (right, below)
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

/// A region as a [`Shape`], if its bounding box fits one (in either orientation).
pub fn to_shape(region: &Plane) -> Option<Shape> {
    let cells: Vec<Cell> = region.iter().collect();
    let (min_x, max_x) = (
        cells.iter().map(|c| c.x).min()?,
        cells.iter().map(|c| c.x).max()?,
    );
    let (min_y, max_y) = (
        cells.iter().map(|c| c.y).min()?,
        cells.iter().map(|c| c.y).max()?,
    );
    let (width, height) = (max_x - min_x + 1, max_y - min_y + 1);
    let place = |along: usize, across: usize| 1 << (STRIDE as usize * across + along);
    if width <= 16 && height <= 8 {
        Some(
            cells
                .iter()
                .fold(0, |s: Shape, c| s | place(c.x - min_x, c.y - min_y)),
        )
    } else if height <= 16 && width <= 8 {
        Some(
            cells
                .iter()
                .fold(0, |s: Shape, c| s | place(c.y - min_y, c.x - min_x)),
        )
    } else {
        None
    }
}

/// The Grundy value of a straight line of `length` cells (Dawson's Kayles, derived: a domino
/// leaves two shorter lines), memoised in `lines`.
pub fn line_value(length: usize, lines: &mut Vec<u8>) -> u8 {
    while lines.len() <= length {
        let n = lines.len();
        let mut seen = [false; 256];
        for left in 0..n.saturating_sub(1) {
            seen[usize::from(lines[left] ^ lines[n - 2 - left])] = true;
        }
        lines.push(seen.iter().position(|&s| !s).unwrap_or(255) as u8);
    }
    lines[length]
}

/// Whether `region` is a straight line (one row or one column), and its length.
fn line_length(region: &Plane) -> Option<usize> {
    let first = region.first()?;
    let cells: Vec<Cell> = region.iter().collect();
    let straight = cells.iter().all(|c| c.y == first.y) || cells.iter().all(|c| c.x == first.x);
    // A straight set of cells in one region is contiguous.
    straight.then_some(cells.len())
}

/// The value of a region: straight lines by [`line_value`], others by the solver when they fit
/// a [`Shape`]; `None` when neither can (or the solver's deadline passed).
pub fn region_value(region: &Plane, solver: &mut Solver, lines: &mut Vec<u8>) -> Option<u8> {
    if let Some(length) = line_length(region) {
        return Some(line_value(length, lines));
    }
    solver.value(to_shape(region)?)
}

/// The value of the whole position: the XOR of its regions' values, if all are known.
pub fn position_value(board: &Board, solver: &mut Solver, lines: &mut Vec<u8>) -> Option<u8> {
    board.regions().try_fold(0, |value, region| {
        Some(value ^ region_value(&region, solver, lines)?)
    })
}
