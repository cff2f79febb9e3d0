//! Where a solver's searches go ([`Profile`]): the regions searched by their size and how each
//! search ended, the options built, and the traffic of each memo table ([`Traffic`]). Plain
//! counters, always kept (a few increments a search and a table access); unlike
//! [`Stats`](super::Stats) they count this solver's work only, not a checkpoint's.

/// The largest region a layout holds, in cells ([`Profile::searched_by_cells`] has one more
/// entry: one for each count from 0).
pub const MOST_CELLS: usize = 128;

/// The size classes of the regions whose entries a table replaced
/// ([`Traffic::evicted_by_cells`]): a count of cells each, the last for that many or more.
pub const EVICTED_CLASSES: usize = 32;

/// The traffic of one memo table: lookups by how they were answered, and stores by what they
/// took the place of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Traffic {
    /// Lookups of absent keys answered by the filter, without reading a bucket.
    pub filtered: u64,
    /// Lookups that read a bucket and found the key.
    pub hits: u64,
    /// Lookups that read a bucket and did not find the key.
    pub misses: u64,
    /// Entries stored (new, over the key's own entry, or over another key's).
    pub stores: u64,
    /// Stores over the key's own entry (a region stored again).
    pub restores: u64,
    /// Stores into a full bucket, which replaced another key's entry, by that entry's region
    /// size in cells (kept beside the entry in its bucket): entry `c` for `c` cells, the last
    /// for [`EVICTED_CLASSES`]` - 1` or more; entry 0 for entries read from a checkpoint
    /// (which keeps no sizes).
    pub evicted_by_cells: [u64; EVICTED_CLASSES],
}

impl Traffic {
    /// Every lookup: the filtered ones, the hits and the misses.
    pub fn lookups(&self) -> u64 {
        self.filtered + self.hits + self.misses
    }

    /// Stores that replaced another key's entry.
    pub fn evictions(&self) -> u64 {
        self.evicted_by_cells.iter().sum()
    }

    /// Stores that replaced the entry of a region of at least `cells` cells (at most
    /// [`EVICTED_CLASSES`]` - 1`).
    pub fn evictions_from(&self, cells: usize) -> u64 {
        self.evicted_by_cells[cells.min(EVICTED_CLASSES - 1)..]
            .iter()
            .sum()
    }

    /// The size class of an entry of a region of `cells` cells.
    pub(super) fn class(cells: u32) -> u32 {
        cells.min(EVICTED_CLASSES as u32 - 1)
    }
}

/// Where a solver's searches went (see [`Solver::profile`](super::Solver::profile)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Profile {
    /// Regions searched for a value in a set, by their cells (entry `c` for `c` cells).
    pub searched_by_cells: [u64; MOST_CELLS + 1],
    /// Searches that ended with the region's value.
    pub valued: u64,
    /// Searches that ended with "not one of the wanted values".
    pub not_wanted: u64,
    /// Options built by searches (a domino each).
    pub options_built: u64,
    /// Searches that stopped while building their options, no wanted value being left.
    pub stopped_building: u64,
    /// Options left unknown once a search had built them all (those it may ask about).
    pub options_unknown: u64,
    /// Questions searches asked of their unknown options (an option may be asked again,
    /// for another guess).
    pub questions: u64,
    /// The value table's traffic.
    pub values: Traffic,
    /// The traffic of the table of values ruled out.
    pub excluded: Traffic,
}

impl Default for Profile {
    fn default() -> Self {
        Self {
            searched_by_cells: [0; MOST_CELLS + 1],
            valued: 0,
            not_wanted: 0,
            options_built: 0,
            stopped_building: 0,
            options_unknown: 0,
            questions: 0,
            values: Traffic::default(),
            excluded: Traffic::default(),
        }
    }
}

impl Profile {
    /// Every search counted in [`Profile::searched_by_cells`].
    pub fn searched(&self) -> u64 {
        self.searched_by_cells.iter().sum()
    }

    /// Searches of regions of `from` to `to` cells, both included.
    pub fn searched_between(&self, from: usize, to: usize) -> u64 {
        self.searched_by_cells[from.min(MOST_CELLS)..=to.min(MOST_CELLS)]
            .iter()
            .sum()
    }

    /// Counts a search of a region of `cells` cells.
    #[inline]
    pub(super) fn count_search(&mut self, cells: u32) {
        self.searched_by_cells[cells as usize] += 1;
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Board, position_value};
    use crate::shape::Tall;
    use crate::solver::Solver;

    /// The value of an empty board and the solver that found it, with tables of `bytes`.
    fn solved(rows: usize, columns: usize, bytes: usize) -> (Option<u8>, Solver<Tall>) {
        let mut solver = Solver::<Tall>::with_table_bytes(bytes);
        let value = position_value(&Board::new(rows, columns), &mut solver);
        (value, solver)
    }

    /// The histogram holds every search, of regions larger than the small ones and no larger
    /// than the board, and every search ended one way or the other; the value table's stores
    /// and found values are the solver's own counts.
    #[test]
    fn the_counts_add_up_to_the_searches() {
        for (rows, columns) in [(3, 7), (5, 5), (3, 11)] {
            let (_, solver) = solved(rows, columns, 1 << 24);
            let (stats, profile) = (solver.stats(), solver.profile());
            let cells = rows * columns;
            assert!(stats.searched > 0, "{rows} x {columns}");
            assert_eq!(profile.searched(), stats.searched);
            assert_eq!(profile.searched_between(13, cells), stats.searched);
            assert_eq!(profile.valued + profile.not_wanted, stats.searched);
            assert!(profile.stopped_building <= profile.not_wanted);
            assert!(profile.options_built >= profile.options_unknown);
            assert_eq!(profile.values.stores, stats.stores);
            // A search that ended "not wanted" stores what it ruled out (unless none of 0 to 6).
            assert!(profile.excluded.stores <= profile.not_wanted);
            assert!(profile.excluded.stores * 10 > profile.not_wanted * 9);
            // The solver's count also has the values found in the cache of small regions.
            assert!(stats.hits > profile.values.hits);
            assert_eq!(profile.excluded.filtered, 0, "that table has no filter");
        }
    }

    /// Tables large enough for the whole solve evict next to nothing (only the few entries
    /// of buckets that overflow before the table grows); tiny ones evict many, some of regions
    /// of 20 cells or more, and the value is the same.
    #[test]
    fn tiny_tables_evict_and_large_ones_hardly() {
        let (value, large) = solved(3, 11, 1 << 26);
        let profile = large.profile();
        assert!(profile.values.evictions() * 200 < profile.values.stores);
        assert!(profile.excluded.evictions() * 200 < profile.excluded.stores);
        let (tiny_value, tiny) = solved(3, 11, 1 << 14);
        assert_eq!(tiny_value, value);
        let profile = tiny.profile();
        assert!(profile.values.evictions() * 10 > profile.values.stores);
        assert!(profile.values.evictions_from(20) > 0);
        assert!(profile.excluded.evictions_from(20) > 0);
        assert!(profile.values.evictions() > profile.values.evictions_from(20));
        assert_eq!(profile.values.evicted_by_cells[0], 0, "every size was kept");
    }
}
