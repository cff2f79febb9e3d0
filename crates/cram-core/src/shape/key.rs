//! Canonical keys: a region moved to the top-left corner ([`normalize`]), the least of its
//! images under the symmetries of the square ([`canonical`]), and the regions the second
//! player wins by copying the first's moves under the half turn ([`half_turn_copyable`]).

use super::layout::Layout;
use super::word::Word;

/// `shape` moved to the top-left corner, with its width and height.
#[inline(always)]
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
#[inline(always)]
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
#[inline(always)]
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
#[inline(always)]
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
