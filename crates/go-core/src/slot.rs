//! The engine's one point type: a point as its array slot in a [`crate::Position`].
//!
//! Every part of the engine names points by [`Slot`]: the position's methods, the tree's moves
//! and the last move, the playouts' and the priors' candidates, the ladder reader's stones. A
//! [`floodgate_bitgrid::Cell`] (and through it a GTP vertex) becomes a slot, and back, only at
//! the edge: [`crate::Position`]'s `slot` and `vertex`. Inside the position, private code works
//! on the slot's index into its arrays.

use std::ops::{Index, IndexMut};

/// The smallest board side the playing engine accepts.
pub const MIN_PLAY_SIZE: usize = 2;

/// The largest board side the playing engine accepts.
pub const MAX_PLAY_SIZE: usize = 25;

/// Array slots of the largest board: `(n + 2)` rows of `n + 1` (the left edge of a row is the
/// right edge of the row above), plus one for the last row's right edge.
pub(crate) const CAPACITY: usize = (MAX_PLAY_SIZE + 2) * (MAX_PLAY_SIZE + 1) + 1;

/// A point of the board: its array slot in a [`crate::Position`], `(y + 1) * (n + 1) + x + 1`
/// on a board of side `n` (the slots around the board are edges). Slot 0 is an edge and never
/// a point: the tree's moves name a pass by it ([`Slot::PASS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Slot(u16);

impl Slot {
    /// The tree's pass, slot 0 (an edge slot, never a point of the board).
    pub(crate) const PASS: Self = Self(0);

    /// Slot `index` (below [`CAPACITY`]: checked in debug builds).
    #[inline(always)]
    pub(crate) const fn new(index: usize) -> Self {
        debug_assert!(
            index < CAPACITY,
            "a slot is an index into the position's arrays"
        );
        Self(index as u16)
    }

    /// The slot's index into the position's arrays.
    #[inline(always)]
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The position's arrays, one value per slot, are indexed by slots.
impl<T> Index<Slot> for [T; CAPACITY] {
    type Output = T;

    #[inline(always)]
    fn index(&self, slot: Slot) -> &T {
        &self[slot.index()]
    }
}

impl<T> IndexMut<Slot> for [T; CAPACITY] {
    #[inline(always)]
    fn index_mut(&mut self, slot: Slot) -> &mut T {
        &mut self[slot.index()]
    }
}
