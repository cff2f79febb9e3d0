//! The dominoes that fit in a set of cells, and those of them that may cut their region in
//! two ([`may_cut`]).

use super::layout::Layout;
use super::word::Word;

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
    let near = Near::<L>::of(cells);
    (vertical_may_cut(&near), horizontal_may_cut(&near))
}

/// A set of cells and its images shifted left and right within their rows, each brought onto
/// the cell it lies beside: what the rings of [`may_cut`] are made of (shifted up and down).
struct Near<L: Layout> {
    /// The cells themselves.
    cells: L::Word,
    /// The cell to the left of each cell.
    left: L::Word,
    /// The cell to the right of each cell.
    right_1: L::Word,
    /// The cell two to the right of each cell.
    right_2: L::Word,
}

impl<L: Layout> Near<L> {
    #[inline(always)]
    fn of(cells: L::Word) -> Self {
        Self {
            cells,
            left: (cells << 1) & !L::FIRST_COLUMN,
            right_1: (cells >> 1) & !L::LAST_COLUMN,
            right_2: (cells >> 2) & !(L::LAST_COLUMN | (L::LAST_COLUMN >> 1)),
        }
    }
}

/// The cells where two or more of the ten `starts` (the runs of empty cells that start on a
/// domino's ring) are set, counted with two bits.
#[inline(always)]
fn two_or_more<W: Word>(starts: [W; 10]) -> W {
    let (mut once, mut twice) = (W::ZERO, W::ZERO);
    for start in starts {
        twice |= once & start;
        once |= start;
    }
    twice
}

/// The first cells of the horizontal dominoes whose ring has two or more runs of empty cells
/// holding a neighbour. The ring: top-left, top 1, top 2, top-right, right, bottom-right,
/// bottom 2, bottom 1, bottom-left, left; neighbours and corners alternate as noted.
#[inline(always)]
fn horizontal_may_cut<L: Layout>(near: &Near<L>) -> L::Word {
    let &Near {
        cells,
        left,
        right_1,
        right_2,
    } = near;
    let up = |x: L::Word| x << L::STRIDE;
    let down = |x: L::Word| x >> L::STRIDE;
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
    two_or_more([
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
    ])
}

/// The first cells of the vertical dominoes whose ring has two or more runs of empty cells
/// holding a neighbour. The ring: top-left, top, top-right, right 1, right 2, bottom-right,
/// bottom, bottom-left, left 2, left 1.
#[inline(always)]
fn vertical_may_cut<L: Layout>(near: &Near<L>) -> L::Word {
    let &Near {
        cells,
        left,
        right_1,
        ..
    } = near;
    let up = |x: L::Word| x << L::STRIDE;
    let down = |x: L::Word| x >> L::STRIDE;
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
    two_or_more([
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
    ])
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
