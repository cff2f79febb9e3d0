//! The runs of a plane joined into connected sets: the union-find under labeling, counting
//! and the end of long floods.
//!
//! The set cells of a row form runs, and a run is found from the row's words alone: it starts
//! where a set bit follows a clear one, and the run holding cell `x` is numbered by how many
//! runs start at or before `x` (one population count a word). Each row's runs are joined to
//! those of the row above they touch, in a union-find over runs whose roots are always the
//! earliest run of their set, one of two ways chosen for each row: a union for each place
//! where two runs touch (found a word at a time), or a group at a time, where groups of
//! touching runs span many runs (dense images). A 255 x 255 plane at 40% holds about 15,000
//! runs for its 26,000 set cells, and the union-find never sees a cell.

use std::hint::select_unpredictable;
use std::ops::RangeInclusive;

use crate::Connectivity;
use crate::plane::Plane;

/// The runs of a plane, joined into sets. Runs are numbered from 1 in row-major order (0 stands
/// for "no run"); each run's set is its root, the earliest run of the set (`parent[i] <= i`).
#[derive(Clone, Debug, Default)]
pub(crate) struct RunSets {
    /// Words a row.
    pub(crate) stride: usize,
    /// For each word of the plane, the number of runs that start before it (in earlier rows,
    /// or earlier in its row): the number of the run going on at its first cell, if any.
    pub(crate) runs_before: Vec<u32>,
    /// The union-find forest over runs, `0..=runs` (0 is its own set, for no run; while rows
    /// are joined, [`SPARE_RUNS`] more entries past the last run).
    pub(crate) parent: Vec<u32>,
}

/// The cells of a row where a run starts: word `i` of `row`.
#[inline(always)]
pub(crate) fn starts(row: &[u64], i: usize) -> u64 {
    let before = if i == 0 { 0 } else { row[i - 1] >> 63 };
    row[i] & !((row[i] << 1) | before)
}

/// The cells of a row where a run ends (its last cell): word `i` of `row`.
#[inline(always)]
fn ends(row: &[u64], i: usize) -> u64 {
    let after = row.get(i + 1).map_or(0, |&next| next << 63);
    row[i] & !((row[i] >> 1) | after)
}

/// Whether row `y` of `plane` is the row above it again: made of the same runs, which can
/// only be joined to each other, so it takes their numbers, has nothing to join and has their
/// labels.
#[inline(always)]
pub(crate) fn repeats_row_above(plane: &Plane, y: usize) -> bool {
    y > 0 && plane.row(y) == plane.row(y - 1)
}

/// The cells `x` of word `i` of `row` whose next cell `x + 1` is set.
#[inline(always)]
fn next_set(row: &[u64], i: usize) -> u64 {
    next_set_of(row[i], row.get(i + 1).copied())
}

/// The cells `x` of word `i` of the two rows that are connected to cell `x + 1` by the runs
/// holding them (both cells set in `row | above`): always at 8-connectivity (cells side by
/// side in one row are in one run; a cell and the next one in the other row touch by a
/// corner); at 4-connectivity unless one cell is set in one row only and the next cell in the
/// other row only.
#[inline(always)]
fn links(row: &[u64], above: &[u64], i: usize, eight: bool) -> u64 {
    let next = row.get(i + 1).zip(above.get(i + 1));
    let either = row[i] | above[i];
    let linked = either & next_set_of(either, next.map(|(r, a)| r | a));
    if eight {
        return linked;
    }
    let (row_only, above_only) = (row[i] & !above[i], above[i] & !row[i]);
    let row_only_next = next_set_of(row_only, next.map(|(r, a)| r & !a));
    let above_only_next = next_set_of(above_only, next.map(|(r, a)| a & !r));
    linked & !(row_only & above_only_next) & !(above_only & row_only_next)
}

/// The cells `x` of a word whose next cell `x + 1` is set, given the word and the next word
/// of the row (if any).
#[inline(always)]
fn next_set_of(word: u64, next: Option<u64>) -> u64 {
    (word >> 1) | next.map_or(0, |next| next << 63)
}

/// The bits at or below bit `bit`.
#[inline(always)]
const fn up_to(bit: u32) -> u64 {
    !0 >> (63 - bit)
}

