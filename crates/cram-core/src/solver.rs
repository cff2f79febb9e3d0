//! The Sprague-Grundy solver: the value of a region is the mex of the values of its options,
//! and the value of a set of regions is the XOR of theirs.
//!
//! Small regions (at most [`SMALL_CELLS`] cells) are valued by the mex directly. A larger
//! region's value is found by asking, for `k = 0, 1, 2, ...`, whether the region plus a nim
//! heap of size `k` is lost for the player to move: the first such `k` is the value. That
//! question is a win/loss search over sums of regions, which stops at the first winning move
//! and so looks at far fewer positions than the mex, which needs the value of every option
//! (the method of Lemoine and Viennot's Sprouts and Cram computations).

use std::time::Instant;

use search::mix;
use smallvec::SmallVec;

use crate::shape::{
    STRIDE, Shape, canonical, half_turn_copyable, horizontal_moves, normalize, split,
    stays_connected, stays_whole, vertical_moves,
};

/// Regions of at most this many cells are valued by the mex of their options' values; larger
/// ones by win/loss searches.
pub const SMALL_CELLS: u32 = 12;

/// The largest Grundy value the table holds (values are stored plus one; 0 is an empty slot).
const MAX_VALUE: u8 = u8::MAX - 1;

/// The size of the value table's filter: 128 KiB.
const VALUE_FILTER_BITS: usize = 1 << 20;

/// Outcome table entries: the player to move wins or loses.
const WINS: u8 = 1;
const LOSES: u8 = 2;

/// Counters of a solver's work.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Regions whose options were enumerated for a mex.
    pub nodes: u64,
    /// Sums whose moves were searched for a win.
    pub searched: u64,
    /// Values and outcomes found in the tables.
    pub hits: u64,
    /// Values and outcomes stored in the tables.
    pub stores: u64,
}

/// A sum of regions whose values are not known (canonical keys, sorted, no two equal: a
/// region plus itself is worth 0) and a nim heap standing for all the known ones.
#[derive(Clone, Debug, Default)]
struct Sum {
    regions: SmallVec<[Shape; 3]>,
    heap: u8,
}

/// A memo table of fixed capacity: `2^k` buckets of one cache line, each holding three 16-byte
/// keys and their value bytes; a key's bucket is chosen by a hash of the key. A new entry
/// takes an empty place in its bucket or replaces the entries in turn (entries never go
/// stale, so losing one only costs recomputation). Value 0 marks an empty place, so a new
/// table comes zeroed from the allocator and untouched pages cost nothing.
#[derive(Debug)]
struct Table {
    buckets: Vec<Bucket>,
    /// One bit per hash of a key, set when the key is stored: a clear bit says the key is
    /// absent without reading its bucket. Small enough to stay in cache, where most buckets
    /// are not, so the many lookups of keys never stored cost little.
    filter: Vec<u64>,
}

#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
struct Bucket {
    keys: [u128; 3],
    /// The three entries' values, then the place the next replacement takes.
    values: [u8; 4],
}

impl Table {
    /// A table of at most `bytes` (rounded down to a power of two), with a filter of
    /// `filter_bits` bits (a power of two; 0 for none).
    fn with_bytes(bytes: usize, filter_bits: usize) -> Self {
        let buckets = 1 << (bytes / size_of::<Bucket>()).max(1).ilog2();
        Self {
            buckets: vec![Bucket::default(); buckets],
            filter: vec![0; filter_bits / 64],
        }
    }

    fn bytes(&self) -> usize {
        self.buckets.len() * size_of::<Bucket>() + self.filter.len() * size_of::<u64>()
    }

    /// The filter bit of a key (its word and mask), from hash bits the bucket index does not
    /// use.
    fn filter_bit(&self, key: u128) -> (usize, u64) {
        let hash = mix((key >> 64) as u64 ^ (key as u64).rotate_left(32));
        let bit = hash as usize & (self.filter.len() * 64 - 1);
        (bit / 64, 1 << (bit % 64))
    }

