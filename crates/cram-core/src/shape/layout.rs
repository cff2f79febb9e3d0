//! The layouts: how a word's bits are laid out as a grid of rows, which layout a board is
//! solved on, and the transposes of the layouts that have them.

use super::word::Word;

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Square {}
    impl Sealed for super::Strip {}
    impl Sealed for super::Broad {}
    impl Sealed for super::Tall {}
    impl Sealed for super::Wide {}
}

/// How a word's bits are laid out as a grid: `ROWS` rows of `STRIDE` cells, the low `STRIDE x
/// ROWS` bits of the word. Implemented by [`Square`], [`Strip`], [`Broad`], [`Tall`] and
/// [`Wide`] only.
pub trait Layout: sealed::Sealed {
    /// The word the cells are kept in.
    type Word: Word;
    /// Cells per row.
    const STRIDE: u32;
    /// Rows.
    const ROWS: u32;
    /// Whether canonical keys include the transposed images (regions at most `ROWS` cells
    /// wide).
    const TRANSPOSES: bool;
    /// The first cell of every row (the sum 1 + 2^STRIDE + 2^(2 STRIDE) + ...).
    const FIRST_COLUMN: Self::Word;
    /// The last cell of every row.
    const LAST_COLUMN: Self::Word;
    /// The cells of row 0.
    const FIRST_ROW: Self::Word;
    /// Every cell of the grid.
    const CELLS: Self::Word;

    /// The transpose of a shape at most `ROWS` cells wide (row `r` of the result is column `r`
    /// of the shape); asked only of a layout that [`TRANSPOSES`](Layout::TRANSPOSES).
    fn transpose(shape: Self::Word) -> Self::Word;
}

/// The masks of a layout of `$rows` rows of `$stride` cells in the word `$word`.
macro_rules! masks {
    ($word:ty, $stride:expr, $rows:expr) => {
        const CELLS: $word = <$word>::MAX >> (<$word>::BITS - $stride * $rows);
        const FIRST_COLUMN: $word = Self::CELLS / ((1 << $stride) - 1);
        const LAST_COLUMN: $word = Self::FIRST_COLUMN << ($stride - 1);
        const FIRST_ROW: $word = (1 << $stride) - 1;
    };
}

/// 8 rows of 8 cells in a `u64`: boards up to 8 x 8 (5 x 7, 5 x 8, 6 x 7, 7 x 7).
#[derive(Debug)]
pub enum Square {}

impl Layout for Square {
    type Word = u64;
    const STRIDE: u32 = 8;
    const ROWS: u32 = 8;
    const TRANSPOSES: bool = true;
    masks!(u64, 8, 8);

    fn transpose(shape: u64) -> u64 {
        transpose_8x8(shape)
    }
}

/// 4 rows of 16 cells in a `u64`: strips up to 4 x 16 (4 x 9, 3 x 14, 4 x 11). Keys are the
/// least of four images (no transposes).
#[derive(Debug)]
pub enum Strip {}

impl Layout for Strip {
    type Word = u64;
    const STRIDE: u32 = 16;
    const ROWS: u32 = 4;
    const TRANSPOSES: bool = false;
    masks!(u64, 16, 4);

    fn transpose(_: u64) -> u64 {
        unreachable!("the strip layout does not transpose")
    }
}

/// 7 rows of 9 cells in a `u64` (its top bit unused): boards up to 7 x 9 (5 x 9, 6 x 9, 7 x 9).
/// Its rows are not whole bytes, so reflections and transposes take a step a row.
#[derive(Debug)]
pub enum Broad {}

impl Layout for Broad {
    type Word = u64;
    const STRIDE: u32 = 9;
    const ROWS: u32 = 7;
    const TRANSPOSES: bool = true;
    masks!(u64, 9, 7);

    fn transpose(shape: u64) -> u64 {
        // Row r's 8 low cells into byte r, the 8 x 8 transpose, and the bytes back to rows.
        let packed = (0..Self::ROWS).fold(0, |packed, row| {
            packed | (shape >> (Self::STRIDE * row) & 0xFF) << (8 * row)
        });
        let transposed = transpose_8x8(packed);
        (0..Self::ROWS).fold(0, |shape, row| {
            shape | (transposed >> (8 * row) & 0xFF) << (Self::STRIDE * row)
        })
    }
}

/// 8 rows of 16 cells in a `u128`: every board up to 8 x 16, in either orientation (5 x 11,
/// 8 x 16, ...); the layout the playing engine uses.
#[derive(Debug)]
pub enum Tall {}

impl Layout for Tall {
    type Word = u128;
    const STRIDE: u32 = 16;
    const ROWS: u32 = 8;
    const TRANSPOSES: bool = true;
    masks!(u128, 16, 8);