/// Rows are joined a group at a time ([`RunSets::join_groups`]) where the two rows hold at
/// least this many runs a group, at 4- and at 8-connectivity (where touch by touch costs more:
/// its runs touch by corners too). Measured on YACCLAB's random images (docs/kernels.md):
/// groups are 1.1x faster at 70% 8-connected (about 5 runs a group), 1.4x at 80% (8); 1.2x at
/// 90% 4-connected (7), 0.9x at 80% (3.5).
const RUNS_A_GROUP: [u32; 2] = [5, 4];

/// Entries at the end of the union-find while rows are joined, past the last run: a group's
/// new runs get their parent four at a time ([`RunSets::join_group`]).
const SPARE_RUNS: u32 = 3;

/// Rows joined touch by touch count their groups again only every this many rows (counting
/// them costs 2 to 5% of a sparse image's labeling); rows joined by groups count them anyway.
const LOOK_AGAIN: usize = 8;

/// Writes into `ends`, for each word of rows `y - 1` and `y` of `plane`, the cells where a
/// group ends ([`RunSets::join_groups`]); returns the number of groups.
#[inline(always)]
fn fill_group_ends(plane: &Plane, y: usize, eight: bool, ends: &mut [u64]) -> u32 {
    let (row, above) = (plane.row(y), plane.row(y - 1));
    let mut groups = 0;
    for (i, end) in ends.iter_mut().enumerate() {
        *end = (row[i] | above[i]) & !links(row, above, i, eight);
        groups += end.count_ones();
    }
    groups
}

impl RunSets {
    /// The runs of `plane` joined by `connectivity`. Inlined into the kernels that call it, so
    /// that each [`crate::dispatch`] path compiles its population counts with its own
    /// instructions.
    #[inline(always)]
    pub(crate) fn of(plane: &Plane, connectivity: Connectivity) -> Self {
        Self::joined(plane, connectivity, None)
    }

    /// [`RunSets::of`], joining every row by groups (`Some(true)`), every row touch by touch
    /// (`Some(false)`), or each row the faster way for it (`None`).
    #[inline(always)]
    fn joined(plane: &Plane, connectivity: Connectivity, by_groups_always: Option<bool>) -> Self {
        let stride = plane.stride();
        let mut runs_before = Vec::with_capacity(plane.words().len());
        let mut runs = 0u32;
        for y in 0..plane.height() {
            if repeats_row_above(plane, y) {
                runs_before.extend_from_within((y - 1) * stride..y * stride);
                continue;
            }
            let row = plane.row(y);
            for i in 0..stride {
                runs_before.push(runs);
                runs += starts(row, i).count_ones();
            }
        }
        let mut sets = Self {
            stride,
            runs_before,
            parent: (0..=runs + SPARE_RUNS).collect(),
        };
        let eight = connectivity == Connectivity::Eight;
        let mut group_ends = vec![0; stride];
        let mut by_groups = false;
        for y in (1..plane.height()).filter(|&y| !repeats_row_above(plane, y)) {
            // Rows joined touch by touch look again every few rows.
            if by_groups || y % LOOK_AGAIN == 1 || by_groups_always.is_some() {
                let groups = fill_group_ends(plane, y, eight, &mut group_ends);
                let runs = sets.runs_in_row(plane, y - 1) + sets.runs_in_row(plane, y);
                by_groups =
                    by_groups_always.unwrap_or(runs >= RUNS_A_GROUP[usize::from(eight)] * groups);
            }
            if by_groups {
                sets.join_groups(plane, y, &group_ends);
            } else {
                sets.join_touching(plane, y, eight);
            }
        }
        sets.parent.truncate(runs as usize + 1);
        sets
    }

    /// The number of runs in row `y` of `plane`.
    #[inline(always)]
    fn runs_in_row(&self, plane: &Plane, y: usize) -> u32 {
        let (first, last) = (y * self.stride, (y + 1) * self.stride - 1);
        let in_last_word = starts(plane.row(y), self.stride - 1).count_ones();
        self.runs_before[last] + in_last_word - self.runs_before[first]
    }

    /// The number of the run holding cell `bit` of word `word` (which must be set), counting
    /// the runs starting in that word from `starts`.
    #[inline(always)]
    pub(crate) fn run_at(&self, word: usize, starts: u64, bit: u32) -> u32 {
        self.runs_before[word] + (starts & up_to(bit)).count_ones()
    }

