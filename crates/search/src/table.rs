//! A fixed-size transposition table.

use crate::game::Score;

/// What a stored value says about the true value of its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (the search failed low).
    Upper,
}

/// One slot of the table: 16 bytes (a test checks it), stored packed in a `u128`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    key: u64,
    value: i32,
    /// Index of the best move in the position's generated move list, plus one (0: none).
    best_move: u16,
    depth: u8,
    /// Bits 0-1: the bound (0 for an empty slot); bits 2-7: the search generation.
    meta: u8,
}

impl Entry {
    /// The stored value (node-relative: the caller adjusts win distances).
    pub fn value(&self) -> Score {
        self.value
    }

    /// The depth the value was searched to.
    pub fn depth(&self) -> u32 {
        u32::from(self.depth)
    }

    /// What the value bounds.
    pub fn bound(&self) -> Bound {
        match self.meta & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        }
    }

    /// The index of the best move found, in the order the game generates moves.
    pub fn best_move(&self) -> Option<usize> {
        (self.best_move > 0).then(|| usize::from(self.best_move) - 1)
    }

    fn generation(&self) -> u8 {
        self.meta >> 2
    }

    fn is_empty(&self) -> bool {
        self.meta & 3 == 0
    }

    const fn pack(self) -> u128 {
        (self.key as u128)
            | (self.value as u32 as u128) << 64
            | (self.best_move as u128) << 96
            | (self.depth as u128) << 112
            | (self.meta as u128) << 120
    }

    const fn unpack(bits: u128) -> Self {
        Self {
            key: bits as u64,
            value: (bits >> 64) as u32 as i32,
            best_move: (bits >> 96) as u16,
            depth: (bits >> 112) as u8,
            meta: (bits >> 120) as u8,
        }
    }
}

/// A transposition table of `2^k` entries of 16 bytes, indexed by the low bits of a position's
/// hash; the full hash is stored to tell positions apart.
///
/// Replacement: a new result goes into its slot when the slot is empty, holds the same
/// position, holds a result from an earlier search, or holds a result searched no deeper than
/// the new one. Otherwise the deeper result of the current search stays. (Deeper results cost
/// more to recompute; results of earlier searches are mostly stale.)
#[derive(Clone, Debug)]
pub struct TranspositionTable {
    /// Packed entries; all zeros is an empty slot, so a new table comes zeroed from the
    /// allocator (untouched pages cost nothing).
    entries: Vec<u128>,
    generation: u8,
}

impl TranspositionTable {
    /// The largest table of a power-of-two number of entries within `bytes` (at least one entry).
    pub fn with_bytes(bytes: usize) -> Self {
        let entries = (bytes / size_of::<Entry>()).max(1);
        // The highest power of two not above `entries` (`ilog2` is newer than the bundle's
        // Rust 1.65).
        let entries = 1 << (usize::BITS - 1 - entries.leading_zeros());
        Self {
            entries: vec![0; entries],
            generation: 0,
        }
    }

    /// The number of entries.
    pub fn capacity(&self) -> usize {
        self.entries.len()
    }

    /// The memory the entries take, in bytes.
    pub fn size_bytes(&self) -> usize {
        self.entries.len() * size_of::<u128>()
    }

    /// Starts a new search: results of earlier searches become the first to be replaced.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.entries.fill(0);
    }

    fn slot(&self, key: u64) -> usize {
        key as usize & (self.entries.len() - 1)
    }

    /// The entry for the position with hash `key`, if the table holds one.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let entry = Entry::unpack(self.entries[self.slot(key)]);
        (!entry.is_empty() && entry.key == key).then_some(entry)
    }

    /// Stores a search result for the position with hash `key` (see the replacement policy).
    /// `best_move` is an index into the position's generated moves; indices past 65534 are
    /// not stored.
    pub fn store(
        &mut self,
        key: u64,
        value: Score,
        depth: u32,
        bound: Bound,
        best_move: Option<usize>,
    ) {
        let generation = self.generation;
        let slot = self.slot(key);
        let old = Entry::unpack(self.entries[slot]);
        let replace = old.is_empty()
            || old.key == key
            || old.generation() != generation
            || depth >= old.depth();
        if !replace {
            return;
        }
        let best_move = match best_move {
            Some(index) if index < usize::from(u16::MAX) => index as u16 + 1,
            // Keep the old best move of the same position when the new search found none.
            _ if old.key == key => old.best_move,
            _ => 0,
        };
        let bound_bits = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        self.entries[slot] = Entry {
            key,
            value,
            best_move,
            depth: depth.min(255) as u8,
            meta: bound_bits | (generation << 2),
        }
        .pack();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_16_bytes_and_tables_are_powers_of_two() {
        assert_eq!(size_of::<Entry>(), 16);
        let entry = Entry {
            key: u64::MAX - 5,
            value: -123_456,
            best_move: 65_000,
            depth: 200,
            meta: 0b1010_1110,
        };
        assert_eq!(Entry::unpack(entry.pack()), entry);
        let table = TranspositionTable::with_bytes(1000);
        assert_eq!(table.capacity(), 32);
        assert_eq!(table.size_bytes(), 512);
        assert_eq!(TranspositionTable::with_bytes(0).capacity(), 1);
    }

    #[test]
    fn replacement_keeps_deeper_results_of_the_current_search() {
        let mut table = TranspositionTable::with_bytes(16);
        table.store(1, 10, 5, Bound::Exact, Some(3));
        assert_eq!(
            table
                .probe(1)
                .map(|e| (e.value(), e.depth(), e.bound(), e.best_move())),
            Some((10, 5, Bound::Exact, Some(3)))
        );
        // A shallower result for another position in the same slot does not replace it...
        table.store(2, 20, 4, Bound::Lower, None);
        assert!(table.probe(2).is_none());
        assert_eq!(table.probe(1).unwrap().value(), 10);
        // ...but in a later search it does.
        table.new_search();
        table.store(2, 20, 4, Bound::Lower, None);
        assert_eq!(table.probe(2).unwrap().bound(), Bound::Lower);
        assert!(table.probe(1).is_none());
        // The same position is always updated, keeping its best move when none is given.
        table.store(2, 7, 1, Bound::Upper, Some(9));
        table.store(2, 8, 1, Bound::Upper, None);
        assert_eq!(table.probe(2).unwrap().best_move(), Some(9));
    }
}
