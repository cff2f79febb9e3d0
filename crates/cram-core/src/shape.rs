//! Small regions of empty cells as bitboards in one machine word, and their canonical keys.
//!
//! A [`Layout`] lays a grid out in a [`Word`]: [`Square`] is 8 rows of 8 cells in a `u64`,
//! [`Strip`] 4 rows of 16 in a `u64`, [`Tall`] 8 rows of 16 in a `u128`, [`Wide`] 4 rows of 32
//! in a `u128`; cell `(row, column)` is bit `STRIDE * row + column`. A region fits a layout
//! when its bounding box does, in either orientation. Every function here takes the layout as
//! its type parameter; the board hands regions over as a [`Shape`] (`u128`), which the solver
//! narrows to its layout's word.

mod word;

pub use word::Word;

/// A set of cells of a grid of one [`Layout`], as a `u128` (the cells of a `u64` layout lie in
/// its low half).
pub type Shape = u128;

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

/// The cells of `cells` and their 4-neighbours.
pub fn dilate<L: Layout>(cells: L::Word) -> L::Word {
    cells | neighbours::<L>(cells)
}

/// The 4-neighbours of the cells of `cells` (a cell of `cells` is one when a neighbour is).
#[inline]
fn neighbours<L: Layout>(cells: L::Word) -> L::Word {
    ((cells & !L::LAST_COLUMN) << 1)
        | ((cells & !L::FIRST_COLUMN) >> 1)
        | (cells << L::STRIDE)
        | (cells >> L::STRIDE)
}

/// The 4-connected component of `cells` holding its lowest cell.
pub fn first_component<L: Layout>(cells: L::Word) -> L::Word {
    component_across::<L>(cells, L::Word::ZERO)
}

/// The component of `cells` holding its lowest cell, when the link from each cell of `cut` to
/// its right-hand neighbour is not followed.
#[inline]
fn component_across<L: Layout>(cells: L::Word, cut: L::Word) -> L::Word {
    // The cells whose link to the right is followed. Adding a cell of `links` to `links`
    // carries through the run of links above it and stops on the run's last cell: one
    // addition grows the component to the right along each of its rows.
    let links = cells & (cells >> 1) & !L::LAST_COLUMN & !cut;
    let mut component = cells & cells.wrapping_neg();
    loop {
        let rightward = (links.wrapping_add(component & links) ^ links) | component;
        // One step to the left too: a cell whose link to the right reaches the component.
        let row = rightward | ((rightward >> 1) & links);
        let grown = (row | (row << L::STRIDE) | (row >> L::STRIDE)) & cells;
        // Done when nothing was added, or (one round sooner) when all of `cells` was reached.
        if grown == component || grown == cells {
            return grown;
        }
        component = grown;
    }
}

/// `cells` without the cells that do not change the game's value (`reduce_once` until
/// nothing changes).
pub fn reduce<L: Layout>(cells: L::Word) -> L::Word {
    reduce_and_cut::<L>(cells).0
}

/// [`reduce`] of `cells`, and the links to cut in what is left (`cut_links`), from one look at
/// its cells' neighbours.
#[inline(always)]
fn reduce_and_cut<L: Layout>(mut cells: L::Word) -> (L::Word, L::Word) {
    loop {
        let sides = Sides::of::<L>(cells);
        let reduced = reduce_once::<L>(cells, &sides);
        if reduced == cells {
            return (cells, cut_links::<L>(&sides));
        }
        cells = reduced;
    }
}

/// The cells of a set with an empty neighbour on each side.
struct Sides<W> {
    right: W,
    left: W,
    below: W,
    above: W,
}

impl<W: Word> Sides<W> {
    #[inline]
    fn of<L: Layout<Word = W>>(cells: W) -> Self {
        Self {
            right: cells & ((cells & !L::FIRST_COLUMN) >> 1),
            left: cells & ((cells & !L::LAST_COLUMN) << 1),
            below: cells & (cells >> L::STRIDE),
            above: cells & (cells << L::STRIDE),
        }
    }
}

