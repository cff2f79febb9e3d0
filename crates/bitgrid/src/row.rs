//! Word-level kernels on one row of a plane: horizontal spread and run fill.
//!
//! A row is a slice of words, bit `x % 64` of word `x / 64` standing for column `x`.

/// Grows `seeds` toward higher bits through the runs of `within` they lie in.
///
/// `seeds` must be a subset of `within`. Adding the seeds to `within` sends a carry from the
/// lowest seed of each run up to the first bit past the run; the bits the carry flipped,
/// restricted to `within`, are exactly the run above that seed.
#[inline(always)]
pub(crate) const fn fill_up(seeds: u64, within: u64) -> u64 {
    ((within.wrapping_add(seeds) ^ within ^ seeds) & within) | seeds
}

/// Grows `seeds` toward lower bits through the runs of `within` they lie in
/// (a Kogge-Stone occluded fill: six doubling steps).
#[inline(always)]
pub(crate) const fn fill_down(seeds: u64, within: u64) -> u64 {
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

/// Grows a one-word row to the whole runs of `within` that hold a seed.
#[inline(always)]
pub(crate) const fn fill_word(seeds: u64, within: u64) -> u64 {
    fill_down(fill_up(seeds, within), within)
}

/// Grows `row` to the whole runs of `within` that hold one of its cells; `row` must be a subset
/// of `within`. Runs may cross word boundaries.
pub(crate) fn fill_row(row: &mut [u64], within: &[u64]) {
    let mut carry = 0;
    let mut carry_down_needed = false;
    for (i, (word, &open)) in row.iter_mut().zip(within).enumerate() {
        let seeds = *word | (carry & open);
        if seeds != 0 {
            *word = grow_word(0, seeds, open);
            carry_down_needed |= i > 0 && *word & 1 != 0;
        }
        carry = *word >> 63;
    }
    if carry_down_needed {
        carry_down(row, within);
    }
}

/// Adds to `row` (already closed along its runs) the cells of `incoming` inside `within`, grown
/// along their runs; returns whether the row grew. Only the words that receive new cells are
/// filled again.
pub(crate) fn grow_row(row: &mut [u64], within: &[u64], incoming: &[u64]) -> bool {
    let mut grew = false;
    let mut carry = 0;
    let mut carry_down_needed = false;
    for (i, ((word, &open), &incoming)) in row.iter_mut().zip(within).zip(incoming).enumerate() {
        let new = (incoming | carry) & open & !*word;
        if new != 0 {
            *word = grow_word(*word, new, open);
            grew = true;
            carry_down_needed |= i > 0 && *word & 1 != 0;
        }
        carry = *word >> 63;
    }
    if carry_down_needed {
        carry_down(row, within);
    }
    grew
}

/// `word` (closed along its runs) with `new` cells added and grown along their runs; the full
/// fill is skipped when no new cell has an open neighbour outside the word.
#[inline(always)]
pub(crate) const fn grow_word(word: u64, new: u64, within: u64) -> u64 {
    let grown = word | new;
    if spread_word(new) & within & !grown == 0 {
        grown
    } else {
        fill_word(grown, within)
    }
}

/// Carries the runs that cross a word boundary downward, from each word's bit 0 into the
/// previous word's bit 63, in one pass from the last word to the first.
fn carry_down(row: &mut [u64], within: &[u64]) {
    for i in (1..row.len()).rev() {
        let carry = (row[i] << 63) & within[i - 1] & !row[i - 1];
        if carry != 0 {
            row[i - 1] = fill_word(row[i - 1] | carry, within[i - 1]);
        }
    }
}

/// Writes into `out` the cells of `row` and their left and right neighbours.
///
/// The neighbour past the last column may land in the padding bits; callers mask it away.
pub(crate) fn spread_row(row: &[u64], out: &mut [u64]) {
    let last = row.len() - 1;
    for (i, word) in out.iter_mut().enumerate() {
        let from_left = if i > 0 { row[i - 1] >> 63 } else { 0 };
        let from_right = if i < last { row[i + 1] << 63 } else { 0 };
        *word = row[i] | (row[i] << 1) | from_left | (row[i] >> 1) | from_right;
    }
}

/// The cells of a one-word row and their left and right neighbours (unmasked, as [`spread_row`]).
#[inline(always)]
pub(crate) const fn spread_word(word: u64) -> u64 {
    word | (word << 1) | (word >> 1)
}
