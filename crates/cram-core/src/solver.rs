//! The Sprague-Grundy solver: the value of a region is the mex of the values of its options,
//! and the value of a set of regions is the XOR of theirs.
//!
//! Small regions (at most [`SMALL_CELLS`] cells) are valued by the mex directly. A larger
//! region is searched with a *set of wanted values*: the search answers the region's value if
//! it lies in the set, or says that it does not. The value is one of the candidates that no
//! option's value has ruled out, and since each option rules out at most one, it is among the
//! `k + 1` smallest candidates when `k` options are still unknown; an option is asked only
//! whether its value is one of the candidates that matter, so most options are settled by a
//! shallow search. Only exact values of single regions are stored, so what the table holds
//! serves every later question about the region. (The method of Beling and Rogalski, "On
//! pruning search trees of impartial games", Artificial Intelligence 283, 2020.)

use std::io::{self, Read, Write};
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};

use smallvec::SmallVec;

use crate::shape::{
    Layout, Shape, Tall, Word, canonical_in_corner, half_turn_copyable_in_corner, horizontal_moves,
    normalize, split, stays_whole, vertical_moves,
};
use crate::values::Values;

mod budget;
mod dominoes;
mod order;
mod profile;
mod table;

use budget::Limits;
pub use budget::{Budget, OutOfBudget};
use dominoes::SearchOrder;
pub use dominoes::dominoes;
use order::{Leftover, cancel_pairs, option_order};
pub use profile::{EVICTED_CLASSES, MOST_CELLS, Profile, Traffic};
use table::{ExcludedTable, MAX_VALUE, ValueTable};

/// Regions of at most this many cells are valued by the mex of their options' values; larger
/// ones by searches for a set of values.
pub const SMALL_CELLS: u32 = 12;

/// Entries of the cache of small regions' values as they lie (see [`Solver::placed`]): 128
/// KiB on the layouts in a `u64` (larger ones measured no faster: the cache must stay close).
const PLACED_ENTRIES: usize = 1 << 13;

/// The size of the value table's filter: 128 KiB.
const VALUE_FILTER_BITS: usize = 1 << 20;

/// The first bytes of a checkpoint ([`Solver::write_to`]).
const CHECKPOINT_MAGIC: &[u8; 16] = b"floodgate-cram-2";

/// Counters of a solver's work.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Regions whose options were enumerated for a mex.
    pub nodes: u64,
    /// Regions searched for a value in a set.
    pub searched: u64,
    /// Values (or the values a region is known not to have) found in the tables.
    pub hits: u64,
    /// Values stored in the value table.
    pub stores: u64,
}

/// What looking up a region for a set of wanted values finds (search's `Answer` is another thing:
/// the move a judge always gets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lookup {
    /// The region's value (one of those wanted, or found all the same).
    Value(u8),
    /// The region's value is not one of those wanted.
    NotWanted,
}

/// What a search showed of a region's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Searched {
    /// The region's value.
    Value(u8),
    /// Values the region does not have: every wanted one, and maybe others.
    RuledOut(Values),
}

/// The options of a region being searched whose value is not known at once.
type Options<W> = SmallVec<[Leftover<W>; 32]>;

/// A Grundy-value solver with two memo tables of fixed capacity: region values by canonical
/// key, and the values searches showed a region does not have.
///
/// Regions are limited to what a [`Shape`] of the layout `L` holds: on [`Tall`] (the default)
/// a bounding box of 16 x 8 in either orientation, on [`Wide`](crate::shape::Wide) 32 x 4.
///
/// It answers every question in full unless held to a [`Budget`] by [`Solver::budgeted`]; a
/// question the budget runs out on is answered [`OutOfBudget`].
#[derive(Debug)]
pub struct Solver<L: Layout = Tall> {
    layout: PhantomData<L>,
    values: ValueTable,
    excluded: ExcludedTable,
    stats: Stats,
    /// Where its searches went (the tables count their own traffic).
    profile: Profile,
    /// Where it gives up (set by [`Solver::budgeted`]).
    limits: Limits,
    /// Values of straight lines by length.
    lines: Vec<u8>,
    /// Whether options of equal order are asked in the reverse of the order they were built.
    reversed_ties: bool,
    /// Whether the dominoes are walked from the middle out starting on the other side.
    mirrored: bool,
    /// The values of small regions as they lie on the grid (not moved to the corner nor
    /// canonicalised), one entry a hash of their cells (an empty region marks a free entry):
    /// the small pieces options leave recur at the same places, and this answers them without
    /// the work of a key and a table lookup.
    placed: Vec<(L::Word, u8)>,
}