    /// Joins the runs of row `y` to the runs of row `y - 1` they touch.
    #[inline(always)]
    fn join_touching(&mut self, plane: &Plane, y: usize, eight: bool) {
        let (row, above) = (plane.row(y), plane.row(y - 1));
        let mut overlap_before = 0;
        for i in 0..self.stride {
            let here = (y * self.stride + i, starts(row, i));
            let up = ((y - 1) * self.stride + i, starts(above, i));
            let overlap = row[i] & above[i];
            // Two runs overlap in one stretch: its first cell joins them.
            let first_cells = overlap & !((overlap << 1) | overlap_before);
            overlap_before = overlap >> 63;
            self.join_at(first_cells, here, up, 0);
            if eight {
                // A run that ends at `x` touches, by a corner, a run of the other row that
                // starts at `x + 1` (the run after the last one started at or before `x`).
                self.join_at(ends(row, i) & next_set(above, i) & !above[i], here, up, 1);
                self.join_at(ends(above, i) & next_set(row, i) & !row[i], up, here, 1);
            }
        }
    }

    /// For each cell of `cells` (in one word of both rows), joins the run of the first row that
    /// holds it to a run of the second row: the one that holds it (`later` 0), or the one that
    /// starts just after it (`later` 1). A row is given as (word index, its run starts).
    #[inline(always)]
    fn join_at(&mut self, mut cells: u64, first: (usize, u64), second: (usize, u64), later: u32) {
        while cells != 0 {
            let bit = cells.trailing_zeros();
            cells &= cells - 1;
            let a = self.run_at(first.0, first.1, bit);
            let b = self.run_at(second.0, second.1, bit) + later;
            self.union(a, b);
        }
    }

    /// Joins the sets of runs `a` and `b`, the later root under the earlier: Rem's algorithm
    /// with splicing, which climbs both paths at once, one step on the side whose parent is
    /// later, and hangs that node under the other side's parent as it goes (so paths shorten
    /// while they are climbed, and the climb stops where the paths meet).
    ///
    /// The first step takes branches (mostly `a` is a run of the new row, still its own root,
    /// and one step joins it); the climb after it chooses its side without a branch, since
    /// which side is later comes at random. Taken as branches there, its mispredictions cost
    /// 10 to 25% of an 8-connected labeling depending on where the code happens to lie, so
    /// that two builds of the same source differed by that much (docs/kernels.md).
    #[inline(always)]
    fn union(&mut self, mut a: u32, mut b: u32) {
        let parent = &mut self.parent;
        let (up_a, up_b) = (parent[a as usize], parent[b as usize]);
        if up_a == up_b {
            return;
        }
        if up_a > up_b {
            parent[a as usize] = up_b;
            if up_a == a {
                return;
            }
            a = up_a;
        }
        loop {
            let (up_a, up_b) = (parent[a as usize], parent[b as usize]);
            if up_a == up_b {
                return;
            }
            // The side whose parent is later (`x`) climbs, spliced under the other's parent.
            let swap = up_a < up_b;
            let (x, y) = select_unpredictable(swap, (b, a), (a, b));
            let (up_x, up_y) = select_unpredictable(swap, (up_b, up_a), (up_a, up_b));
            parent[x as usize] = up_y;
            if up_x == x {
                return;
            }
            (a, b) = (up_x, y);
        }
    }

    /// Joins the runs of row `y` to the runs of row `y - 1`, a group at a time, from the
    /// group ends of each word of the two rows in `group_ends` ([`fill_group_ends`]).
    ///
    /// The set cells of both rows (`row | above`) fall into groups: stretches of cells each
    /// connected to the next by the runs that hold them ([`links`]). Every run of either row
    /// lies in one group, the runs of a group are connected, and runs of different groups do
    /// not touch; so the groups split both rows' runs into consecutive ranges, and the end of a
    /// group is where a range ends. A group holding runs of both rows joins them all: the
    /// above runs' sets become one, and the new runs (still sets of their own) take its root.
    /// On a dense image a group spans many runs (a hundred cells at 90%, 8-connected), and
    /// that is a load for each above run and a fill of the new ones' parents, where joining
    /// each touching pair would cost a union apiece.
    #[inline(always)]
    fn join_groups(&mut self, plane: &Plane, y: usize, group_ends: &[u64]) {
        let (row, above) = (plane.row(y), plane.row(y - 1));
        let (here, up) = (y * self.stride, (y - 1) * self.stride);
        let (mut new_done, mut above_done) = (self.runs_before[here], self.runs_before[up]);
        for (i, &ends) in group_ends.iter().enumerate() {
            let (row_starts, above_starts) = (starts(row, i), starts(above, i));
            let mut ends = ends;
            while ends != 0 {
                let bit = ends.trailing_zeros();
                ends &= ends - 1;
                let new_to = self.run_at(here + i, row_starts, bit);
                let above_to = self.run_at(up + i, above_starts, bit);
                if new_to != new_done && above_to != above_done {
                    self.join_group(new_done + 1..=new_to, above_done + 1..=above_to);
                } else if new_to != new_done {
                    // A group of one new run (runs of one row touch only through the other
                    // row): its own set again, after an earlier group's fill ran over it.
                    debug_assert_eq!(new_to, new_done + 1);
                    self.parent[new_to as usize] = new_to;
                }
                (new_done, above_done) = (new_to, above_to);
            }
        }
        // The next row's first runs, which the last fill may have run over, are their own
        // sets again.
        for run in new_done + 1..=new_done + SPARE_RUNS {
            self.parent[run as usize] = run;
        }
    }