    /// Whether the key may be in the table (always, without a filter).
    fn may_hold(&self, key: u128) -> bool {
        if self.filter.is_empty() {
            return true;
        }
        let (word, mask) = self.filter_bit(key);
        self.filter[word] & mask != 0
    }

    fn bucket(&self, key: u128) -> usize {
        (mix(key as u64 ^ (key >> 64) as u64) as usize) & (self.buckets.len() - 1)
    }

    fn get(&self, key: u128) -> Option<u8> {
        if !self.may_hold(key) {
            return None;
        }
        let bucket = &self.buckets[self.bucket(key)];
        (0..3)
            .find(|&i| bucket.values[i] != 0 && bucket.keys[i] == key)
            .map(|i| bucket.values[i])
    }

    fn set(&mut self, key: u128, value: u8) {
        if !self.filter.is_empty() {
            let (word, mask) = self.filter_bit(key);
            self.filter[word] |= mask;
        }
        let index = self.bucket(key);
        let bucket = &mut self.buckets[index];
        let place = (0..3)
            .find(|&i| bucket.values[i] == 0 || bucket.keys[i] == key)
            .unwrap_or_else(|| {
                let next = usize::from(bucket.values[3]);
                bucket.values[3] = ((next + 1) % 3) as u8;
                next
            });
        (bucket.keys[place], bucket.values[place]) = (key, value);
    }
}

/// A Grundy-value solver with two memo tables of fixed capacity: region values by canonical
/// key (exact), and win/loss outcomes of sums by a 128-bit fingerprint of the sum (two
/// independent 64-bit hashes; a false match needs both to collide).
///
/// Regions are limited to what a [`Shape`] holds: a bounding box of 16 x 8 in either
/// orientation.
#[derive(Debug)]
pub struct Solver {
    values: Table,
    outcomes: Table,
    stats: Stats,
    deadline: Option<Instant>,
    /// Give up once the work counted in `stats` reaches this.
    work_limit: Option<u64>,
    /// Values of straight lines by length.
    lines: Vec<u8>,
}

impl Solver {
    /// A solver whose tables take at most `bytes` together (half each).
    pub fn with_table_bytes(bytes: usize) -> Self {
        Self {
            values: Table::with_bytes(bytes / 2, VALUE_FILTER_BITS),
            outcomes: Table::with_bytes(bytes / 2, 0),
            stats: Stats::default(),
            deadline: None,
            work_limit: None,
            lines: Vec::new(),
        }
    }

