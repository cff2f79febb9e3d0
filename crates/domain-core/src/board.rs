//! The 7 x 7 board: cells as bits of a `u64`, walls as two edge sets.

use std::fmt;

/// Cells per side.
pub const SIZE: u8 = 7;

/// Every cell: bits 0 to 48, cell `(x, y)` at bit `y * 7 + x`.
pub const ALL: u64 = (1 << 49) - 1;

const COLUMN_0: u64 = 0x0000_0408_1020_4081;
const COLUMN_6: u64 = COLUMN_0 << 6;
const ROW_0: u64 = 0x7F;
const ROW_6: u64 = ROW_0 << 42;

/// A cell, as its bit index `y * 7 + x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(pub u8);

impl Cell {
    /// The cell in column `x` and row `y` (both below 7).
    pub const fn new(x: u8, y: u8) -> Self {
        Self(y * SIZE + x)
    }

    /// The column.
    pub const fn x(self) -> u8 {
        self.0 % SIZE
    }

    /// The row.
    pub const fn y(self) -> u8 {
        self.0 / SIZE
    }

    /// The cell's bit.
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// The Manhattan distance to `other`.
    pub const fn manhattan(self, other: Cell) -> u8 {
        self.x().abs_diff(other.x()) + self.y().abs_diff(other.y())
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.x(), self.y())
    }
}

/// A side of a cell, where a wall is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Towards row y - 1.
    U,
    /// Towards row y + 1.
    D,
    /// Towards column x - 1.
    L,
    /// Towards column x + 1.
    R,
}

impl Dir {
    /// The four sides.
    pub const ALL: [Dir; 4] = [Dir::U, Dir::D, Dir::L, Dir::R];

    /// The letter of the protocol.
    pub const fn letter(self) -> char {
        match self {
            Self::U => 'U',
            Self::D => 'D',
            Self::L => 'L',
            Self::R => 'R',
        }
    }

    /// The side a protocol letter names.
    pub const fn from_letter(letter: u8) -> Option<Self> {
        match letter {
            b'U' => Some(Self::U),
            b'D' => Some(Self::D),
            b'L' => Some(Self::L),
            b'R' => Some(Self::R),
            _ => None,
        }
    }

    /// The bit of the cell on the other side of `cell`'s side `self` (0 at the border).
    pub const fn beyond(self, cell: Cell) -> u64 {
        let bit = cell.bit();
        match self {
            Self::U => bit >> 7,
            Self::D => (bit << 7) & ALL,
            Self::L if cell.x() > 0 => bit >> 1,
            Self::R if cell.x() < SIZE - 1 => bit << 1,
            Self::L | Self::R => 0,
        }
    }

    /// 0 to 3.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// The walls: `right` has the bit of each cell whose right side is walled (inside the board),
/// `down` the bit of each cell whose lower side is walled. The border is always walled and is
/// not stored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Walls {
    /// Cells with a wall on their right side (column 6 excluded: that is the border).
    pub right: u64,
    /// Cells with a wall on their lower side (row 6 excluded: that is the border).
    pub down: u64,
}

impl Walls {
    /// Whether `cell` has a wall (or the border) on side `dir`.
    pub const fn has(&self, cell: Cell, dir: Dir) -> bool {
        match dir {
            Dir::U => cell.y() == 0 || self.down & (cell.bit() >> 7) != 0,
            Dir::D => cell.y() == SIZE - 1 || self.down & cell.bit() != 0,
            Dir::L => cell.x() == 0 || self.right & (cell.bit() >> 1) != 0,
            Dir::R => cell.x() == SIZE - 1 || self.right & cell.bit() != 0,
        }
    }

    /// Adds the wall on side `dir` of `cell` (which must not be walled yet).
    pub fn add(&mut self, cell: Cell, dir: Dir) {
        debug_assert!(!self.has(cell, dir));
        match dir {
            Dir::U => self.down |= cell.bit() >> 7,
            Dir::D => self.down |= cell.bit(),
            Dir::L => self.right |= cell.bit() >> 1,
            Dir::R => self.right |= cell.bit(),
        }
    }

    /// For each side in [`Dir::ALL`]'s order, the cells whose side that way is open (neither
    /// a wall nor the border): where a wall may still be built.
    pub const fn open_sides(&self) -> [u64; 4] {
        [
            ALL & !ROW_0 & !(self.down << 7),
            ALL & !ROW_6 & !self.down,
            ALL & !COLUMN_0 & !(self.right << 1),
            ALL & !COLUMN_6 & !self.right,
        ]
    }

    /// The open sides between two cells of `cells`, each counted once.
    pub const fn open_sides_within(&self, cells: u64) -> u32 {
        let [_, down, _, right] = self.open_sides();
        (right & cells & (cells >> 1)).count_ones() + (down & cells & (cells >> 7)).count_ones()
    }

    /// The number of interior walls.
    pub const fn count(&self) -> u32 {
        self.right.count_ones() + self.down.count_ones()
    }

    /// The cells one step from `cells` through an open side.
    pub const fn step(&self, cells: u64) -> u64 {
        let right = (cells & !self.right & !COLUMN_6) << 1;
        let left = ((cells & !COLUMN_0) >> 1) & !self.right;
        let down = (cells & !self.down & !ROW_6) << 7;
        let up = (cells >> 7) & !self.down;
        right | left | down | up
    }

    /// The cells reachable from `cells` through open sides, avoiding `blocked`.
    pub const fn flood(&self, cells: u64, blocked: u64) -> u64 {
        let mut reached = cells & !blocked;
        loop {
            let next = (reached | self.step(reached)) & !blocked;
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }
}