impl<L: Layout> Solver<L> {
    /// A solver whose tables take at most `bytes` together: the table of values ruled out the
    /// largest power of two up to two thirds of them, the value table the largest power of two
    /// in the rest (docs/cram.md, "Where the searches go").
    pub fn with_table_bytes(bytes: usize) -> Self {
        let (values, excluded) = table::split(bytes);
        Self {
            layout: PhantomData,
            values: ValueTable::with_bytes(values, VALUE_FILTER_BITS),
            excluded: ExcludedTable::with_bytes(excluded),
            stats: Stats::default(),
            profile: Profile::default(),
            limits: Limits::default(),
            lines: Vec::new(),
            reversed_ties: false,
            mirrored: false,
            placed: vec![(L::Word::ZERO, 0); PLACED_ENTRIES],
        }
    }

    /// Writes both tables and the counters (a checkpoint) for [`Solver::read_from`]. Every
    /// entry is a proven fact about a region, so a checkpoint taken at any moment, even while
    /// a search is under way, is sound: a solver read back from it answers as a new one would,
    /// with less work.
    pub fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        out.write_all(CHECKPOINT_MAGIC)?;
        out.write_all(&layout_id::<L>().to_le_bytes())?;
        let Stats {
            nodes,
            searched,
            hits,
            stores,
        } = self.stats;
        for count in [nodes, searched, hits, stores] {
            out.write_all(&count.to_le_bytes())?;
        }
        self.values.write_to(out)?;
        self.excluded.write_to(out)
    }

    /// The solver [`Solver::write_to`] wrote, its tables allowed to grow to `bytes` together
    /// (or kept as large as they were written). An error for a checkpoint of another layout
    /// or one cut short.
    pub fn read_from(input: &mut impl Read, bytes: usize) -> io::Result<Self> {
        let invalid = |what: &str| io::Error::new(io::ErrorKind::InvalidData, what.to_string());
        let mut magic = [0; CHECKPOINT_MAGIC.len()];
        input.read_exact(&mut magic)?;
        if &magic != CHECKPOINT_MAGIC {
            return Err(invalid("not a checkpoint of the Cram solver's tables"));
        }
        let mut word = || table::read_u64(input);
        if word()? != layout_id::<L>() {
            return Err(invalid(
                "a checkpoint of another layout (a board is solved on the first that fits it)",
            ));
        }
        let stats = Stats {
            nodes: word()?,
            searched: word()?,
            hits: word()?,
            stores: word()?,
        };
        let (values, excluded) = table::split(bytes);
        Ok(Self {
            values: ValueTable::read_from(input, values)?,
            excluded: ExcludedTable::read_from(input, excluded)?,
            stats,
            ..Self::with_table_bytes(0)
        })
    }

    /// Asks options of equal order (see the search order in this module's code) in the
    /// reverse of the order they were built, when `reversed`: the same values by another
    /// search, for checking a value that nothing else can.
    pub fn set_reversed_ties(&mut self, reversed: bool) {
        self.reversed_ties = reversed;
    }

    /// Walks the dominoes from the middle out starting on the other side of the middle (see
    /// the search order in this module's code), when `mirrored`: the same values by another
    /// search that costs about as much as the usual one (ties reversed cost three to four
    /// times as much), for checking a value that nothing else can.
    pub fn set_mirrored(&mut self, mirrored: bool) {
        self.mirrored = mirrored;
    }

    /// The most memory the tables take, in bytes: their buckets (what
    /// [`Solver::with_table_bytes`] is given) and the value table's filter
    /// ([`Solver::filter_bytes`]).
    pub fn table_bytes(&self) -> usize {
        self.values.bytes() + self.excluded.bytes()
    }

    /// The most memory the value table's filter takes, in bytes (part of
    /// [`Solver::table_bytes`]).
    pub fn filter_bytes(&self) -> usize {
        self.values.filter_bytes()
    }

    /// The memory of the cache of placed dominoes beside the tables, in bytes (fixed: 2 MiB
    /// on the widest shapes).
    pub fn cache_bytes(&self) -> usize {
        PLACED_ENTRIES * size_of::<(L::Word, u8)>()
    }

    /// What the solver has done so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Where its searches went: the regions searched by size and how the searches ended, the
    /// options built and asked, and each table's traffic. Counted since the solver was made
    /// (a checkpoint keeps [`Stats`] only).
    pub fn profile(&self) -> Profile {
        Profile {
            values: self.values.traffic(),
            excluded: self.excluded.traffic(),
            ..self.profile
        }
    }

    /// Whether the deadline of its budget (see [`Solver::budgeted`]) has passed.
    pub fn expired(&self) -> bool {
        self.limits
            .deadline
            .is_some_and(|deadline| std::time::Instant::now() >= deadline)
    }

    /// The work done so far: regions valued by mex or searched.
    fn work(&self) -> u64 {
        self.stats.nodes + self.stats.searched
    }

    /// Counts a unit of work; out of budget past the work limit, or when the deadline has
    /// passed (the clock is read every 1024 units).
    fn tick(&mut self) -> Result<(), OutOfBudget> {
        let work = self.work();
        let late = work.is_multiple_of(1024) && self.expired();
        if !late && self.limits.work.is_none_or(|limit| work < limit) {
            Ok(())
        } else {
            Err(OutOfBudget)
        }
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

    /// The Grundy value of `cells` (any number of regions), unless the budget runs out.
    pub fn value(&mut self, cells: Shape) -> Result<u8, OutOfBudget> {
        if self.expired() {
            return Err(OutOfBudget);
        }
        self.cells_value(L::Word::from_u128(cells))
    }

    /// Whether the player to move loses on `cells` (any number of regions): whether their
    /// value is 0, unless the budget runs out. Cheaper than the value: all regions but the
    /// largest are valued, and the largest is only asked whether it is worth their XOR.
    pub fn loses(&mut self, cells: Shape) -> Result<bool, OutOfBudget> {
        if self.expired() {
            return Err(OutOfBudget);
        }
        let mut pieces = pieces::<L>(L::Word::from_u128(cells));
        pieces.sort_unstable_by_key(|piece| piece.count_ones());
        let Some(largest) = pieces.pop() else {
            return Ok(true);
        };
        let mut heap = 0;
        for piece in pieces {
            heap ^= self.region_value(piece)?;
        }
        Ok(self.region_value_in(largest, Values::single(heap))? == Lookup::Value(heap))
    }

    /// The Grundy value of `cells` (any number of regions): the XOR of its pieces' values.
    fn cells_value(&mut self, cells: L::Word) -> Result<u8, OutOfBudget> {
        let mut value = 0;
        for region in pieces::<L>(cells) {
            value ^= self.region_value(region)?;
        }
        Ok(value)
    }

    /// The value of a region, if the table has it (as it stands or by its canonical key).
    fn known(&mut self, region: L::Word) -> Option<u8> {
        let value = self.values.get(region.to_u128())?;
        self.stats.hits += 1;
        Some(value)
    }

    /// Stores the value of the region `key` (a canonical key).
    fn remember(&mut self, key: L::Word, value: u8) {
        self.values.set(key.to_u128(), value, key.count_ones());
        self.stats.stores += 1;
    }

    /// The Grundy value of one connected region.
    fn region_value(&mut self, region: L::Word) -> Result<u8, OutOfBudget> {
        match self.region_value_in(region, Values::ALL)? {
            Lookup::Value(value) => Ok(value),
            Lookup::NotWanted => unreachable!("every value is wanted"),
        }
    }

    /// The Grundy value of one connected region if it is one of `wanted`.
    fn region_value_in(&mut self, region: L::Word, wanted: Values) -> Result<Lookup, OutOfBudget> {
        if horizontal_moves::<L>(region) | vertical_moves::<L>(region) == L::Word::ZERO {
            return Ok(Lookup::Value(0));
        }
        if region.count_ones() <= SMALL_CELLS {
            // Small regions are valued exactly whatever is wanted.
            let slot = placed_slot(region);
            let (cells, value) = self.placed[slot];
            if cells == region {
                self.stats.hits += 1;
                return Ok(Lookup::Value(value));
            }
            let answer = self.region_value_by_key(region, wanted)?;
            if let Lookup::Value(value) = answer {
                self.placed[slot] = (region, value);
            }
            return Ok(answer);
        }
        self.region_value_by_key(region, wanted)
    }

    /// [`Solver::region_value_in`] of a region with a move, by its canonical key.
    fn region_value_by_key(
        &mut self,
        region: L::Word,
        wanted: Values,
    ) -> Result<Lookup, OutOfBudget> {
        // A region's value does not change under translation or symmetry: it is kept by its
        // canonical key alone (one lookup, one entry).
        let (moved, width, height) = normalize::<L>(region);
        let (key, width, height) = canonical_in_corner::<L>(moved, width, height);
        if let Some(value) = self.known(key) {
            return Ok(Lookup::Value(value));
        }
        let value = if half_turn_copyable_in_corner::<L>(key, width, height) {
            0
        } else if region.count_ones() <= SMALL_CELLS {
            self.mex(key)?
        } else {
            let ruled_out = self.excluded.get(key.to_u128());
            let wanted = wanted.minus(ruled_out);
            if wanted == Values::default() {
                self.stats.hits += 1;
                return Ok(Lookup::NotWanted);
            }
            match self.search(key, width, height, wanted)? {
                Searched::Value(value) => {
                    self.profile.valued += 1;
                    value
                }
                Searched::RuledOut(not) => {
                    self.profile.not_wanted += 1;
                    let cells = key.count_ones();
                    self.excluded.set(key.to_u128(), not.or(ruled_out), cells);
                    return Ok(Lookup::NotWanted);
                }
            }
        };
        self.remember(key, value);
        Ok(Lookup::Value(value))
    }

    /// The mex of the values of a region's options.
    fn mex(&mut self, region: L::Word) -> Result<u8, OutOfBudget> {
        self.stats.nodes += 1;
        self.tick()?;
        let mut seen = [0u64; 4];
        for domino in dominoes::<L>(region) {
            let value = self.cells_value(region & !domino)?;
            seen[usize::from(value / 64)] |= 1 << (value % 64);
        }
        Ok((0..MAX_VALUE)
            .find(|&v| seen[usize::from(v / 64)] & (1 << (v % 64)) == 0)
            .unwrap_or(MAX_VALUE))
    }

    /// The value of the region `key` (canonical, not small, not in the table) if it is one of
    /// `wanted` (or the search found it all the same), else the values the search showed it
    /// does not have: all of `wanted`, and every value the candidates left then do not hold.
    fn search(
        &mut self,
        key: L::Word,
        width: u32,
        height: u32,
        wanted: Values,
    ) -> Result<Searched, OutOfBudget> {
        self.stats.searched += 1;
        self.profile.count_search(key.count_ones());
        self.tick()?;
        let mut options = Options::new();
        let candidates = self.build_options(key, width, height, wanted, &mut options)?;
        if candidates.is_disjoint(wanted) {
            // Every value but the candidates is ruled out (see `rule_out`).
            self.profile.stopped_building += 1;
            return Ok(Searched::RuledOut(Values::ALL.minus(candidates)));
        }
        self.profile.options_unknown += options.len() as u64;
        let mut order = option_order(&options, self.reversed_ties);
        if wanted == Values::ALL {
            return self
                .value_by_guesses(candidates, &mut options, &mut order)
                .map(Searched::Value);
        }
        self.value_if_wanted(candidates, &mut options, &order, wanted)
    }

    /// Builds the options of the region `key` (each domino's leftover) and keeps in `options`
    /// those whose value is not known at once; answers the candidates the others leave for the
    /// region's value, as soon as they hold no wanted value (the walk stops there) or once
    /// every option is built.
    ///
    /// The candidates start as every value up to the number of options (the mex is at most
    /// that). Each option rules out its value, or (as far as the count goes) the largest
    /// candidate: with `k` options unknown, the value is among the `k + 1` smallest candidates
    /// that no known option has.
    fn build_options(
        &mut self,
        key: L::Word,
        width: u32,
        height: u32,
        wanted: Values,
        options: &mut Options<L::Word>,
    ) -> Result<Values, OutOfBudget> {
        let mut candidates = Values::up_to(moves::<L>(key).min(u32::from(MAX_VALUE)) as u8);
        // An option with large regions is looked up once the next such option is built, so
        // that their table entries come from memory meanwhile (see `Table::prefetch`): until
        // then it is the last of `options`. An option valued at once is judged at once.
        let mut pending = false;
        for (domino, connected) in SearchOrder::<L>::new(key, width, height, self.mirrored) {
            let option = self.leftover(key, domino, connected)?;
            self.profile.options_built += 1;
            if option.unknown.is_empty() {
                candidates.rule_out(option.heap);
            } else {
                if pending {
                    self.look_up_last(options, &mut candidates);
                }
                options.push(option);
                pending = true;
            }
            if candidates.is_disjoint(wanted) {
                return Ok(candidates);
            }
        }
        if pending {
            self.look_up_last(options, &mut candidates);
        }
        Ok(candidates)
    }

    /// The value of a region from the candidates its known options leave and its unknown
    /// `options` asked in `order`, if it is one of `wanted` (not all values); else the values
    /// ruled out. Each option is asked only whether its value is one of the candidates but the
    /// largest (and at most the largest wanted value).
    #[inline(always)]
    fn value_if_wanted(
        &mut self,
        mut candidates: Values,
        options: &mut [Leftover<L::Word>],
        order: &[u8],
        wanted: Values,
    ) -> Result<Searched, OutOfBudget> {
        let wanted_up_to = Values::up_to(wanted.largest().unwrap_or(0));
        let mut exact = true;
        // The values ruled out: all but the candidates, or, once an option was not valued, all
        // but the candidates up to the largest wanted value (only those were kept exactly).
        let not = |candidates: Values, exact: bool| {
            let outside = Values::ALL.minus(candidates);
            if exact {
                outside
            } else {
                outside.and(wanted_up_to)
            }
        };
        for &i in order {
            let option = &mut options[usize::from(i)];
            if candidates.is_disjoint(wanted) {
                return Ok(Searched::RuledOut(not(candidates, exact)));
            }
            let others = candidates.without_largest();
            let asked = others.and(wanted_up_to);
            if asked == Values::default() {
                // No answer would keep a candidate that matters.
                candidates = others;
                exact = false;
                continue;
            }
            self.settle(option)?;
            self.profile.questions += 1;
            let (first, heap) = (option.unknown[0], option.heap);
            match self.region_value_in(first, asked.xor_each(heap))? {
                Lookup::Value(value) => candidates.rule_out(value ^ heap),
                Lookup::NotWanted => {
                    candidates = others;
                    exact = false;
                }
            }
        }
        // One candidate is left. When an option was not valued, only the candidates up to the
        // largest wanted value were kept exactly, so the last one is the value only there.
        let value = candidates.smallest_value().expect("one candidate is left");
        if exact || wanted_up_to.contains(value) {
            Ok(Searched::Value(value))
        } else {
            Ok(Searched::RuledOut(not(candidates, exact)))
        }
    }

    /// The value of a region from the candidates its known options leave and its unknown
    /// options, by guesses: for each candidate from the least up, ask each unknown option
    /// whether it has that value (a question with one wanted value, which prunes best); an
    /// option that answers with its value rules that out from then on. The first candidate no
    /// option has is the region's value.
    fn value_by_guesses(
        &mut self,
        mut candidates: Values,
        options: &mut [Leftover<L::Word>],
        order: &mut SmallVec<[u8; 64]>,
    ) -> Result<u8, OutOfBudget> {
        'guesses: while let Some(guess) = candidates.smallest_value() {
            let mut i = 0;
            while i < order.len() {
                let option = &mut options[usize::from(order[i])];
                self.settle(option)?;
                self.profile.questions += 1;
                let (first, heap) = (option.unknown[0], option.heap);
                match self.region_value_in(first, Values::single(guess ^ heap))? {
                    Lookup::Value(value) => {
                        candidates.rule_out(value ^ heap);
                        order.remove(i);
                        if !candidates.contains(guess) {
                            continue 'guesses;
                        }
                    }
                    Lookup::NotWanted => i += 1,
                }
            }
            return Ok(guess);
        }
        unreachable!("a region has fewer options than candidates")
    }

    /// Values all but the first (largest) of an option's unknown regions and adds them to its
    /// heap, so that only the first is left to ask.
    fn settle(&mut self, option: &mut Leftover<L::Word>) -> Result<(), OutOfBudget> {
        while option.unknown.len() > 1 {
            let piece = option.unknown.pop().expect("two or more");
            option.heap ^= self.region_value(piece)?;
        }
        Ok(())
    }

    /// The regions `domino` leaves of `region` (reduced and cut, see [`split`]; `connected`
    /// when the domino surely leaves the region connected): small ones are valued on the spot
    /// and go to the heap, the others are kept as canonical keys for [`Solver::look_up`].
    fn leftover(
        &mut self,
        region: L::Word,
        domino: L::Word,
        connected: bool,
    ) -> Result<Leftover<L::Word>, OutOfBudget> {
        // Most dominoes leave the region whole: a local check (`connected`, from
        // `may_cut`) saves the flood.
        let rest = region & !domino;
        let mut option = Leftover::default();
        if connected && stays_whole::<L>(rest) {
            self.add_piece(&mut option, rest)?;
        } else {
            let mut late = false;
            split::<L, _>(rest, &mut |piece| {
                late = late || self.add_piece(&mut option, piece).is_err();
            });
            if late {
                return Err(OutOfBudget);
            }
        }
        Ok(option)
    }

    /// Looks the last of `options` up (see [`Solver::look_up`]); when that values it, its value
    /// is ruled out of `candidates` and it leaves `options`.
    fn look_up_last(&mut self, options: &mut Options<L::Word>, candidates: &mut Values) {
        let last = options.last_mut().expect("an option is pending");
        self.look_up(last);
        if last.unknown.is_empty() {
            candidates.rule_out(last.heap);
            options.pop();
        }
    }

    /// Looks an option's large regions up in the value table (their entries were fetched
    /// when they were added): those of known value go to its heap; the others are left as
    /// its unknown regions, the largest first, equal pairs cancelled.
    fn look_up(&mut self, option: &mut Leftover<L::Word>) {
        if let [key] = option.unknown[..] {
            // Most options leave one large region.
            if let Some(value) = self.known(key) {
                option.heap ^= value;
                option.unknown.clear();
            } else {
                self.excluded.prefetch(key.to_u128());
            }
            return;
        }
        let heap = &mut option.heap;
        option.unknown.retain(|&mut key| match self.known(key) {
            Some(value) => {
                *heap ^= value;
                false
            }
            None => true,
        });
        if option.unknown.len() > 1 {
            option.unknown.sort_unstable();
            cancel_pairs(&mut option.unknown);
            option
                .unknown
                .sort_unstable_by_key(|&piece| std::cmp::Reverse(piece.count_ones()));
        }
        if let Some(&first) = option.unknown.first() {
            self.excluded.prefetch(first.to_u128());
        }
    }

    /// Adds a region of an option to it: to its heap if its value is known at once (small
    /// regions are valued on the spot, a region a half turn copies is worth 0), else to its
    /// unknown regions as a canonical key, its table entry fetched for [`Solver::look_up`].
    #[inline(always)]
    fn add_piece(
        &mut self,
        option: &mut Leftover<L::Word>,
        piece: L::Word,
    ) -> Result<(), OutOfBudget> {
        if horizontal_moves::<L>(piece) | vertical_moves::<L>(piece) == L::Word::ZERO {
            return Ok(());
        }
        let cells = piece.count_ones();
        if cells == 2 {
            // A lone domino (a third of the pieces options leave): one move, to 0.
            option.heap ^= 1;
            return Ok(());
        }
        if cells <= SMALL_CELLS {
            option.heap ^= self.region_value(piece)?;
            return Ok(());
        }
        let (piece, width, height) = normalize::<L>(piece);
        let (key, width, height) = canonical_in_corner::<L>(piece, width, height);
        if !half_turn_copyable_in_corner::<L>(key, width, height) {
            // Looked up later (see `look_up`); its table entry is fetched meanwhile.
            self.values.prefetch(key.to_u128());
            option.unknown.push(key);
        }
        Ok(())
    }
}

