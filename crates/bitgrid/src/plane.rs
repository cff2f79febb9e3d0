//! The [`Plane`] type: one bit per cell of a `width x height` grid.
//!
//! Layout: row `y` occupies the words `y * stride .. (y + 1) * stride`, where
//! `stride = ceil(width / 64)`; cell `(x, y)` is bit `x % 64` of word `x / 64` of its row.
//! Bits past `width` in the last word of a row are always zero. Because every row starts on a
//! word boundary, a horizontal shift never carries a bit into the next row, and a vertical shift
//! is just an offset of `stride` words (see `docs/kernels.md`).

use std::fmt;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};
use std::str::FromStr;

use smallvec::SmallVec;

use crate::dispatch::{self, Kernel};

/// The largest width or height a [`Plane`] supports.
pub const MAX_SIDE: usize = 4096;

/// Planes of at most this many words live inline, without a heap allocation
/// (enough for a 19 x 19 Go board or a 20 x 20 Grow board).
pub(crate) const INLINE_WORDS: usize = 24;

/// Storage of a plane's words.
pub(crate) type Words = SmallVec<[u64; INLINE_WORDS]>;

/// A cell of a grid: column `x` (0 is the left edge) and row `y` (0 is the top edge).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The column, counted from the left edge.
    pub x: usize,
    /// The row, counted from the top edge.
    pub y: usize,
}

impl Cell {
    /// The cell in column `x` and row `y`.
    pub const fn new(x: usize, y: usize) -> Self {
        Self { x, y }
    }
}

/// A set of cells of a `width x height` grid, one bit per cell.
///
/// Set algebra works through the operators `&` (intersection), `|` (union), `^` (symmetric
/// difference), `-` (difference) and `!` (complement within the grid), on references or values.
/// Both operands must have the same dimensions; mixing dimensions is a bug and panics.
///
/// ```
/// use floodgate_bitgrid::{Cell, Plane};
/// let a: Plane = "X X .\n. . X".parse().unwrap();
/// let b: Plane = "X . .\n. . .".parse().unwrap();
/// assert_eq!((&a - &b).len(), 2);
/// assert!((!&a).contains(Cell::new(2, 0)));
/// ```
#[derive(PartialEq, Eq, Hash)]
pub struct Plane {
    width: usize,
    height: usize,
    stride: usize,
    words: Words,
}

impl Plane {
    /// The empty plane of a `width x height` grid.
    ///
    /// A side of 0 gives a plane with no cells. Panics if a side exceeds [`MAX_SIDE`].
    pub fn new(width: usize, height: usize) -> Self {
        assert!(
            width <= MAX_SIDE && height <= MAX_SIDE,
            "a plane is at most {MAX_SIDE} x {MAX_SIDE}, not {width} x {height}"
        );
        let stride = width.div_ceil(64);
        let words = SmallVec::from_elem(0, stride * height);
        Self {
            width,
            height,
            stride,
            words,
        }
    }

    /// The plane holding every cell of a `width x height` grid.
    pub fn full(width: usize, height: usize) -> Self {
        let mut plane = Self::new(width, height);
        plane.words.iter_mut().for_each(|w| *w = !0);
        plane.clear_padding();
        plane
    }

    /// The plane of the cells for which `f` returns true.
    pub fn from_fn(width: usize, height: usize, mut f: impl FnMut(Cell) -> bool) -> Self {
        let mut plane = Self::new(width, height);
        for y in 0..height {
            for x in 0..width {
                if f(Cell::new(x, y)) {
                    plane.insert(Cell::new(x, y));
                }
            }
        }
        plane
    }

    /// The plane whose words, row after row, are `words` (see [`Plane::row`] for the layout);
    /// bits past the width are ignored. Panics if `words` does not hold
    /// `height * ceil(width / 64)` words.
    ///
    /// ```
    /// use floodgate_bitgrid::Plane;
    /// let plane = Plane::from_words(3, 2, &[0b101, 0b111_010]);
    /// assert_eq!(plane, "X . X\n. X .".parse().unwrap());
    /// ```
    pub fn from_words(width: usize, height: usize, words: &[u64]) -> Self {
        let mut plane = Self::new(width, height);
        assert_eq!(
            words.len(),
            plane.words.len(),
            "a {width} x {height} plane has {} words",
            plane.words.len()
        );
        plane.words.copy_from_slice(words);
        plane.clear_padding();
        plane
    }

    /// An empty plane with the same dimensions as `self`.
    pub fn new_like(&self) -> Self {
        Self::new(self.width, self.height)
    }

    /// The number of columns.
    pub const fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub const fn height(&self) -> usize {
        self.height
    }