/// The cells whose link to their right-hand neighbour a game on `cells` does not need: the left
/// cells of both rows of each 2 x 2 block of empty cells in which two opposite corners have no
/// empty neighbour outside the block. Say the top-left `a` and bottom-right `d` (neighbours
/// only `b` top-right and `c` bottom-left). The domino `a b` leaves `d` hanging on `c` alone,
/// as `b d` leaves `a`, and `c d` leaves what `a c` leaves; every other move keeps the block
/// of this kind or, taking `b` or `c` away with an outside cell, leaves `a` and `d` both
/// hanging on the other (where one counts as much as two). So the game is the same without the
/// links `a b` and `c d`, and where only they joined two parts, the parts are separate games.
#[inline]
fn cut_links<L: Layout>(sides: &Sides<L::Word>) -> L::Word {
    let &Sides {
        right,
        left,
        below,
        above,
    } = sides;
    let top_left = right & below & !left & !above;
    let bottom_right = left & above & !right & !below;
    let top_right = left & below & !right & !above;
    let bottom_left = right & above & !left & !below;
    let blocks = (top_left & (bottom_right >> (L::STRIDE + 1)))
        | ((top_right >> 1) & (bottom_left >> L::STRIDE));
    blocks | (blocks << L::STRIDE)
}

/// Whether `cells` is one region that [`split`] leaves as it is: connected (the caller knows),
/// reduced, and with no link to cut.
pub fn stays_whole<L: Layout>(cells: L::Word) -> bool {
    let sides = Sides::of::<L>(cells);
    reduce_once::<L>(cells, &sides) == cells && cut_links::<L>(&sides) == L::Word::ZERO
}

/// Calls `found` with each of the independent regions `cells` comes to once reduced and cut
/// where links are not needed (see [`reduce`] and `cut_links`): the game on `cells` is the
/// sum of the games on them. Each is reduced and has no link to cut that would split it.
pub fn split<L: Layout, F: FnMut(L::Word)>(cells: L::Word, found: &mut F) {
    let (cells, cut) = reduce_and_cut::<L>(cells);
    let mut rest = cells;
    while rest != L::Word::ZERO {
        let piece = component_across::<L>(rest, cut);
        rest &= !piece;
        if cut == L::Word::ZERO || piece == cells {
            found(piece);
        } else {
            split::<L, _>(piece, found);
        }
    }
}

/// `cells` without cells that do not change the game's value, once:
///
/// - a *tuft* is a cell with one empty neighbour, its *centre*. Of several tufts on one centre
///   all but one go: every domino on the centre leaves the others dead, and the dominoes
///   joining the centre to each tuft leave the same position up to where the dead cell lies;
/// - a cell that is neither a tuft nor a centre, and whose every neighbour is a centre (or
///   which has none), goes: a domino joining it to a centre leaves what the domino of that
///   centre and its tuft leaves, and the cell stays of this kind after any other move.
#[inline]
fn reduce_once<L: Layout>(cells: L::Word, sides: &Sides<L::Word>) -> L::Word {
    let &Sides {
        right,
        left,
        below,
        above,
    } = sides;
    let any = right | left | below | above;
    let two = (right & left) | ((right | left) & (below | above)) | (below & above);
    let tufts = any & !two;
    // Centres seen so far, one direction of tuft at a time; a tuft whose centre was seen goes.
    let mut centres = (tufts & below) << L::STRIDE;
    let mut extra = L::Word::ZERO;
    let tufts_left_of_centre = tufts & right;
    extra |= tufts_left_of_centre & (centres >> 1);
    centres |= tufts_left_of_centre << 1;
    let tufts_below_centre = tufts & above;
    extra |= tufts_below_centre & (centres << L::STRIDE);
    centres |= tufts_below_centre >> L::STRIDE;
    let tufts_right_of_centre = tufts & left;
    extra |= tufts_right_of_centre & (centres << 1);
    centres |= tufts_right_of_centre >> 1;
    let others = cells & !(tufts | centres);
    let lonely = others & !neighbours::<L>(others);
    cells & !extra & !lonely
}

