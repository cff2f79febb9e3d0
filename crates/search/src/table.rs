//! A fixed-size transposition table that keeps each position's best move.

use std::alloc::{Layout, alloc_zeroed, handle_alloc_error};
use std::mem::MaybeUninit;

use crate::game::Score;

/// What a stored value says about the true value of its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (the search failed low).
    Upper,
}

/// One slot of the table: 16 bytes for a move of up to six bytes (a test checks it). It keeps
/// the high 32 bits of the position's hash (the low bits chose the slot) and the best move
/// itself, which the search uses only if it is among the position's legal moves: a position
/// whose hash shares those bits gives at most a move tried first. All-zero bytes are an empty
/// slot, so a new table comes zeroed from the allocator (untouched pages cost nothing).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<M: Copy> {
    check: u32,
    value: i32,
    depth: u8,
    /// Bits 0-1: the bound (0 for an empty slot); bit 2: a best move is stored; bits 3-7: the
    /// search generation.
    meta: u8,
    /// Written whenever bit 2 of `meta` is set.
    best_move: MaybeUninit<M>,
}

/// The bit of [`Entry::meta`] that says a best move is stored.
const HAS_MOVE: u8 = 4;

impl<M: Copy> Entry<M> {
    /// The stored value (node-relative: the caller adjusts win distances).
    pub(crate) fn value(&self) -> Score {
        self.value
    }

    /// The depth the value was searched to.
    pub(crate) fn depth(&self) -> u32 {
        u32::from(self.depth)
    }

    /// What the value bounds.
    pub(crate) fn bound(&self) -> Bound {
        match self.meta & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        }
    }

    /// The best move found (check that it is legal before playing it).
    pub(crate) fn best_move(&self) -> Option<M> {
        // SAFETY: the move is written whenever HAS_MOVE is set (`TranspositionTable::store`).
        (self.meta & HAS_MOVE != 0).then(|| unsafe { self.best_move.assume_init() })
    }

    fn generation(&self) -> u8 {
        self.meta >> 3
    }

    fn is_empty(&self) -> bool {
        self.meta & 3 == 0
    }
}

/// The bits of a hash an entry keeps to tell positions of one slot apart.
fn check_bits(key: u64) -> u32 {
    (key >> 32) as u32
}

/// A transposition table of `2^k` entries, indexed by the low bits of a position's hash; the
/// high 32 bits are stored to tell positions apart.
///
/// Replacement: a new result goes into its slot when the slot is empty, holds the same
/// position, holds a result from an earlier search, or holds a result searched no deeper than
/// the new one. Otherwise the deeper result of the current search stays. (Deeper results cost
/// more to recompute; results of earlier searches are mostly stale.)
#[derive(Clone, Debug)]
pub(crate) struct TranspositionTable<M: Copy> {
    entries: Vec<Entry<M>>,
    generation: u8,
}

/// `n` empty entries, from zeroed memory: the pages are only touched when used, so a large
/// table costs nothing until the search fills it (written entry by entry, a 4 MB table took
/// 0.14 ms more per searcher in the Domain benchmark).
fn empty_entries<M: Copy>(n: usize) -> Vec<Entry<M>> {
    let layout = Layout::array::<Entry<M>>(n).expect("a table that fits in memory");
    assert!(layout.size() > 0, "a table has at least one entry");
    // SAFETY: the layout's size is not zero (checked above).
    let entries = unsafe { alloc_zeroed(layout) }.cast::<Entry<M>>();
    if entries.is_null() {
        handle_alloc_error(layout);
    }
    // SAFETY: the memory was allocated by the global allocator with the layout of an array of
    // `n` entries, as `Vec::from_raw_parts` requires for capacity `n`; all-zero bytes are a
    // valid `Entry` (integers, and a `MaybeUninit` move), so all `n` are initialised.
    unsafe { Vec::from_raw_parts(entries, n, n) }
}

impl<M: Copy + PartialEq> TranspositionTable<M> {
    /// The largest table of a power-of-two number of entries within `bytes` (at least one entry).
    pub(crate) fn with_bytes(bytes: usize) -> Self {
        let entries = (bytes / size_of::<Entry<M>>()).max(1);
        // The highest power of two not above `entries` (`ilog2` is newer than the bundle's
        // Rust 1.65).
        let entries = 1 << (usize::BITS - 1 - entries.leading_zeros());
        Self {
            entries: empty_entries(entries),
            generation: 0,
        }
    }

