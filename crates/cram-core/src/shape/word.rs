//! The machine words a [`Layout`](super::Layout) keeps its cells in: `u64` for boards of at
//! most 64 cells, `u128` for the rest.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Div, Not, Shl, Shr, Sub,
};

mod sealed {
    pub trait Sealed {}
    impl Sealed for u64 {}
    impl Sealed for u128 {}
}

/// An unsigned machine word used as a set of cells: the operations the shape functions need.
/// Implemented by `u64` and `u128` only.
pub trait Word:
    sealed::Sealed
    + Copy
    + Ord
    + Hash
    + Debug
    + Default
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXor<Output = Self>
    + BitXorAssign
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + Sub<Output = Self>
    + Div<Output = Self>
{
    /// No cell.
    const ZERO: Self;
    /// Cell 0.
    const ONE: Self;
    /// Every cell.
    const MAX: Self;
    /// Cells in a word.
    const BITS: u32;

    /// `self + other`, wrapping.
    fn wrapping_add(self, other: Self) -> Self;
    /// `0 - self`, wrapping (its lowest cell is `self & self.wrapping_neg()`).
    fn wrapping_neg(self) -> Self;
    /// Cells in the set.
    fn count_ones(self) -> u32;
    /// The index of the lowest cell (`BITS` for no cell).
    fn trailing_zeros(self) -> u32;
    /// `BITS` less one more than the index of the highest cell (`BITS` for no cell).
    fn leading_zeros(self) -> u32;
    /// The bits in the opposite order.
    fn reverse_bits(self) -> Self;
    /// The bytes in the opposite order.
    fn swap_bytes(self) -> Self;
    /// The low 64 bits.
    fn low_u64(self) -> u64;
    /// The cells of `shape`, a `u128` whose cells all lie in this word's bits.
    fn from_u128(shape: u128) -> Self;
    /// The cells as a `u128`.
    fn to_u128(self) -> u128;
}

macro_rules! word {
    ($word:ty) => {
        impl Word for $word {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const MAX: Self = <$word>::MAX;
            const BITS: u32 = <$word>::BITS;

            #[inline(always)]
            fn wrapping_add(self, other: Self) -> Self {
                <$word>::wrapping_add(self, other)
            }
            #[inline(always)]
            fn wrapping_neg(self) -> Self {
                <$word>::wrapping_neg(self)
            }
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$word>::count_ones(self)
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$word>::trailing_zeros(self)
            }
            #[inline(always)]
            fn leading_zeros(self) -> u32 {
                <$word>::leading_zeros(self)
            }
            #[inline(always)]
            fn reverse_bits(self) -> Self {
                <$word>::reverse_bits(self)
            }
            #[inline(always)]
            fn swap_bytes(self) -> Self {
                <$word>::swap_bytes(self)
            }
            #[inline(always)]
            fn low_u64(self) -> u64 {
                self as u64
            }
            #[inline(always)]
            fn from_u128(shape: u128) -> Self {
                debug_assert_eq!(shape as Self as u128, shape, "the shape fits the word");
                shape as Self
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
        }
    };
}

word!(u64);
word!(u128);