/// The dominoes of `cells` that may cut it, as the first cells of the vertical ones and of the
/// horizontal ones (cells where no domino fits may be in either): those whose empty neighbours
/// are not connected to each other around the domino, inside the box of cells touching it. A
/// domino outside both surely leaves its region connected.
///
/// The ten cells around a domino form a ring (a horizontal one: the four above, the one to
/// the right, the four below, the one to the left), and the domino's six neighbours are on it
/// with a corner between each side. The neighbours are connected around the domino exactly
/// when at most one run of empty cells on the ring holds a neighbour: a run starts at a
/// neighbour whose predecessor on the ring is filled, or at a corner whose predecessor is
/// filled and whose successor (a neighbour) is empty. All of it one bit operation for every
/// domino at once.
pub fn may_cut<L: Layout>(cells: L::Word) -> (L::Word, L::Word) {
    // The cell `k` to the right of (or one to the left of) each cell, brought onto it.
    let right = |k: u32| {
        let mut outside = L::LAST_COLUMN;
        for _ in 1..k {
            outside |= outside >> 1;
        }
        (cells >> k) & !outside
    };
    let left = (cells << 1) & !L::FIRST_COLUMN;
    let up = |x: L::Word| x << L::STRIDE;
    let down = |x: L::Word| x >> L::STRIDE;
    // Two or more runs start: at least two of the starts, counted with two bits.
    let two_or_more = |starts: [L::Word; 10]| {
        let (mut once, mut twice) = (L::Word::ZERO, L::Word::ZERO);
        for start in starts {
            twice |= once & start;
            once |= start;
        }
        twice
    };
    let (right_1, right_2) = (right(1), right(2));
    // Horizontal: the ring top-left, top 1, top 2, top-right, right, bottom-right, bottom 2,
    // bottom 1, bottom-left, left; neighbours and corners alternate as noted.
    let [tl, t1, t2, tr, r, br, b2, b1, bl, l] = [
        up(left),
        up(cells),
        up(right_1),
        up(right_2),
        right_2,
        down(right_2),
        down(right_1),
        down(cells),
        down(left),
        left,
    ];
    let horizontal = two_or_more([
        tl & !l & t1,
        t1 & !tl,
        t2 & !t1,
        tr & !t2 & r,
        r & !tr,
        br & !r & b2,
        b2 & !br,
        b1 & !b2,
        bl & !b1 & l,
        l & !bl,
    ]);
    // Vertical: the ring top-left, top, top-right, right 1, right 2, bottom-right, bottom,
    // bottom-left, left 2, left 1.
    let [tl, t, tr, r1, r2, br, b, bl, l2, l1] = [
        up(left),
        up(cells),
        up(right_1),
        right_1,
        down(right_1),
        down(down(right_1)),
        down(down(cells)),
        down(down(left)),
        down(left),
        left,
    ];
    let vertical = two_or_more([
        tl & !l1 & t,
        t & !tl,
        tr & !t & r1,
        r1 & !tr,
        r2 & !r1,
        br & !r2 & b,
        b & !br,
        bl & !b & l2,
        l2 & !bl,
        l1 & !l2,
    ]);
    (vertical, horizontal)
}

/// The first cells of the horizontal dominoes that fit in `cells` (the second is one to the
/// right).
#[inline]
pub fn horizontal_moves<L: Layout>(cells: L::Word) -> L::Word {
    cells & (cells >> 1) & !L::LAST_COLUMN
}

/// The first cells of the vertical dominoes that fit in `cells` (the second is one row down).
#[inline]
pub fn vertical_moves<L: Layout>(cells: L::Word) -> L::Word {
    cells & (cells >> L::STRIDE)
}

/// `shape` moved to the top-left corner, with its width and height.
#[inline]
pub fn normalize<L: Layout>(shape: L::Word) -> (L::Word, u32, u32) {
    if shape == L::Word::ZERO {
        return (shape, 0, 0);
    }
    let shape = shape >> (L::STRIDE * (shape.trailing_zeros() / L::STRIDE));
    let used = columns::<L>(shape);
    let shape = shape >> used.trailing_zeros();
    let height = (L::Word::BITS - shape.leading_zeros()).div_ceil(L::STRIDE);
    let width = u64::BITS - (used >> used.trailing_zeros()).leading_zeros();
    (shape, width, height)
}

/// The columns that hold a cell of `cells`: bit `c` for column `c` (every row folded onto the
/// first).
#[inline]
fn columns<L: Layout>(cells: L::Word) -> u64 {
    let mut folded = cells;
    let mut rows = L::ROWS.next_power_of_two() / 2;
    while rows >= 1 {
        folded |= folded >> (L::STRIDE * rows);
        rows /= 2;
    }
    (folded & L::FIRST_ROW).low_u64()
}

/// The canonical key of a region: the least of its images under the symmetries of the square
/// that fit the layout's grid (the four reflections, and on a layout that transposes the four
/// transposed images when they fit), each moved to the top-left corner. Regions that are
/// rotations or reflections of each other share a key (and a Grundy value).
pub fn canonical<L: Layout>(shape: L::Word) -> L::Word {
    if shape == L::Word::ZERO {
        return shape;
    }
    let (shape, width, height) = normalize::<L>(shape);
    canonical_in_corner::<L>(shape, width, height).0
}

/// [`canonical`] of a shape (not empty) already in the corner, `width` x `height` (as
/// [`normalize`] gives it), with the key's width and height (swapped when the key is a
/// transposed image).
#[inline]
pub fn canonical_in_corner<L: Layout>(
    shape: L::Word,
    width: u32,
    height: u32,
) -> (L::Word, u32, u32) {
    let best = least_reflection::<L>(shape, width, height);
    if L::TRANSPOSES && width <= L::ROWS {
        let transposed = least_reflection::<L>(L::transpose(shape), height, width);
        if transposed < best {
            return (transposed, height, width);
        }
    }
    (best, width, height)
}

