//! The Sprague-Grundy solver: the value of a region is the mex of the values of its options,
//! and the value of a set of regions is the XOR of theirs.

use std::time::Instant;

use crate::shape::{STRIDE, Shape, canonical, first_component, horizontal_moves, vertical_moves};

/// An empty slot's value.
const EMPTY: u8 = u8::MAX;

/// A memo slot: a canonical key and its Grundy value.
#[derive(Clone, Copy, Debug)]
struct Slot {
    key: Shape,
    value: u8,
}

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
/// The table has `2^k` slots of 32 bytes, indexed by a hash of the canonical key; a new value
/// always replaces the slot's old one (values never go stale, so the only cost of a collision
/// is recomputation). Regions are limited to what a [`Shape`] holds: a bounding box of 16 x 8
/// in either orientation.
#[derive(Debug)]
pub struct Solver {
    table: Vec<Slot>,
    stats: Stats,
    deadline: Option<Instant>,
}

impl Solver {
    /// A solver whose table takes at most `bytes` (at least one slot).
    pub fn with_table_bytes(bytes: usize) -> Self {
        let slots = (bytes / size_of::<Slot>()).max(1);
        Self {
            table: vec![
                Slot {
                    key: 0,
                    value: EMPTY
                };
                1 << slots.ilog2()
            ],
            stats: Stats::default(),
            deadline: None,
        }
    }

    /// The memory the table takes, in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.len() * size_of::<Slot>()
    }

    /// What the solver has done so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Gives up (answers `None`) after `deadline`; `None` never gives up.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
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
        let key = canonical(region);
        let slot = (mix(key) as usize) & (self.table.len() - 1);
        if self.table[slot].value != EMPTY && self.table[slot].key == key {
            self.stats.hits += 1;
            return Some(self.table[slot].value);
        }
        self.stats.nodes += 1;
        if self.stats.nodes.is_multiple_of(1024)
            && self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            return None;
        }
        let mut seen = [0u64; 4];
        for domino in dominoes(region) {
            let value = self.value(region & !domino)?;
            seen[usize::from(value / 64)] |= 1 << (value % 64);
        }
        let value = (0..EMPTY)
            .find(|&v| seen[usize::from(v / 64)] & (1 << (v % 64)) == 0)
            .unwrap_or(EMPTY - 1);
        self.table[slot] = Slot { key, value };
        self.stats.stores += 1;
        Some(value)
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