/// A solver held to a [`Budget`] for as long as this guard lives; it derefs to the solver, and
/// dropping it gives the solver back the limits it had before.
#[derive(Debug)]
pub struct Budgeted<'a, L: Layout> {
    solver: &'a mut Solver<L>,
    /// The limits to restore.
    outer: Limits,
}

impl<L: Layout> Solver<L> {
    /// The solver held to `budget` until the guard is dropped. A budget taken within another
    /// stays within it: the earlier deadline and the smaller amount of work hold.
    pub fn budgeted(&mut self, budget: Budget) -> Budgeted<'_, L> {
        let outer = self.limits;
        self.limits = outer.within(budget, self.work());
        Budgeted {
            solver: self,
            outer,
        }
    }
}

impl<L: Layout> Deref for Budgeted<'_, L> {
    type Target = Solver<L>;

    fn deref(&self) -> &Solver<L> {
        self.solver
    }
}

impl<L: Layout> DerefMut for Budgeted<'_, L> {
    fn deref_mut(&mut self) -> &mut Solver<L> {
        self.solver
    }
}

impl<L: Layout> Drop for Budgeted<'_, L> {
    fn drop(&mut self) {
        self.solver.limits = self.outer;
    }
}

/// The entry of [`Solver::placed`] for a region as it lies: the top bits of a multiplicative
/// hash of its cells (the halves of a `u128` folded first).
#[inline]
fn placed_slot<W: Word>(region: W) -> usize {
    let cells = region.to_u128();
    let folded = cells as u64 ^ ((cells >> 64) as u64).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - PLACED_ENTRIES.ilog2())) as usize
}

/// How a checkpoint names the layout it was written for: the stride of a layout in a `u128`
/// (as checkpoints were first written), the stride and the rows of one in a `u64`.
fn layout_id<L: Layout>() -> u64 {
    if L::Word::BITS == 128 {
        u64::from(L::STRIDE)
    } else {
        u64::from(L::STRIDE) | u64::from(L::ROWS) << 32
    }
}

/// The independent regions of `cells` (see [`split`]).
fn pieces<L: Layout>(cells: L::Word) -> SmallVec<[L::Word; 8]> {
    let mut pieces = SmallVec::new();
    split::<L, _>(cells, &mut |piece| pieces.push(piece));
    pieces
}

/// How many dominoes fit in `cells`.
fn moves<L: Layout>(cells: L::Word) -> u32 {
    horizontal_moves::<L>(cells).count_ones() + vertical_moves::<L>(cells).count_ones()
}