/// Whether the second player wins the region by copying: it is its own image under the half
/// turn, and no domino is (its centre is not an empty cell, nor the middle of an empty
/// domino). Then every domino's image is disjoint from it and still empty, so the answer to
/// each move is its image, and the region's value is 0.
pub fn half_turn_copyable<L: Layout>(shape: L::Word) -> bool {
    let (shape, width, height) = normalize::<L>(shape);
    half_turn_copyable_in_corner::<L>(shape, width, height)
}

/// [`half_turn_copyable`] of a shape already in the corner, `width` x `height`.
#[inline]
pub fn half_turn_copyable_in_corner<L: Layout>(shape: L::Word, width: u32, height: u32) -> bool {
    if half_turn::<L>(shape, width, height) != shape {
        return false;
    }
    let cell = |row: u32, column: u32| {
        (shape >> (L::STRIDE * row + column)) & L::Word::ONE == L::Word::ONE
    };
    let (row, column) = (height / 2, width / 2);
    match (width % 2, height % 2) {
        (1, 1) => !cell(row, column),
        (0, 1) => !(cell(row, column - 1) && cell(row, column)),
        (1, 0) => !(cell(row - 1, column) && cell(row, column)),
        _ => true,
    }
}

/// The least of the four images of a shape (`width` x `height`, in the corner) under the
/// reflections in its two axes, each moved back to the corner.
#[inline]
fn least_reflection<L: Layout>(shape: L::Word, width: u32, height: u32) -> L::Word {
    let upside_down = reverse_rows::<L>(shape) >> (L::STRIDE * (L::ROWS - height));
    let unused = L::Word::BITS - L::STRIDE * L::ROWS;
    let mirrored = reverse_rows::<L>(shape).reverse_bits() >> (unused + L::STRIDE - width);
    let turned = half_turn::<L>(shape, width, height);
    shape.min(upside_down).min(mirrored).min(turned)
}

/// The image of a shape (`width` x `height`, in the corner) under the half turn, moved back to
/// the corner.
#[inline]
fn half_turn<L: Layout>(shape: L::Word, width: u32, height: u32) -> L::Word {
    shape.reverse_bits() >> (L::Word::BITS - L::STRIDE * (height - 1) - width)
}