    /// The memory the tables take, in bytes.
    pub fn table_bytes(&self) -> usize {
        self.values.bytes() + self.outcomes.bytes()
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

    /// Gives up (answers `None`) after `work` more regions valued by mex or sums searched;
    /// `None` sets no limit. What was found before giving up stays in the tables.
    pub fn limit_work(&mut self, work: Option<u64>) {
        self.work_limit = work.map(|work| self.work() + work);
    }

    fn work(&self) -> u64 {
        self.stats.nodes + self.stats.searched
    }

    /// Counts a unit of work; `None` past the work limit, or when the deadline has passed
    /// (the clock is read every 1024 units).
    fn tick(&mut self) -> Option<()> {
        let work = self.work();
        let late = work.is_multiple_of(1024) && self.expired();
        (!late && self.work_limit.is_none_or(|limit| work < limit)).then_some(())
    }

    /// The Grundy value of a straight line of `length` cells: Dawson's Kayles, derived (a
    /// domino leaves two shorter lines side by side).
    pub fn line_value(&mut self, length: usize) -> u8 {
        let lines = &mut self.lines;
        while lines.len() <= length {
            let n = lines.len();
            let mut seen = [false; 256];
            for left in 0..n.saturating_sub(1) {
                seen[usize::from(lines[left] ^ lines[n - 2 - left])] = true;
            }
            lines.push(seen.iter().position(|&s| !s).unwrap_or(255) as u8);
        }
        lines[length]
    }

    /// The Grundy value of `cells` (any number of regions), or `None` past the deadline.
    pub fn value(&mut self, cells: Shape) -> Option<u8> {
        if self.expired() {
            return None;
        }
        self.cells_value(cells)
    }

    fn cells_value(&mut self, cells: Shape) -> Option<u8> {
        let mut value = 0;
        for region in pieces(cells) {
            value ^= self.region_value(region)?;
        }
        Some(value)
    }

    /// The value of a region, if the table has it (as it stands or by its canonical key).
    fn known(&mut self, region: Shape) -> Option<u8> {
        let value = self.values.get(region)?;
        self.stats.hits += 1;
        Some(value - 1)
    }

    fn remember(&mut self, key: Shape, value: u8) {
        self.values.set(key, value + 1);
        self.stats.stores += 1;
    }

    /// The Grundy value of one connected region.
    fn region_value(&mut self, region: Shape) -> Option<u8> {
        if horizontal_moves(region) == 0 && vertical_moves(region) == 0 {
            return Some(0);
        }
        // A region's value does not change under translation or symmetry: look it up as it
        // stands (moved to the corner) first, and canonicalise only on a miss.
        let (moved, _, _) = normalize(region);
        if let Some(value) = self.known(moved) {
            return Some(value);
        }
        let key = canonical(moved);
        if let Some(value) = self.known(key) {
            self.remember(moved, value);
            return Some(value);
        }
        let value = if half_turn_copyable(key) {
            0
        } else if region.count_ones() <= SMALL_CELLS {
            self.mex(key)?
        } else {
            let mut value = 0;
            while self.wins(&Sum {
                regions: SmallVec::from_slice(&[key]),
                heap: value,
            })? {
                value += 1;
            }
            value
        };
        self.remember(key, value);
        self.remember(moved, value);
        Some(value)
    }

    /// The mex of the values of a region's options.
    fn mex(&mut self, region: Shape) -> Option<u8> {
        self.stats.nodes += 1;
        self.tick()?;
        let mut seen = [0u64; 4];
        for domino in dominoes(region) {
            let value = self.cells_value(region & !domino)?;
            seen[usize::from(value / 64)] |= 1 << (value % 64);
        }
        Some(
            (0..MAX_VALUE)
                .find(|&v| seen[usize::from(v / 64)] & (1 << (v % 64)) == 0)
                .unwrap_or(MAX_VALUE),
        )
    }

    /// Whether the player to move wins `sum`.
    fn wins(&mut self, sum: &Sum) -> Option<bool> {
        if sum.regions.is_empty() {
            return Some(sum.heap != 0);
        }
        let key = fingerprint(sum);
        if let Some(outcome) = self.outcomes.get(key) {
            self.stats.hits += 1;
            return Some(outcome == WINS);
        }
        self.stats.searched += 1;
        self.tick()?;
        // The options: moves on the heap, then each domino in each region, searched in the
        // order of `order_key`.
        let mut options: Vec<(u32, Sum)> = Vec::with_capacity(
            usize::from(sum.heap)
                + sum
                    .regions
                    .iter()
                    .map(|&r| moves(r) as usize)
                    .sum::<usize>(),
        );
        for heap in 0..sum.heap {
            let option = Sum {
                regions: sum.regions.clone(),
                heap,
            };
            options.push((order_key(&option), option));
        }
        'generate: for (i, &region) in sum.regions.iter().enumerate() {
            for domino in dominoes(region) {
                let mut option = Sum {
                    regions: SmallVec::new(),
                    heap: sum.heap,
                };
                let others = sum.regions.iter().enumerate().filter(|&(j, _)| j != i);
                option.regions.extend(others.map(|(_, &other)| other));
                self.add(&mut option, region, domino)?;
                if option.regions.is_empty() && option.heap == 0 {
                    // A move to the empty position wins (no need to order the rest).
                    options.clear();
                    options.push((0, option));
                    break 'generate;
                }
                options.push((order_key(&option), option));
            }
        }
        options.sort_unstable_by_key(|(order, option)| (*order, option.heap));
        let mut wins = false;
        for (_, option) in &options {
            if !self.wins(option)? {
                wins = true;
                break;
            }
        }
        self.outcomes.set(key, if wins { WINS } else { LOSES });
        self.stats.stores += 1;
        if !wins && sum.regions.len() == 1 {
            // One region plus a heap of k, lost: the region's value is k.
            self.remember(sum.regions[0], sum.heap);
        }
        Some(wins)
    }