    /// The number of entries.
    #[cfg(test)]
    pub(crate) fn capacity(&self) -> usize {
        self.entries.len()
    }

    /// The memory the entries take, in bytes.
    #[cfg(test)]
    pub(crate) fn size_bytes(&self) -> usize {
        self.entries.len() * size_of::<Entry<M>>()
    }

    /// Starts a new search: results of earlier searches become the first to be replaced.
    pub(crate) fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 31;
    }

    fn slot(&self, key: u64) -> usize {
        key as usize & (self.entries.len() - 1)
    }

    /// Asks the processor to bring the slot of `key` into its cache, so that a probe a little
    /// later does not wait for memory.
    #[inline(always)]
    pub(crate) fn prefetch(&self, key: u64) {
        prefetch(&self.entries[self.slot(key)]);
    }

    /// The entry for the position with hash `key`, if the table holds one.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry<M>> {
        let entry = self.entries[self.slot(key)];
        (!entry.is_empty() && entry.check == check_bits(key)).then_some(entry)
    }

    /// Stores a search result for the position with hash `key` (see the replacement policy),
    /// keeping the slot's best move when `best_move` is `None` and the slot holds the same
    /// position.
    pub(crate) fn store(
        &mut self,
        key: u64,
        value: Score,
        depth: u32,
        bound: Bound,
        best_move: Option<M>,
    ) {
        let generation = self.generation;
        let slot = self.slot(key);
        let old = self.entries[slot];
        let same = !old.is_empty() && old.check == check_bits(key);
        let replace =
            old.is_empty() || same || old.generation() != generation || depth >= old.depth();
        if !replace {
            return;
        }
        let bound_bits = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let best_move = best_move.or(if same { old.best_move() } else { None });
        self.entries[slot] = Entry {
            check: check_bits(key),
            value,
            depth: depth.min(255) as u8,
            meta: bound_bits | if best_move.is_some() { HAS_MOVE } else { 0 } | (generation << 3),
            best_move: best_move.map_or(MaybeUninit::uninit(), MaybeUninit::new),
        };
    }
}