    /// The number of 64-bit words that hold one row.
    pub const fn stride(&self) -> usize {
        self.stride
    }

    /// The words of row `y`; bits past the width are zero.
    pub fn row(&self, y: usize) -> &[u64] {
        &self.words[y * self.stride..(y + 1) * self.stride]
    }

    /// All words, row after row.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    pub(crate) fn words_mut(&mut self) -> &mut [u64] {
        &mut self.words
    }

    /// Whether `cell` lies inside the grid.
    pub const fn in_bounds(&self, cell: Cell) -> bool {
        cell.x < self.width && cell.y < self.height
    }

    fn index(&self, cell: Cell) -> (usize, u64) {
        assert!(
            self.in_bounds(cell),
            "cell ({}, {}) is outside a {} x {} plane",
            cell.x,
            cell.y,
            self.width,
            self.height
        );
        (cell.y * self.stride + cell.x / 64, 1 << (cell.x % 64))
    }

    /// Whether the plane holds `cell`. Panics if `cell` is outside the grid.
    pub fn contains(&self, cell: Cell) -> bool {
        let (word, bit) = self.index(cell);
        self.words[word] & bit != 0
    }

    /// Adds `cell`. Panics if `cell` is outside the grid.
    pub fn insert(&mut self, cell: Cell) {
        let (word, bit) = self.index(cell);
        self.words[word] |= bit;
    }

    /// Removes `cell`. Panics if `cell` is outside the grid.
    pub fn remove(&mut self, cell: Cell) {
        let (word, bit) = self.index(cell);
        self.words[word] &= !bit;
    }

    /// Removes every cell.
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }

    /// The number of cells in the plane.
    pub fn len(&self) -> usize {
        dispatch::run(CountCells(&self.words))
    }

    /// Whether the plane holds no cell.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Whether `self` and `other` share no cell.
    pub fn is_disjoint(&self, other: &Self) -> bool {
        self.assert_same_shape(other);
        self.words.iter().zip(&other.words).all(|(a, b)| a & b == 0)
    }

    /// Whether every cell of `self` is in `other`.
    pub fn is_subset(&self, other: &Self) -> bool {
        self.assert_same_shape(other);
        self.words
            .iter()
            .zip(&other.words)
            .all(|(a, b)| a & !b == 0)
    }

    /// The first cell in row-major order, if any.
    pub fn first(&self) -> Option<Cell> {
        let index = self.words.iter().position(|&w| w != 0)?;
        Some(self.cell_at(index, self.words[index].trailing_zeros()))
    }

    pub(crate) fn cell_at(&self, word_index: usize, bit: u32) -> Cell {
        Cell::new(
            (word_index % self.stride) * 64 + bit as usize,
            word_index / self.stride,
        )
    }

    /// The cells of the plane in row-major order.
    pub fn iter(&self) -> Cells<'_> {
        Cells {
            plane: self,
            word_index: 0,
            bits: self.words.first().copied().unwrap_or(0),
            remaining: self.len(),
        }
    }

    /// The mask of the valid bits in the last word of a row.
    pub(crate) fn tail_mask(&self) -> u64 {
        match self.width % 64 {
            0 => !0,
            used => (1 << used) - 1,
        }
    }

    /// Zeroes the bits past the width in every row (restores the layout invariant).
    pub(crate) fn clear_padding(&mut self) {
        let (stride, mask) = (self.stride, self.tail_mask());
        if stride > 0 && mask != !0 {
            for row in self.words.chunks_exact_mut(stride) {
                row[stride - 1] &= mask;
            }
        }
    }

    pub(crate) fn assert_same_shape(&self, other: &Self) {
        assert!(
            self.width == other.width && self.height == other.height,
            "planes of different shapes: {} x {} and {} x {}",
            self.width,
            self.height,
            other.width,
            other.height
        );
    }
}

/// [`Plane::len`] as a [`Kernel`]: the set bits of some words.
struct CountCells<'a>(&'a [u64]);

impl Kernel for CountCells<'_> {
    type Output = usize;

    #[inline(always)]
    fn run(self) -> usize {
        self.0.iter().map(|word| word.count_ones() as usize).sum()
    }
}

impl Clone for Plane {
    fn clone(&self) -> Self {
        // `SmallVec::clone` pushes word by word; a plane's words copy as one block.
        Self {
            words: Words::from_slice(&self.words),
            ..*self
        }
    }
}

/// Iterator over the cells of a [`Plane`] in row-major order.
#[derive(Debug, Clone)]
pub struct Cells<'a> {
    plane: &'a Plane,
    word_index: usize,
    bits: u64,
    remaining: usize,
}

