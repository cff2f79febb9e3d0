//! Small regions of empty cells as bitboards in one machine word, and their canonical keys.
//!
//! A [`Layout`] lays a grid out in a [`Word`]: [`Square`] is 8 rows of 8 cells in a `u64`,
//! [`Strip`] 4 rows of 16 in a `u64`, [`Tall`] 8 rows of 16 in a `u128`, [`Wide`] 4 rows of 32
//! in a `u128`; cell `(row, column)` is bit `STRIDE * row + column`. A region fits a layout
//! when its bounding box does, in either orientation. Every function here takes the layout as
//! its type parameter; the board hands regions over as a [`Shape`] (`u128`), which the solver
//! narrows to its layout's word.
//!
//! The module's parts: [`Layout`] and its layouts; the pieces a set of cells comes to as
//! independent games ([`split`], [`reduce`], [`first_component`]); the dominoes of a region and
//! which of them may cut it ([`horizontal_moves`], [`vertical_moves`], [`may_cut`]); canonical
//! keys ([`normalize`], [`canonical`], [`half_turn_copyable`]).

mod key;
mod layout;
mod moves;
mod pieces;
mod word;

pub use key::{
    canonical, canonical_in_corner, half_turn_copyable, half_turn_copyable_in_corner, normalize,
};
pub use layout::{Broad, Layout, LayoutKind, Square, Strip, Tall, Wide, fit};
pub use moves::{horizontal_moves, may_cut, vertical_moves};
pub use pieces::{dilate, first_component, reduce, split, stays_whole};
pub use word::Word;

/// A set of cells of a grid of one [`Layout`], as a `u128` (the cells of a `u64` layout lie in
/// its low half).
pub type Shape = u128;

#[cfg(test)]
mod tests;