    fn transpose(shape: u128) -> u128 {
        transpose_tall(shape)
    }
}

/// 4 rows of 32 cells in a `u128`: strips up to 4 x 32 (3 x 20, ...). Keys are the least of
/// four images (no transposes).
#[derive(Debug)]
pub enum Wide {}

impl Layout for Wide {
    type Word = u128;
    const STRIDE: u32 = 32;
    const ROWS: u32 = 4;
    const TRANSPOSES: bool = false;
    masks!(u128, 32, 4);

    fn transpose(_: u128) -> u128 {
        unreachable!("the wide layout does not transpose")
    }
}

/// How a box `width` cells wide and `height` cells tall fits the grid of the layout `L`:
/// `Some(false)` as it lies, `Some(true)` transposed, `None` not at all.
pub const fn fit<L: Layout>(width: usize, height: usize) -> Option<bool> {
    let (stride, rows) = (L::STRIDE as usize, L::ROWS as usize);
    if width <= stride && height <= rows {
        Some(false)
    } else if height <= stride && width <= rows {
        Some(true)
    } else {
        None
    }
}

/// A [`Layout`] named at run time: which one a board is solved on, chosen by
/// [`LayoutKind::for_box`] (or [`Board::solver_layout`](crate::board::Board::solver_layout));
/// the caller then runs the solver of that type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutKind {
    /// [`Square`]: 8 rows of 8 cells in a `u64`.
    Square,
    /// [`Strip`]: 4 rows of 16 cells in a `u64`.
    Strip,
    /// [`Broad`]: 7 rows of 9 cells in a `u64`.
    Broad,
    /// [`Tall`]: 8 rows of 16 cells in a `u128`.
    Tall,
    /// [`Wide`]: 4 rows of 32 cells in a `u128`.
    Wide,
}

impl LayoutKind {
    /// The layout to solve a board `width` cells wide and `height` cells tall on: the first of
    /// [`Square`], [`Strip`], [`Broad`], [`Tall`] and [`Wide`] that it fits (a word of 64 bits
    /// makes every step cheaper, and whole bytes a row cheaper still), and [`Tall`] for a board
    /// that fits none (its regions may still fit one, or be lines).
    pub const fn for_box(width: usize, height: usize) -> Self {
        if fit::<Square>(width, height).is_some() {
            Self::Square
        } else if fit::<Strip>(width, height).is_some() {
            Self::Strip
        } else if fit::<Broad>(width, height).is_some() {
            Self::Broad
        } else if fit::<Tall>(width, height).is_none() && fit::<Wide>(width, height).is_some() {
            Self::Wide
        } else {
            Self::Tall
        }
    }
}

/// The transpose of an 8 x 8 bit matrix, row `r` in byte `r` (Hacker's Delight, section 7-3).
const fn transpose_8x8(mut m: u64) -> u64 {
    let t = (m ^ (m >> 7)) & 0x00AA_00AA_00AA_00AA;
    m ^= t ^ (t << 7);
    let t = (m ^ (m >> 14)) & 0x0000_CCCC_0000_CCCC;
    m ^= t ^ (t << 14);
    let t = (m ^ (m >> 28)) & 0x0000_0000_F0F0_F0F0;
    m ^= t ^ (t << 28);
    m
}

/// The transpose of a [`Tall`] shape at most 8 x 8 (row `r` of the result is column `r` of the
/// shape): its rows' low bytes packed into a `u64`, [`transpose_8x8`], and spread back.
const fn transpose_tall(shape: u128) -> u128 {
    const LOW_BYTES: u128 = 0x00FF_00FF_00FF_00FF_00FF_00FF_00FF_00FF;
    const LOW_PAIRS: u128 = 0x0000_FFFF_0000_FFFF_0000_FFFF_0000_FFFF;
    const LOW_QUADS: u128 = 0x0000_0000_FFFF_FFFF_0000_0000_FFFF_FFFF;
    // Pack the low byte of each 16-bit row into one u64 (row r in byte r).
    let mut x = shape & LOW_BYTES;
    x = (x | (x >> 8)) & LOW_PAIRS;
    x = (x | (x >> 16)) & LOW_QUADS;
    let m = transpose_8x8((x as u64 & 0xFFFF_FFFF) | ((x >> 64) as u64) << 32);
    // Spread the bytes back out to 16-bit rows.
    let mut x = (m & 0xFFFF_FFFF) as u128 | ((m >> 32) as u128) << 64;
    x = (x | (x << 16)) & LOW_PAIRS;
    (x | (x << 8)) & LOW_BYTES
}
