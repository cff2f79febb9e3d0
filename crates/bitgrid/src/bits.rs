//! The [`Bits`] type: a fixed-size set of small numbers, one bit each.
//!
//! Member `i` is bit `i % 64` of word `i / 64`. Every operation is a `const fn` on `Copy`
//! values, so sets can be built in constants; the word-level kernels of the games (a race that
//! ORs a neighbour's word into a set, a shift by a grid direction) work on [`Bits::words`] and
//! [`Bits::words_mut`] directly.

use std::fmt;

/// Set operations that combine two sets word by word, each defined by the word it makes of a
/// word of this set (`mine`) and the same word of the other (`theirs`).
macro_rules! word_by_word {
    ($($(#[doc = $doc:literal])* fn $name:ident(|$mine:ident, $theirs:ident| $word:expr);)*) => {$(
        $(#[doc = $doc])*
        #[inline]
        pub const fn $name(mut self, other: &Self) -> Self {
            let mut w = 0;
            while w < WORDS {
                let ($mine, $theirs) = (self.0[w], other.0[w]);
                self.0[w] = $word;
                w += 1;
            }
            self
        }
    )*};
}

/// Tests of two sets that hold when no word made of a word of this set (`mine`) and the same
/// word of the other (`theirs`) has a bit set. All words at once, no early exit: the loop
/// compiles to a few vector operations.
macro_rules! no_word_left {
    ($($(#[doc = $doc:literal])* fn $name:ident(|$mine:ident, $theirs:ident| $word:expr);)*) => {$(
        $(#[doc = $doc])*
        #[inline]
        pub const fn $name(&self, other: &Self) -> bool {
            let mut left = 0;
            let mut w = 0;
            while w < WORDS {
                let ($mine, $theirs) = (self.0[w], other.0[w]);
                left |= $word;
                w += 1;
            }
            left == 0
        }
    )*};
}

/// Gives a newtype over [`Bits`] (a tuple struct whose one field is a `Bits<W>`) the set
/// operations named, by value and `const` like the rest of a typed set: `or`, `and`, `minus`
/// and `xor` make a set of the newtype, `is_disjoint` and `is_subset` answer a `bool`. Invoke
/// it inside the newtype's `impl` block.
///
/// ```
/// use floodgate_bitgrid::{Bits, set_operations};
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// struct Squares(Bits<1>);
/// impl Squares {
///     set_operations!(or, minus, is_disjoint);
/// }
/// let (a, b) = (Squares(Bits::single(4)), Squares(Bits::single(9)));
/// assert_eq!(a.or(b).minus(b), a);
/// assert!(a.is_disjoint(b));
/// ```
#[macro_export]
macro_rules! set_operations {
    (@combine $name:ident $doc:literal) => {
        #[doc = $doc]
        #[inline]
        pub const fn $name(self, other: Self) -> Self {
            Self(self.0.$name(&other.0))
        }
    };
    (@test $name:ident $doc:literal) => {
        #[doc = $doc]
        #[inline]
        pub const fn $name(self, other: Self) -> bool {
            self.0.$name(&other.0)
        }
    };
    (@op or) => { $crate::set_operations!(@combine or "The members of either set (union)."); };
    (@op and) => { $crate::set_operations!(@combine and "The members of both sets (intersection)."); };
    (@op minus) => {
        $crate::set_operations!(@combine minus "The members of this set not in `other` (difference).");
    };
    (@op xor) => {
        $crate::set_operations!(
            @combine xor "The members of exactly one of the sets (symmetric difference)."
        );
    };
    (@op is_disjoint) => {
        $crate::set_operations!(@test is_disjoint "Whether the sets have no member in common.");
    };
    (@op is_subset) => {
        $crate::set_operations!(@test is_subset "Whether every member of this set is in `other`.");
    };
    ($($name:ident),* $(,)?) => { $($crate::set_operations!(@op $name);)* };
}

/// A set of the numbers `0..64 * WORDS`, as `WORDS` words of bits.
///
/// ```
/// use floodgate_bitgrid::Bits;
/// let mut a = Bits::<2>::EMPTY;
/// a.insert(3);
/// a.insert(70);
/// let b = Bits::<2>::single(70);
/// assert_eq!(a.minus(&b).iter().collect::<Vec<_>>(), [3]);
/// assert_eq!((a.len(), a.first(), a.last()), (2, Some(3), Some(70)));
/// assert!(b.is_subset(&a) && !a.is_disjoint(&b));
/// assert_eq!(format!("{a:?}"), "{3, 70}");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bits<const WORDS: usize>([u64; WORDS]);

impl<const WORDS: usize> Bits<WORDS> {
    /// The empty set.
    pub const EMPTY: Self = Self([0; WORDS]);

    /// Every number below `64 * WORDS`.
    pub const ALL: Self = Self([u64::MAX; WORDS]);

    /// How many numbers the set can hold: `64 * WORDS`.
    pub const CAPACITY: usize = 64 * WORDS;

    /// The set whose word `w` is `words[w]`.
    #[inline]
    pub const fn from_words(words: [u64; WORDS]) -> Self {
        Self(words)
    }

    /// The words of the set (bit `k` of word `w` is member `64 w + k`).
    #[inline]
    pub const fn words(&self) -> &[u64; WORDS] {
        &self.0
    }

    /// The words of the set, to change in place.
    #[inline]
    pub const fn words_mut(&mut self) -> &mut [u64; WORDS] {
        &mut self.0
    }

    /// The set of `member` alone (below [`Bits::CAPACITY`], as for every member given).
    #[inline]
    pub const fn single(member: usize) -> Self {
        let mut set = Self::EMPTY;
        set.insert(member);
        set
    }

    /// Whether `member` is in the set.
    #[inline]
    pub const fn contains(&self, member: usize) -> bool {
        self.0[member / 64] >> (member % 64) & 1 == 1
    }

    /// Puts `member` in the set.
    #[inline]
    pub const fn insert(&mut self, member: usize) {
        self.0[member / 64] |= 1 << (member % 64);
    }

    /// Takes `member` out of the set.
    #[inline]
    pub const fn remove(&mut self, member: usize) {
        self.0[member / 64] &= !(1 << (member % 64));
    }

    word_by_word! {
        /// The members of either set (union).
        fn or(|mine, theirs| mine | theirs);
        /// The members of both sets (intersection).
        fn and(|mine, theirs| mine & theirs);
        /// The members of this set not in `other` (difference).
        fn minus(|mine, theirs| mine & !theirs);
        /// The members of exactly one of the sets (symmetric difference).
        fn xor(|mine, theirs| mine ^ theirs);
    }

    /// Whether the set has no member.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.is_subset(&Self::EMPTY)
    }

    no_word_left! {
        /// Whether the sets have no member in common.
        fn is_disjoint(|mine, theirs| mine & theirs);
        /// Whether every member of this set is in `other`.
        fn is_subset(|mine, theirs| mine & !theirs);
    }

    /// How many members the set has.
    #[inline]
    pub const fn len(&self) -> usize {
        let mut count = 0;
        let mut w = 0;
        while w < WORDS {
            count += self.0[w].count_ones() as usize;
            w += 1;
        }
        count
    }

    /// The least member, if any.
    #[inline]
    pub const fn first(&self) -> Option<usize> {
        let mut w = 0;
        while w < WORDS {
            if self.0[w] != 0 {
                return Some(64 * w + self.0[w].trailing_zeros() as usize);
            }
            w += 1;
        }
        None
    }

    /// The greatest member, if any.
    #[inline]
    pub const fn last(&self) -> Option<usize> {
        let mut w = WORDS;
        while w > 0 {
            w -= 1;
            if self.0[w] != 0 {
                return Some(64 * w + 63 - self.0[w].leading_zeros() as usize);
            }
        }
        None
    }

    /// The members in increasing order.
    #[inline]
    pub fn iter(&self) -> Members<'_, WORDS> {
        Members {
            words: &self.0,
            word: 0,
            bits: if WORDS == 0 { 0 } else { self.0[0] },
            left: self.len(),
        }
    }
}

impl<const WORDS: usize> Default for Bits<WORDS> {
    /// The empty set.
    #[inline]
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const WORDS: usize> fmt::Debug for Bits<WORDS> {
    /// The members, as a set: `{3, 70}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<'a, const WORDS: usize> IntoIterator for &'a Bits<WORDS> {
    type Item = usize;
    type IntoIter = Members<'a, WORDS>;

    #[inline]
    fn into_iter(self) -> Members<'a, WORDS> {
        self.iter()
    }
}

impl<const WORDS: usize> FromIterator<usize> for Bits<WORDS> {
    /// The set of the numbers given (each below [`Bits::CAPACITY`]).
    fn from_iter<I: IntoIterator<Item = usize>>(members: I) -> Self {
        let mut set = Self::EMPTY;
        for member in members {
            set.insert(member);
        }
        set
    }
}

/// The members of a [`Bits`], in increasing order.
///
/// It counts the members up front and stops after the last one, so a sparse set's empty
/// high words are never read.
#[derive(Clone, Debug)]
pub struct Members<'a, const WORDS: usize> {
    words: &'a [u64; WORDS],
    /// The word being read.
    word: usize,
    /// Its members not yet returned.
    bits: u64,
    /// The members not yet returned.
    left: usize,
}

impl<const WORDS: usize> Iterator for Members<'_, WORDS> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.left == 0 {
            return None;
        }
        while self.bits == 0 {
            self.word += 1;
            self.bits = self.words[self.word];
        }
        let bit = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        self.left -= 1;
        Some(self.word * 64 + bit)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<const WORDS: usize> ExactSizeIterator for Members<'_, WORDS> {}

impl<const WORDS: usize> std::iter::FusedIterator for Members<'_, WORDS> {}