impl Iterator for Cells<'_> {
    type Item = Cell;

    fn next(&mut self) -> Option<Cell> {
        while self.bits == 0 {
            self.word_index += 1;
            self.bits = *self.plane.words.get(self.word_index)?;
        }
        let bit = self.bits.trailing_zeros();
        self.bits &= self.bits - 1;
        self.remaining -= 1;
        Some(self.plane.cell_at(self.word_index, bit))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for Cells<'_> {}

impl<'a> IntoIterator for &'a Plane {
    type Item = Cell;
    type IntoIter = Cells<'a>;

    fn into_iter(self) -> Cells<'a> {
        self.iter()
    }
}

macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, |$a:ident, $b:ident| $op:expr) => {
        impl $assign_trait<&Plane> for Plane {
            fn $assign_method(&mut self, other: &Plane) {
                self.assert_same_shape(other);
                for ($a, &$b) in self.words.iter_mut().zip(&other.words) {
                    *$a = $op;
                }
            }
        }

        impl $assign_trait<Plane> for Plane {
            fn $assign_method(&mut self, other: Plane) {
                self.$assign_method(&other);
            }
        }

        impl $trait<&Plane> for &Plane {
            type Output = Plane;

            fn $method(self, other: &Plane) -> Plane {
                let mut result = self.clone();
                result.$assign_method(other);
                result
            }
        }

        impl $trait<&Plane> for Plane {
            type Output = Plane;

            fn $method(mut self, other: &Plane) -> Plane {
                self.$assign_method(other);
                self
            }
        }

        impl $trait<Plane> for Plane {
            type Output = Plane;

            fn $method(mut self, other: Plane) -> Plane {
                self.$assign_method(&other);
                self
            }
        }
    };
}

set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, |a, b| *a & b);
set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |a, b| *a | b);
set_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, |a, b| *a ^ b);
set_operator!(Sub, sub, SubAssign, sub_assign, |a, b| *a & !b);

impl Not for Plane {
    type Output = Plane;

    fn not(mut self) -> Plane {
        self.words.iter_mut().for_each(|w| *w = !*w);
        self.clear_padding();
        self
    }
}

impl Not for &Plane {
    type Output = Plane;

    fn not(self) -> Plane {
        !self.clone()
    }
}

/// Prints the plane as a picture, one line per row: `X` for a cell in the plane, `.` otherwise.
impl fmt::Debug for Plane {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Plane {} x {}", self.width, self.height)?;
        for y in 0..self.height {
            for x in 0..self.width {
                f.write_str(if self.contains(Cell::new(x, y)) {
                    "X"
                } else {
                    "."
                })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Why a picture could not be read as a [`Plane`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParsePlaneError {
    /// A character other than `X`, `.` or white space.
    BadChar(char),
    /// A row whose length differs from the first row's.
    RaggedRow {
        /// The row, counted from 0.
        row: usize,
    },
    /// More rows or columns than [`MAX_SIDE`].
    TooLarge,
}

impl fmt::Display for ParsePlaneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BadChar(c) => write!(
                f,
                "unexpected character {c:?} in a plane picture (use X and .)"
            ),
            Self::RaggedRow { row } => {
                write!(f, "row {row} of the plane picture has a different length")
            }
            Self::TooLarge => write!(f, "a plane picture is at most {MAX_SIDE} x {MAX_SIDE}"),
        }
    }
}

impl std::error::Error for ParsePlaneError {}

/// Reads a picture: one line per row, `X` for a cell in the plane, `.` for one outside;
/// spaces and blank lines are ignored.
impl FromStr for Plane {
    type Err = ParsePlaneError;

    fn from_str(picture: &str) -> Result<Self, ParsePlaneError> {
        let mut rows: Vec<Vec<bool>> = Vec::new();
        for line in picture.lines() {
            let row = line
                .chars()
                .filter(|c| !c.is_whitespace())
                .map(|c| match c {
                    'X' => Ok(true),
                    '.' => Ok(false),
                    other => Err(ParsePlaneError::BadChar(other)),
                })
                .collect::<Result<Vec<bool>, _>>()?;
            if !row.is_empty() {
                rows.push(row);
            }
        }
        let width = rows.first().map_or(0, Vec::len);
        if let Some(row) = rows.iter().position(|r| r.len() != width) {
            return Err(ParsePlaneError::RaggedRow { row });
        }
        if width > MAX_SIDE || rows.len() > MAX_SIDE {
            return Err(ParsePlaneError::TooLarge);
        }
        Ok(Self::from_fn(width, rows.len(), |c| rows[c.y][c.x]))
    }
}