/// The shape with its rows in the opposite order (row `r` to row `ROWS - 1 - r`).
#[inline]
fn reverse_rows<L: Layout>(shape: L::Word) -> L::Word {
    if !L::STRIDE.is_power_of_two() || L::STRIDE < 8 {
        return (0..L::ROWS).fold(L::Word::ZERO, |reversed, row| {
            let line = (shape >> (L::STRIDE * row)) & L::FIRST_ROW;
            reversed | line << (L::STRIDE * (L::ROWS - 1 - row))
        });
    }
    // Reversing the bytes reverses the rows and the bytes of each row; put those back, by
    // swapping neighbouring bytes, then neighbouring pairs of bytes, ... up to half a row.
    let mut swapped = shape.swap_bytes();
    let mut width = 8;
    while width < L::STRIDE {
        // The low `width` bits of every `2 width` bits.
        let low = L::Word::MAX / ((L::Word::ONE << width) | L::Word::ONE);
        swapped = ((swapped >> width) & low) | ((swapped & low) << width);
        width *= 2;
    }
    swapped
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A board is solved on the first layout that fits it: the square one, the strip, the
    /// broad one, the tall one, the wide one; a board that fits none on the tall one.
    #[test]
    fn a_board_is_solved_on_the_first_layout_that_fits_it() {
        let kind = |rows, columns| LayoutKind::for_box(columns, rows);
        for (rows, columns) in [
            (5, 7),
            (5, 8),
            (6, 7),
            (7, 7),
            (8, 8),
            (8, 3),
            (4, 6),
            (1, 8),
        ] {
            assert_eq!(
                kind(rows, columns),
                LayoutKind::Square,
                "{rows} x {columns}"
            );
        }
        for (rows, columns) in [(4, 9), (3, 14), (4, 11), (16, 4), (1, 16), (2, 9)] {
            assert_eq!(kind(rows, columns), LayoutKind::Strip, "{rows} x {columns}");
        }
        for (rows, columns) in [(5, 9), (6, 9), (7, 9), (9, 7), (9, 5)] {
            assert_eq!(kind(rows, columns), LayoutKind::Broad, "{rows} x {columns}");
        }
        for (rows, columns) in [(5, 11), (8, 16), (16, 8), (8, 9), (5, 10)] {
            assert_eq!(kind(rows, columns), LayoutKind::Tall, "{rows} x {columns}");
        }
        for (rows, columns) in [(3, 20), (4, 32), (32, 4), (2, 17), (1, 17), (17, 1)] {
            assert_eq!(kind(rows, columns), LayoutKind::Wide, "{rows} x {columns}");
        }
        for (rows, columns) in [(5, 17), (4, 33), (9, 9), (1, 33), (999, 999)] {
            assert_eq!(kind(rows, columns), LayoutKind::Tall, "{rows} x {columns}");
        }
    }

    /// The reference for [`may_cut`], one domino at a time: whether taking the domino whose first
    /// cell is bit `first` (horizontal, or vertical when
    /// `vertical`) out of the region `cells` surely leaves it connected: the domino's empty
    /// neighbours are connected to each other around it, inside the box of cells touching it.
    /// `false` means the region may have split.
    fn stays_connected<L: Layout>(cells: L::Word, first: u32, vertical: bool) -> bool {
        let (row, column) = (first / L::STRIDE, first % L::STRIDE);
        // Bits column - 1 ..= column + width of row `r` (cells outside the grid are not empty).
        let span = |r: u32, width: u32| {
            let line = if r < L::ROWS {
                (cells >> (L::STRIDE * r)).low_u64() & L::FIRST_ROW.low_u64()
            } else {
                0
            };
            ((line << 1) >> column) as u32 & ((1 << width) - 1)
        };
        let box_bits = if vertical {
            (0..4).fold(0, |bits, i| {
                bits | span((row + i).wrapping_sub(1), 3) << (3 * i)
            })
        } else {
            (0..3).fold(0, |bits, i| {
                bits | span((row + i).wrapping_sub(1), 4) << (4 * i)
            })
        };
        let table = &RING_CONNECTED[usize::from(vertical)];
        table[box_bits as usize / 64] >> (box_bits % 64) & 1 == 1
    }

    /// For each filling of the box around a domino (12 bits: 3 rows of 4 for a horizontal one,
    /// 4 rows of 3 for a vertical one, the domino's two cells in the middle), whether the empty
    /// cells next to the domino are connected inside the box without it.
    static RING_CONNECTED: [[u64; 64]; 2] = [ring_table(4, 3), ring_table(3, 4)];

    const fn ring_table(width: u32, height: u32) -> [u64; 64] {
        // The domino: cells (1, 1) and (1, 2) across, or (1, 1) and (2, 1) down.
        let domino: u32 = if width == 4 {
            0b0110 << 4
        } else {
            (1 << 4) | (1 << 7)
        };
        let mut table = [0u64; 64];
        let mut filling = 0;
        while filling < 4096 {
            let empty = filling & !domino & ((1 << (width * height)) - 1);
            let touching = box_neighbours(domino, width) & empty;
            // Grow from one touching cell inside the box, then check it reached them all.
            let mut reached = touching & touching.wrapping_neg();
            loop {
                let grown = (reached | box_neighbours(reached, width)) & empty;
                if grown == reached {
                    break;
                }
                reached = grown;
            }
            if touching & !reached == 0 {
                table[filling as usize / 64] |= 1 << (filling % 64);
            }
            filling += 1;
        }
        table
    }

    /// The 4-neighbours of `cells` in a box `width` cells wide (rows above the box fall off when
    /// masked by the caller).
    const fn box_neighbours(cells: u32, width: u32) -> u32 {
        let left = cells & !column_mask(width, 0);
        let right = cells & !column_mask(width, width - 1);
        (cells << width) | (cells >> width) | (left >> 1) | (right << 1)
    }

    /// The cells of column `column` of a box `width` cells wide and up to 4 rows tall.
    const fn column_mask(width: u32, column: u32) -> u32 {
        let mut mask = 0;
        let mut row = 0;
        while row < 4 {
            mask |= 1 << (row * width + column);
            row += 1;
        }
        mask
    }

    /// The cells marked `X` of a picture, on the layout `L`.
    fn shape_in<L: Layout>(picture: &[&str]) -> Shape {
        let mut shape = 0;
        for (row, line) in picture.iter().enumerate() {
            for (column, c) in line.chars().enumerate() {
                if c == 'X' {
                    shape |= 1 << (L::STRIDE * row as u32 + column as u32);
                }
            }
        }
        shape
    }

    fn shape(picture: &[&str]) -> Shape {
        shape_in::<Tall>(picture)
    }

    #[test]
    fn symmetric_regions_share_a_key() {
        let l = shape(&["X..", "X..", "XX."]);
        let rotated = shape(&["XXX", "X.."]);
        let mirrored = shape(&["..X", "..X", ".XX"]);
        let moved = l << (Tall::STRIDE * 3 + 5);
        assert_eq!(canonical::<Tall>(l), canonical::<Tall>(rotated));
        assert_eq!(canonical::<Tall>(l), canonical::<Tall>(mirrored));
        assert_eq!(canonical::<Tall>(l), canonical::<Tall>(moved));
        assert_ne!(
            canonical::<Tall>(l),
            canonical::<Tall>(shape(&["XX", "XX"]))
        );
        // A 14 x 3 strip and its transpose (3 wide, 14 tall) do not both fit: the wide one does.
        let strip = (0..3).fold(0, |s, row| s | (0x3FFF as Shape) << (Tall::STRIDE * row));
        assert_eq!(normalize::<Tall>(strip), (strip, 14, 3));
        assert_eq!(canonical::<Tall>(strip), strip);
    }

    /// The symmetries of the layout one cell at a time, the plain way: the four reflections,
    /// and on a layout that transposes, the four transposed images when they fit.
    fn canonical_by_cells<L: Layout>(shape: Shape) -> Shape {
        let (shape, width, height) = normalize::<L>(L::Word::from_u128(shape));
        let shape = shape.to_u128();
        let cells: Vec<(u32, u32)> = (0..128)
            .filter(|&bit| shape >> bit & 1 == 1)
            .map(|bit| (bit / L::STRIDE, bit % L::STRIDE))
            .collect();
        let mut best = Shape::MAX;
        for transpose in [false, true] {
            let (w, h) = if transpose {
                (height, width)
            } else {
                (width, height)
            };
            if transpose && !L::TRANSPOSES || w > L::STRIDE || h > L::ROWS {
                continue;
            }
            for (flip_x, flip_y) in [(false, false), (true, false), (false, true), (true, true)] {
                let image = cells.iter().fold(0, |image: Shape, &(row, column)| {
                    let (row, column) = if transpose {
                        (column, row)
                    } else {
                        (row, column)
                    };
                    let column = if flip_x { w - 1 - column } else { column };
                    let row = if flip_y { h - 1 - row } else { row };
                    image | 1 << (L::STRIDE * row + column)
                });
                best = best.min(image);
            }
        }
        best
    }

    /// The cells of `bits` that lie in the grid of the layout `L`.
    pub(crate) fn in_word<L: Layout>(bits: u128) -> Shape {
        bits & L::CELLS.to_u128()
    }

    /// The cells of `bits` inside the top-left `width` x `height` box.
    fn in_box<L: Layout>(bits: u128, width: u32, height: u32) -> Shape {
        let row_mask = (1u128 << width) - 1;
        (0..height).fold(0, |s, row| {
            s | (bits >> (L::STRIDE * row) & row_mask) << (L::STRIDE * row)
        })
    }

    /// The region of `cells` holding `seed`, by a plain flood.
    fn flood<L: Layout>(cells: Shape, seed: Shape) -> Shape {
        let mut region = seed;
        loop {
            let grown = dilate::<L>(L::Word::from_u128(region)).to_u128() & cells;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// A domino from bit `first` (moved left when it would leave the row), and the cells it
    /// is taken from: [`may_cut`] says what the local check one domino at a time says, and when
    /// the domino is not among those that may cut, the rest of its region is one component.
    fn check_connected<L: Layout>(
        cells: Shape,
        first: u32,
        vertical: bool,
    ) -> Result<(), proptest::test_runner::TestCaseError> {
        let (cells, first) = (in_word::<L>(cells), first % (L::STRIDE * L::ROWS));
        let first = if vertical {
            first % (L::STRIDE * (L::ROWS - 1))
        } else if first % L::STRIDE == L::STRIDE - 1 {
            first - 1
        } else {
            first
        };
        let second = if vertical {
            first + L::STRIDE
        } else {
            first + 1
        };
        let domino = 1 << first | 1 << second;
        let region = flood::<L>(cells | domino, domino);
        let rest = region & !domino;
        let (cut_vertical, cut_horizontal) = may_cut::<L>(L::Word::from_u128(region));
        let cut = if vertical {
            cut_vertical
        } else {
            cut_horizontal
        };
        let may_cut = (cut >> first) & L::Word::ONE == L::Word::ONE;
        proptest::prop_assert_eq!(
            may_cut,
            !stays_connected::<L>(L::Word::from_u128(region), first, vertical)
        );
        if rest != 0 && !may_cut {
            let component = first_component::<L>(L::Word::from_u128(rest)).to_u128();
            proptest::prop_assert_eq!(component, rest);
        }
        Ok(())
    }

    proptest::proptest! {
        #[test]
        fn canonical_is_the_least_image(bits: u128, width in 1u32..=16, height in 1u32..=8) {
            let shape = in_box::<Tall>(bits, width, height);
            proptest::prop_assert_eq!(canonical::<Tall>(shape), canonical_by_cells::<Tall>(shape));
        }

        #[test]
        fn wide_canonical_is_the_least_image(bits: u128, width in 1u32..=32, height in 1u32..=4) {
            let shape = in_box::<Wide>(bits, width, height);
            proptest::prop_assert_eq!(canonical::<Wide>(shape), canonical_by_cells::<Wide>(shape));
        }

        #[test]
        fn square_canonical_is_the_least_image(bits: u128, width in 1u32..=8, height in 1u32..=8) {
            let shape = in_box::<Square>(bits, width, height);
            let key = canonical::<Square>(shape as u64);
            proptest::prop_assert_eq!(u128::from(key), canonical_by_cells::<Square>(shape));
        }

        #[test]
        fn broad_canonical_is_the_least_image(bits: u128, width in 1u32..=9, height in 1u32..=7) {
            let shape = in_box::<Broad>(bits, width, height);
            let key = canonical::<Broad>(shape as u64);
            proptest::prop_assert_eq!(u128::from(key), canonical_by_cells::<Broad>(shape));
        }

        #[test]
        fn strip_canonical_is_the_least_image(bits: u128, width in 1u32..=16, height in 1u32..=4) {
            let shape = in_box::<Strip>(bits, width, height);
            let key = canonical::<Strip>(shape as u64);
            proptest::prop_assert_eq!(u128::from(key), canonical_by_cells::<Strip>(shape));
        }

        #[test]
        fn connected_means_one_region(a: u128, b: u128, dense: bool, first in 0u32..128, vertical: bool) {
            let cells = if dense { a | b } else { a & b };
            check_connected::<Square>(cells, first, vertical)?;
            check_connected::<Strip>(cells, first, vertical)?;
            check_connected::<Broad>(cells, first, vertical)?;
            check_connected::<Tall>(cells, first, vertical)?;
            check_connected::<Wide>(cells, first, vertical)?;
        }

        #[test]
        fn the_component_is_the_one_a_plain_flood_finds(a: u128, b: u128, dense: bool) {
            let cells = if dense { a | b } else { a };
            let seed = cells & cells.wrapping_neg();
            proptest::prop_assert_eq!(first_component::<Tall>(cells), flood::<Tall>(cells, seed));
            proptest::prop_assert_eq!(first_component::<Wide>(cells), flood::<Wide>(cells, seed));
            let (cells, seed) = (cells as u64, u128::from(seed as u64));
            let square = first_component::<Square>(cells);
            proptest::prop_assert_eq!(u128::from(square), flood::<Square>(cells.into(), seed));
            let strip = first_component::<Strip>(cells);
            proptest::prop_assert_eq!(u128::from(strip), flood::<Strip>(cells.into(), seed));
            let (cells, seed) = (cells & Broad::CELLS, seed & u128::from(Broad::CELLS));
            let broad = first_component::<Broad>(cells);
            proptest::prop_assert_eq!(u128::from(broad), flood::<Broad>(cells.into(), seed));
        }
    }

    #[test]
    fn copying_needs_no_domino_on_the_centre() {
        assert!(half_turn_copyable::<Tall>(shape(&["XX", "XX"])));
        assert!(half_turn_copyable::<Tall>(shape(&["XXX", "X.X", "XXX"])));
        assert!(half_turn_copyable::<Tall>(shape(&["XXX.", ".XXX"])));
        assert!(
            !half_turn_copyable::<Tall>(shape(&["XX.", ".XX"])),
            "the centre domino"
        );
        assert!(
            !half_turn_copyable::<Tall>(shape(&["XX"])),
            "the domino is its own image"
        );
        assert!(
            !half_turn_copyable::<Tall>(shape(&["XXX", "XXX", "XXX"])),
            "the centre cell"
        );
        assert!(
            !half_turn_copyable::<Tall>(shape(&["XXX", "XXX"])),
            "the middle column's domino"
        );
        assert!(
            !half_turn_copyable::<Tall>(shape(&["XX.", "XXX"])),
            "not symmetric"
        );
        let wide = |picture: &[&str]| half_turn_copyable::<Wide>(shape_in::<Wide>(picture));
        assert!(wide(&["XXXXXXXXXXXXXXXXXXXX", "XXXXXXXXXXXXXXXXXXXX"]));
        assert!(wide(&["XXXXXXXXXXXXXXXXXXX.", ".XXXXXXXXXXXXXXXXXXX"]));
        assert!(
            !wide(&["XXXXXXXXXXXXXXXXXXXXX", "XXXXXXXXXXXXXXXXXXXXX"]),
            "the middle column's domino"
        );
        assert!(!wide(&[
            "XXXXXXXXXXXXXXXXXXXX.",
            ".XXXXXXXXXXXXXXXXXXXX",
            "X...................."
        ]));
    }

    /// The pieces `split` leaves, in order.
    fn pieces(cells: Shape) -> Vec<Shape> {
        let mut pieces = Vec::new();
        split::<Tall, _>(cells, &mut |piece| pieces.push(piece));
        pieces
    }

    #[test]
    fn extra_tufts_and_cells_between_centres_go() {
        // A centre with four tufts keeps one (the one above it, seen first).
        assert_eq!(
            reduce::<Tall>(shape(&[".X.", "XXX", ".X."])),
            shape(&[".X.", ".X."])
        );
        // The middle of a line of five hangs between two centres: two dominoes are left.
        assert_eq!(reduce::<Tall>(shape(&["XXXXX"])), shape(&["XX.XX"]));
        // A lone cell goes; a domino, a line of three after its extra tuft, and a square stay.
        assert_eq!(reduce::<Tall>(shape(&["X.XX"])), shape(&["..XX"]));
        assert_eq!(reduce::<Tall>(shape(&["XXX"])), shape(&["XX"]));
        assert_eq!(reduce::<Tall>(shape(&["XX", "XX"])), shape(&["XX", "XX"]));
        assert_eq!(
            reduce::<Tall>(shape(&["XXXX", "XXXX"])),
            shape(&["XXXX", "XXXX"])
        );
    }

    #[test]
    fn a_block_with_two_closed_corners_cuts_its_region() {
        // The block's top-left and bottom-right cells have no neighbour outside it: its two
        // columns go to separate games, and each reduces to a domino.
        let region = shape(&["..X.", ".XX.", "XXX.", ".X.."]);
        assert_eq!(
            cut_links::<Tall>(&Sides::of::<Tall>(region)),
            shape(&["....", ".X..", ".X..", "...."])
        );
        let found = pieces(region);
        assert_eq!(found.len(), 2, "{found:x?}");
        assert!(found.iter().all(|piece| piece.count_ones() == 2));
        // Mirrored (top-right and bottom-left closed), the same.
        let mirrored = shape(&[".X..", ".XX.", ".XXX", "..X."]);
        assert_eq!(
            cut_links::<Tall>(&Sides::of::<Tall>(mirrored)),
            shape(&["....", ".X..", ".X..", "...."])
        );
        assert_eq!(pieces(mirrored).len(), 2);
        // A block whose halves meet again elsewhere stays one region.
        let ring = shape(&["XXXX", "X..X", "X.XX", "XXXX"]);
        assert_eq!(
            cut_links::<Tall>(&Sides::of::<Tall>(ring)),
            shape(&["....", "....", "..X.", "..X."])
        );
        assert_eq!(pieces(ring), vec![ring]);
        // A plain rectangle has nothing to reduce or cut.
        let rectangle = shape(&["XXXX", "XXXX", "XXXX"]);
        assert_eq!(pieces(rectangle), vec![rectangle]);
    }

    #[test]
    fn components_and_moves() {
        let two = shape(&["XX.X", "...X"]);
        assert_eq!(first_component::<Tall>(two), shape(&["XX"]));
        assert_eq!(horizontal_moves::<Tall>(two), shape(&["X"]));
        assert_eq!(vertical_moves::<Tall>(two), shape(&["...X"]));
        // No wrap from column 15 to the next row's column 0.
        let edge = (1 << 15) | (1 << 16);
        assert_eq!(horizontal_moves::<Tall>(edge), 0);
        assert_eq!(first_component::<Tall>(edge), 1 << 15);
        // On the wide layout a row has 32 cells.
        assert_eq!(horizontal_moves::<Wide>(edge), 1 << 15);
        let edge = (1 << 31) | (1 << 32);
        assert_eq!(horizontal_moves::<Wide>(edge), 0);
        assert_eq!(first_component::<Wide>(edge), 1 << 31);
        assert_eq!(vertical_moves::<Wide>(1 | 1 << 32), 1);
        let strip = shape_in::<Wide>(&["XXXXXXXXXXXXXXXXXXXX"; 3]);
        assert_eq!(normalize::<Wide>(strip << 40), (strip, 20, 3));
    }
}