/// Asks the processor to bring the cache line of `item` into its caches without waiting for
/// it, so that a read of it a little later does not wait for memory (the memo tables of every
/// engine use it).
#[inline(always)]
pub fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint: it cannot fault and reads nothing the program sees,
    // and the address is that of a live reference.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let address: *const T = item;
        _mm_prefetch::<_MM_HINT_T0>(address.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use super::*;

    #[test]
    fn an_entry_is_16_bytes_and_tables_are_powers_of_two() {
        // A move of six bytes with a niche (an enum, as Grow's) and one of one byte.
        #[derive(Clone, Copy, Debug, PartialEq)]
        #[allow(dead_code)]
        enum Wide {
            A(u16, u8, u8),
            B(u8, u8),
        }
        assert_eq!(size_of::<Entry<Wide>>(), 16);
        assert_eq!(size_of::<Entry<u16>>(), 12);
        assert_eq!(size_of::<Entry<u8>>(), 12);
        let table = TranspositionTable::<Wide>::with_bytes(1000);
        assert_eq!(table.capacity(), 32);
        assert_eq!(table.size_bytes(), 512);
        // Twelve-byte entries: as many in a power of two of bytes as sixteen-byte ones.
        let table = TranspositionTable::<u16>::with_bytes(1 << 20);
        assert_eq!(table.capacity(), 1 << 16);
        assert_eq!(TranspositionTable::<u8>::with_bytes(0).capacity(), 1);
    }

    #[test]
    fn replacement_keeps_deeper_results_of_the_current_search() {
        let mut table = TranspositionTable::<u8>::with_bytes(16);
        table.store(1 << 32, 10, 5, Bound::Exact, Some(3));
        assert_eq!(
            table
                .probe(1 << 32)
                .map(|e| (e.value(), e.depth(), e.bound(), e.best_move())),
            Some((10, 5, Bound::Exact, Some(3)))
        );
        // A shallower result for another position in the same slot does not replace it...
        table.store(2 << 32, 20, 4, Bound::Lower, None);
        assert!(table.probe(2 << 32).is_none());
        assert_eq!(table.probe(1 << 32).unwrap().value(), 10);
        // ...but in a later search it does.
        table.new_search();
        table.store(2 << 32, 20, 4, Bound::Lower, None);
        assert_eq!(table.probe(2 << 32).unwrap().bound(), Bound::Lower);
        assert!(table.probe(1 << 32).is_none());
        // The same position is always updated, keeping its best move when none is given.
        table.store(2 << 32, 7, 1, Bound::Upper, Some(9));
        table.store(2 << 32, 8, 1, Bound::Upper, None);
        assert_eq!(table.probe(2 << 32).unwrap().best_move(), Some(9));
        // A position of another slot's check bits does not inherit the move.
        table.store(5 << 32, 8, 9, Bound::Upper, None);
        assert_eq!(table.probe(5 << 32).unwrap().best_move(), None);
    }

    /// One operation on the table in the model test.
    #[derive(Clone, Debug)]
    enum Op {
        Store {
            key: u64,
            value: Score,
            depth: u32,
            bound: Bound,
            best_move: Option<u8>,
        },
        Probe(u64),
        NewSearch,
    }

    /// What the model says a slot holds for a key: the fields the table gives back, and the
    /// search generation that stored them.
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Stored {
        value: Score,
        depth: u32,
        bound: Bound,
        best_move: Option<u8>,
        generation: u8,
    }

    /// A table of 16 slots, and keys of 8 slot indices times 4 check patterns (some in the
    /// same slot, none sharing both slot and check bits with another), so that slots are
    /// contested and a key's result is its own.
    const MODEL_SLOTS: u64 = 16;

    fn key() -> impl Strategy<Value = u64> {
        (0..8u64, 0..4u64).prop_map(|(slot, check)| (check << 32) | (slot * 2))
    }

    fn op() -> impl Strategy<Value = Op> {
        let bound = prop_oneof![Just(Bound::Exact), Just(Bound::Lower), Just(Bound::Upper)];
        prop_oneof![
            4 => (key(), -1000..1000i32, prop_oneof![0..12u32, 250..300u32], bound,
                  prop::option::of(0..5u8))
                .prop_map(|(key, value, depth, bound, best_move)| Op::Store {
                    key,
                    value,
                    depth,
                    bound,
                    best_move,
                }),
            4 => key().prop_map(Op::Probe),
            1 => Just(Op::NewSearch),
        ]
    }

    proptest! {
        /// Random stores, probes and new searches: the table gives back for a key either
        /// nothing or exactly what a model (a `HashMap` from keys to what was stored, one key
        /// per slot, under the replacement policy) says it holds, and it keeps what the
        /// policy says it keeps.
        #[test]
        fn the_table_holds_what_its_replacement_policy_keeps(
            ops in prop::collection::vec(op(), 1..300),
        ) {
            let mut table = TranspositionTable::<u8>::with_bytes(MODEL_SLOTS as usize * 12);
            prop_assert_eq!(table.capacity(), MODEL_SLOTS as usize);
            let mut model: HashMap<u64, Stored> = HashMap::new();
            let mut generation = 0u8;
            for op in ops {
                match op {
                    Op::Store { key, value, depth, bound, best_move } => {
                        let slot = |k: u64| k % MODEL_SLOTS;
                        let occupant = model.keys().copied().find(|&k| slot(k) == slot(key));
                        let old = occupant.map(|k| (k, model[&k]));
                        let replace = old.is_none_or(|(k, old)| {
                            k == key || old.generation != generation || depth >= old.depth
                        });
                        table.store(key, value, depth, bound, best_move);
                        if replace {
                            let kept = old.filter(|&(k, _)| k == key).and_then(|(_, o)| o.best_move);
                            if let Some(k) = occupant {
                                model.remove(&k);
                            }
                            let depth = depth.min(255);
                            let best_move = best_move.or(kept);
                            model.insert(key, Stored { value, depth, bound, best_move, generation });
                        }
                    }
                    Op::Probe(key) => {
                        let got = table.probe(key).map(|e| (e.value(), e.depth(), e.bound(), e.best_move()));
                        let expected = model.get(&key).map(|s| (s.value, s.depth, s.bound, s.best_move));
                        prop_assert_eq!(got, expected);
                    }
                    Op::NewSearch => {
                        table.new_search();
                        generation = (generation + 1) & 31;
                    }
                }
            }
            for (&key, stored) in &model {
                let got = table.probe(key).map(|e| (e.value(), e.depth(), e.bound(), e.best_move()));
                prop_assert_eq!(got, Some((stored.value, stored.depth, stored.bound, stored.best_move)));
            }
        }
    }
}