    /// Joins a group's runs: the sets of the runs of the row above (`above`) become one, the
    /// root the earliest of their roots, and the runs of the new row (`new`, each its own set
    /// until now) go under it.
    #[inline(always)]
    fn join_group(&mut self, new: RangeInclusive<u32>, above: RangeInclusive<u32>) {
        let (first, last) = above.into_inner();
        let mut root = self.root(first);
        for run in first + 1..=last {
            // Mostly the run's parent is the root already: the previous row's group put it so.
            if self.parent[run as usize] != root {
                let other = self.root(run);
                let (low, high) = (root.min(other), root.max(other));
                self.parent[high as usize] = low;
                root = low;
            }
        }
        let (start, end) = (*new.start() as usize, *new.end() as usize);
        // Four runs' parents in one store, whether or not the group has four new runs (most
        // have fewer): no loop, whose count a branch would guess.
        self.parent[start..=start + SPARE_RUNS as usize].fill(root);
        if end > start + SPARE_RUNS as usize {
            self.parent[start..=end].fill(root);
        }
    }

    /// The root of run `run`'s set, halving the path as it climbs (each node passed hangs
    /// under its grandparent).
    #[inline(always)]
    fn root(&mut self, mut run: u32) -> u32 {
        let parent = &mut self.parent;
        loop {
            let up = parent[run as usize];
            if up == run {
                return run;
            }
            let grand = parent[up as usize];
            parent[run as usize] = grand;
            run = grand;
        }
    }

    /// The number of sets of runs: the components.
    pub(crate) fn count(&self) -> u32 {
        let roots = self
            .parent
            .iter()
            .enumerate()
            .filter(|&(run, &parent)| run == parent as usize);
        roots.count() as u32 - 1
    }

    /// Replaces each run's parent by its component's number, `1..`, in order of the roots
    /// (0 stays 0): a parent is always an earlier run, so its number is already final.
    /// Returns the count.
    pub(crate) fn number_components(&mut self) -> u32 {
        let mut count = 0;
        for run in 1..self.parent.len() {
            let parent = self.parent[run] as usize;
            // Both values are read and one is kept, without a branch: roots come at random.
            // (An `if` here compiles to a branch, whose mispredictions cost about a third of
            // a 4-connected labeling.)
            let root = parent == run;
            count += u32::from(root);
            let inherited = self.parent[parent];
            self.parent[run] = select_unpredictable(root, count, inherited);
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A plane whose cells are set with probability `density`, from `seed`.
    fn random_plane(width: usize, height: usize, density: f64, seed: u64) -> Plane {
        let mut state = seed | 1;
        Plane::from_fn(width, height, |_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 11) as f64 / (1u64 << 53) as f64 <= density
        })
    }

    proptest! {
        /// Both ways of joining rows give every run the same component, on planes of any
        /// density (each way alone; the kernels' tests check the labels against a search).
        #[test]
        fn groups_join_as_touching_runs_do(
            width in 1..200usize,
            height in 1..40usize,
            density in prop::sample::select(vec![0.2, 0.5, 0.7, 0.8, 0.9, 0.97]),
            seed: u64,
            eight: bool,
        ) {
            let plane = random_plane(width, height, density, seed);
            let connectivity = if eight { Connectivity::Eight } else { Connectivity::Four };
            let mut touching = RunSets::joined(&plane, connectivity, Some(false));
            let mut groups = RunSets::joined(&plane, connectivity, Some(true));
            prop_assert_eq!(touching.number_components(), groups.number_components());
            prop_assert_eq!(touching.parent, groups.parent);
        }
    }
}