    /// Adds to `sum` the regions `region` leaves when `domino` is played in it: small or known
    /// ones to the heap, the others as keys (kept sorted, equal pairs cancelled).
    fn add(&mut self, sum: &mut Sum, region: Shape, domino: Shape) -> Option<()> {
        let first = domino.trailing_zeros();
        let vertical = domino >> (first + 1) & 1 == 0;
        // Most dominoes leave the region whole: a local check saves the flood.
        let rest = region & !domino;
        let pieces = if stays_connected(region, first, vertical) && stays_whole(rest) {
            SmallVec::from_slice(&[rest])
        } else {
            pieces(rest)
        };
        for piece in pieces {
            if horizontal_moves(piece) == 0 && vertical_moves(piece) == 0 {
                continue;
            }
            if piece.count_ones() <= SMALL_CELLS {
                sum.heap ^= self.region_value(piece)?;
                continue;
            }
            let key = canonical(piece);
            match self.known(key) {
                Some(value) => sum.heap ^= value,
                None if half_turn_copyable(key) => self.remember(key, 0),
                None => sum.regions.push(key),
            }
        }
        sum.regions.sort_unstable();
        cancel_pairs(&mut sum.regions);
        Some(())
    }
}
/// The independent regions of `cells` (see [`split`]).
fn pieces(cells: Shape) -> SmallVec<[Shape; 8]> {
    let mut pieces = SmallVec::new();
    split(cells, &mut |piece| pieces.push(piece));
    pieces
}

/// Removes equal neighbours two at a time from a sorted list (a region plus itself is worth 0).
fn cancel_pairs(regions: &mut SmallVec<[Shape; 3]>) {
    let mut kept = 0;
    let mut i = 0;
    while i < regions.len() {
        if i + 1 < regions.len() && regions[i] == regions[i + 1] {
            i += 2;
        } else {
            regions[kept] = regions[i];
            kept += 1;
            i += 1;
        }
    }
    regions.truncate(kept);
}

/// Two independent 64-bit hashes of a sum, as one 128-bit fingerprint.
fn fingerprint(sum: &Sum) -> u128 {
    let (mut low, mut high) = (mix(u64::from(sum.heap)), mix(!u64::from(sum.heap)));
    for &region in &sum.regions {
        let (a, b) = (region as u64, (region >> 64) as u64);
        low = mix(low ^ a).wrapping_add(mix(b.rotate_left(17)));
        high = mix(high.rotate_left(29) ^ b) ^ mix(a.wrapping_add(0x9E37_79B9_7F4A_7C15));
    }
    u128::from(low) | u128::from(high) << 64
}

/// How many dominoes fit in `cells`.
fn moves(cells: Shape) -> u32 {
    horizontal_moves(cells).count_ones() + vertical_moves(cells).count_ones()
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

/// The search order of an option (least first): the fewest moves and cells left in its
/// unknown regions (a position with few moves has few options to refute; counting the cells as
/// much as the moves searched 3 to 6% fewer sums than counting the moves twice). Ties go to
/// the smaller heap: a region plus a heap is lost when the heap equals the region's value, and
/// values are mostly small.
fn order_key(option: &Sum) -> u32 {
    option
        .regions
        .iter()
        .map(|&region| moves(region) + region.count_ones())
        .sum()
}
