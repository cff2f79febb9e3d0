//! The Sprague-Grundy solver: the value of a region is the mex of the values of its options,
//! and the value of a set of regions is the XOR of theirs.

use std::time::Instant;

use crate::shape::{
    STRIDE, Shape, canonical, first_component, horizontal_moves, normalize, vertical_moves,
};

/// The largest Grundy value the table holds (values are stored plus one; 0 is an empty slot).
const MAX_VALUE: u8 = u8::MAX - 1;

/// Counters of a solver's work.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Regions whose options were enumerated.
    pub nodes: u64,
    /// Values found in the table.
    pub hits: u64,
    /// Values stored in the table.
    pub stores: u64,
}

/// A Grundy-value solver with a memo table of fixed capacity.
///
/// The table has `2^k` slots of 17 bytes (a 16-byte key, a value byte), indexed by a hash of
/// the key; a new value always replaces the slot's old one (values never go stale, so the only
/// cost of a collision is recomputation). A region is stored under its shape moved to the
/// corner and under its canonical key. All-zero slots are empty, so a new table comes zeroed
/// from the allocator and untouched pages cost nothing. Regions are limited to what a [`Shape`] holds: a bounding box of 16 x 8
/// in either orientation.
#[derive(Debug)]
pub struct Solver {
    keys: Vec<Shape>,
    values: Vec<u8>,
    stats: Stats,
    deadline: Option<Instant>,
}

impl Solver {
    /// A solver whose table takes at most `bytes` (at least one slot).
    pub fn with_table_bytes(bytes: usize) -> Self {
        let slots = 1 << (bytes / (size_of::<Shape>() + 1)).max(1).ilog2();
        Self {
            keys: vec![0; slots],
            values: vec![0; slots],
            stats: Stats::default(),
            deadline: None,
        }
    }

    /// The memory the table takes, in bytes.
    pub fn table_bytes(&self) -> usize {
        self.keys.len() * (size_of::<Shape>() + 1)
    }

    /// What the solver has done so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Gives up (answers `None`) after `deadline`; `None` never gives up.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Whether the deadline has passed.
    pub fn expired(&self) -> bool {
        self.deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
    }

    /// The Grundy value of `cells` (any number of regions), or `None` past the deadline.
    pub fn value(&mut self, mut cells: Shape) -> Option<u8> {
        let mut value = 0;
        while cells != 0 {
            let region = first_component(cells);
            cells &= !region;
            value ^= self.region_value(region)?;
        }
        Some(value)
    }

    /// The Grundy value of one connected region.
    fn region_value(&mut self, region: Shape) -> Option<u8> {
        if horizontal_moves(region) == 0 && vertical_moves(region) == 0 {
            return Some(0);
        }
        // A region's value does not change under translation or symmetry: look it up as it
        // stands (moved to the corner) first, and canonicalise only on a miss.
        let (moved, _, _) = normalize(region);
        if let Some(value) = self.lookup(moved) {
            return Some(value);
        }
        let key = canonical(moved);
        if let Some(value) = self.lookup(key) {
            self.store(moved, value);
            return Some(value);
        }
        self.stats.nodes += 1;
        if self.stats.nodes.is_multiple_of(1024) && self.expired() {
            return None;
        }
        let mut seen = [0u64; 4];
        for domino in dominoes(region) {
            let value = self.value(region & !domino)?;
            seen[usize::from(value / 64)] |= 1 << (value % 64);
        }
        let value = (0..MAX_VALUE)
            .find(|&v| seen[usize::from(v / 64)] & (1 << (v % 64)) == 0)
            .unwrap_or(MAX_VALUE);
        self.store(key, value);
        self.store(moved, value);
        Some(value)
    }

    fn slot(&self, key: Shape) -> usize {
        (mix(key) as usize) & (self.keys.len() - 1)
    }

    fn lookup(&mut self, key: Shape) -> Option<u8> {
        let slot = self.slot(key);
        let found = self.values[slot] != 0 && self.keys[slot] == key;
        self.stats.hits += u64::from(found);
        found.then(|| self.values[slot] - 1)
    }

    fn store(&mut self, key: Shape, value: u8) {
        let slot = self.slot(key);
        (self.keys[slot], self.values[slot]) = (key, value + 1);
        self.stats.stores += 1;
    }
}

/// Every domino that fits in `cells`, as a two-cell shape.
pub fn dominoes(cells: Shape) -> impl Iterator<Item = Shape> {
    let bits = |mut set: Shape, offset: u32| {
        std::iter::from_fn(move || {
            (set != 0).then(|| {
                let first = set & set.wrapping_neg();
                set &= set - 1;
                first | first << offset
            })
        })
    };
    bits(horizontal_moves(cells), 1).chain(bits(vertical_moves(cells), STRIDE))
}

fn mix(key: Shape) -> u64 {
    let mut z = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
