//! Word-level kernels on one row of a plane: horizontal spread and run fill.
//!
//! A row is a slice of words, bit `x % 64` of word `x / 64` standing for column `x`. The row
//! kernels grow `N` planes at once through the same region: each word of a row is an array of
//! `N` lanes, one per plane, all sharing the region's word. Lanes do the same work side by side,
//! so for `N = 2` the compiler turns each lane operation into one SIMD instruction.

/// One word of a row for each of `N` planes.
pub(crate) type Lanes<const N: usize> = [u64; N];

/// Grows `seeds` toward higher bits through the runs of `within` they lie in.
///
/// `seeds` must be a subset of `within`. Adding the seeds to `within` sends a carry from the
/// lowest seed of each run up to the first bit past the run; the bits the carry flipped,
/// restricted to `within`, are exactly the run above that seed.
#[inline(always)]
const fn fill_up(seeds: u64, within: u64) -> u64 {
    ((within.wrapping_add(seeds) ^ within ^ seeds) & within) | seeds
}

/// Grows `seeds` toward lower bits through the runs of `within` they lie in
/// (a Kogge-Stone occluded fill: six doubling steps).
#[inline(always)]
const fn fill_down(seeds: u64, within: u64) -> u64 {
    let mut fill = seeds & within;
    let mut open = within;
    fill |= open & (fill >> 1);
    open &= open >> 1;
    fill |= open & (fill >> 2);
    open &= open >> 2;
    fill |= open & (fill >> 4);
    open &= open >> 4;
    fill |= open & (fill >> 8);
    open &= open >> 8;
    fill |= open & (fill >> 16);
    open &= open >> 16;
    fill | (open & (fill >> 32))
}

/// Grows a word to the whole runs of `within` that hold a seed (`seeds` inside `within`).
#[inline(always)]
const fn fill_word(seeds: u64, within: u64) -> u64 {
    fill_down(fill_up(seeds, within), within)
}

/// The cells of a word and their left and right neighbours inside the word.
#[inline(always)]
pub(crate) const fn spread_word(word: u64) -> u64 {
    word | (word << 1) | (word >> 1)
}

/// The OR of a word's lanes.
#[inline(always)]
pub(crate) fn lanes_or<const N: usize>(word: Lanes<N>) -> u64 {
    word.iter().fold(0, |acc, &lane| acc | lane)
}

/// Whether any lane has a set bit.
#[inline(always)]
pub(crate) fn any<const N: usize>(word: Lanes<N>) -> bool {
    lanes_or(word) != 0
}

/// Every lane grown to the whole runs of `within` that hold one of its bits.
#[inline(always)]
pub(crate) fn fill_lanes<const N: usize>(seeds: Lanes<N>, within: u64) -> Lanes<N> {
    std::array::from_fn(|i| fill_word(seeds[i], within))
}

/// `word` (closed along the runs of `within`) with `new` added and grown along its runs. The
/// fill is skipped when no new bit has an open neighbour that is not set yet.
#[inline(always)]
fn grow_lanes<const N: usize>(word: Lanes<N>, new: Lanes<N>, within: u64) -> Lanes<N> {
    let grown: Lanes<N> = std::array::from_fn(|i| word[i] | new[i]);
    let spreads: Lanes<N> = std::array::from_fn(|i| spread_word(new[i]) & within & !grown[i]);
    if any(spreads) {
        fill_lanes(grown, within)
    } else {
        grown
    }
}

/// Grows one-word rows: `word` (closed along its runs) with the bits of `incoming` inside
/// `within` added and grown along their runs, or `None` when nothing is added.
#[inline(always)]
pub(crate) fn grow_word<const N: usize>(
    word: Lanes<N>,
    within: u64,
    incoming: Lanes<N>,
) -> Option<Lanes<N>> {
    let new = std::array::from_fn(|i| incoming[i] & within & !word[i]);
    any(new).then(|| grow_lanes(word, new, within))
}

/// Grows `row` to the whole runs of `within` that hold one of its cells; `row` must be a subset
/// of `within`. Runs may cross word boundaries.
pub(crate) fn fill_row<const N: usize>(row: &mut [Lanes<N>], within: &[u64]) {
    // Each word's cells enter an empty word.
    grow_row_with(row, within, |_, word| std::mem::replace(word, [0; N]));
}

/// Adds to `row` (already closed along its runs) the cells of `incoming` inside `within`, grown
/// along their runs; returns whether the row grew.
pub(crate) fn grow_row<const N: usize>(
    row: &mut [Lanes<N>],
    within: &[u64],
    incoming: &[Lanes<N>],
) -> bool {
    grow_row_with(row, within, |i, _| incoming[i])
}

/// The shared body of [`fill_row`] and [`grow_row`]: `incoming(i, word)` gives the cells that
/// enter word `i` (and may clear the word first). Each word that receives cells is grown on its own, carrying a run that
/// reaches bit 63 into the next word as it goes; a final pass carries runs that reach bit 0
/// back into the previous words. Only the words that receive cells are filled.
#[inline(always)]
fn grow_row_with<const N: usize>(
    row: &mut [Lanes<N>],
    within: &[u64],
    mut incoming: impl FnMut(usize, &mut Lanes<N>) -> Lanes<N>,
) -> bool {
    let mut grew = false;
    let mut carry_down_needed = false;
    let mut carry = [0; N];
    for (i, (word, &open)) in row.iter_mut().zip(within).enumerate() {
        let entering = incoming(i, word);
        let new: Lanes<N> = std::array::from_fn(|k| (entering[k] | carry[k]) & open & !word[k]);
        if any(new) {
            *word = grow_lanes(*word, new, open);
            grew = true;
            carry_down_needed |= i > 0 && any(word.map(|lane| lane & 1));
        }
        carry = word.map(|lane| lane >> 63);
    }
    if carry_down_needed {
        for i in (1..row.len()).rev() {
            let new: Lanes<N> =
                std::array::from_fn(|k| (row[i][k] << 63) & within[i - 1] & !row[i - 1][k]);
            if any(new) {
                row[i - 1] = fill_lanes(
                    std::array::from_fn(|k| row[i - 1][k] | new[k]),
                    within[i - 1],
                );
            }
        }
    }
    grew
}

/// Writes into `out` the cells of `row` and their left and right neighbours.
///
/// The neighbour past the last column may land in the padding bits; callers mask it away.
pub(crate) fn spread_row<const N: usize>(row: &[Lanes<N>], out: &mut [Lanes<N>]) {
    let last = row.len() - 1;
    for (i, word) in out.iter_mut().enumerate() {
        *word = std::array::from_fn(|k| {
            let from_left = if i > 0 { row[i - 1][k] >> 63 } else { 0 };
            let from_right = if i < last { row[i + 1][k] << 63 } else { 0 };
            spread_word(row[i][k]) | from_left | from_right
        });
    }
}
