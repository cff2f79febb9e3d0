//! Flood fill: the cells of a region connected to a set of seeds.
//!
//! Each row is filled along its runs in one step (a carry for one direction, a doubling fill
//! for the other), then alternating downward and upward sweeps carry the fill from row to row.
//! A sweep finishes a whole row before moving on, so a corridor that winds across the rows
//! costs one sweep per change of vertical direction, not one pass per cell. After the first two
//! sweeps, a sweep only visits the rows from which something new can spread: those the previous
//! sweep changed, and those it changes itself.

use smallvec::{SmallVec, smallvec};

use crate::Connectivity;
use crate::plane::{INLINE_WORDS, Plane};
use crate::row::{
    Lanes, any, fill_lanes, fill_row, grow_row, grow_word, lanes_or, spread_row, spread_word,
};

/// The cells of `within` connected to a cell of `seeds` inside `within`.
///
/// ```
/// use floodgate_bitgrid::{Connectivity, Plane, flood};
/// let within: Plane = "X X . X\n. X . X\nX X . X".parse().unwrap();
/// let seeds: Plane = "X . . .\n. . . .\n. . . .".parse().unwrap();
/// let region = flood(&seeds, &within, Connectivity::Four);
/// assert_eq!(region, "X X . .\n. X . .\nX X . .".parse().unwrap());
/// ```
pub fn flood(seeds: &Plane, within: &Plane, connectivity: Connectivity) -> Plane {
    let mut region = seeds.clone();
    region.flood_within(within, connectivity);
    region
}

/// Two floods through the same region at once, such as both players' reach: `first` and
/// `second` each keep their cells inside `within` and grow to every cell of `within` connected
/// to them. Faster than two [`Plane::flood_within`] calls: the two fills run side by side in
/// SIMD lanes.
///
/// ```
/// use floodgate_bitgrid::{Connectivity, Plane, flood_pair};
/// let within: Plane = "X X . X X".parse().unwrap();
/// let mut left: Plane = "X . . . .".parse().unwrap();
/// let mut right: Plane = ". . . . X".parse().unwrap();
/// flood_pair(&mut left, &mut right, &within, Connectivity::Four);
/// assert_eq!((left.len(), right.len()), (2, 2));
/// ```
pub fn flood_pair(
    first: &mut Plane,
    second: &mut Plane,
    within: &Plane,
    connectivity: Connectivity,
) {
    if within.stride() <= 1 {
        // With one-word rows the lanes do not pay for interleaving (docs/kernels.md).
        first.flood_within(within, connectivity);
        second.flood_within(within, connectivity);
        return;
    }
    first.assert_same_shape(within);
    second.assert_same_shape(within);
    let seeds = first.words().iter().zip(second.words());
    let mut lanes: SmallVec<[Lanes<2>; INLINE_WORDS]> = seeds
        .zip(within.words())
        .map(|((&a, &b), &open)| [a & open, b & open])
        .collect();
    flood_lanes(&mut lanes, within, connectivity, usize::MAX);
    for ((a, b), [x, y]) in first
        .words_mut()
        .iter_mut()
        .zip(second.words_mut())
        .zip(lanes)
    {
        (*a, *b) = (x, y);
    }
}

impl Plane {
    /// Keeps the cells of `self` inside `within` and grows them to every cell of `within`
    /// connected to them: [`flood`] in place, without allocating.
    pub fn flood_within(&mut self, within: &Plane, connectivity: Connectivity) {
        *self &= within;
        let (rows, _) = self.words_mut().as_chunks_mut::<1>();
        if !flood_lanes(rows, within, connectivity, SWEEPS_BEFORE_RUNS) {
            crate::labels::flood_by_runs(self, within, connectivity);
        }
    }
}

/// The sweeps a flood makes before it finishes by runs instead ([`crate::labels`]): a region
/// that needs more winds up and down many times (a corridor along the columns needs one sweep
/// per two columns), and joining its runs once costs less than the sweeps still to come.
const SWEEPS_BEFORE_RUNS: usize = 32;

/// Floods `N` planes at once, given as lanes of their words (inside `within`), through
/// `within`, in at most `max_sweeps` sweeps; returns whether the flood is complete (else the
/// lanes hold part of it: cells connected to the seeds).
fn flood_lanes<const N: usize>(
    words: &mut [Lanes<N>],
    within: &Plane,
    connectivity: Connectivity,
    max_sweeps: usize,
) -> bool {
    let eight = connectivity == Connectivity::Eight;
    match within.stride() {
        _ if words.is_empty() => true,
        1 => flood_narrow(words, within.words(), eight, max_sweeps),
        stride => flood_wide(words, within.words(), stride, eight, max_sweeps),
    }
}

/// Runs `step(from, to, first)` (spread row `from` into row `to`, returning whether `to` grew)
/// in alternating downward and upward sweeps until a sweep changes nothing (then returns
/// true) or `max_sweeps` sweeps have run (false). `first` is true in
/// the first sweep, whose steps may also fill row `to` along its runs. `seeded` is the first
/// and last row holding cells when the sweeps start; rows outside it are empty.
///
/// Invariant: when a sweep ends, every row is closed under spreading from its predecessor in
/// that sweep's direction. A sweep starts at the rows changed since the last sweep in its
/// direction (for the first two sweeps, the seeded rows and what the first sweep reached) and
/// goes on past them only while it keeps changing rows, so a flood from a few cells stays near
/// them.
#[inline(always)]
fn sweep_until_stable(
    height: usize,
    seeded: (usize, usize),
    max_sweeps: usize,
    mut step: impl FnMut(usize, usize, bool) -> bool,
) -> bool {
    let (mut low, mut high) = seeded;
    for sweep in 0..max_sweeps {
        let downward = sweep % 2 == 0;
        let (mut changed_low, mut changed_high) = (usize::MAX, 0);
        let mut spreading = false;
        if downward {
            for from in low..height.saturating_sub(1) {
                if from > high && !spreading {
                    break;
                }
                spreading = step(from, from + 1, sweep == 0);
                if spreading {
                    changed_low = changed_low.min(from + 1);
                    changed_high = from + 1;
                }
            }
        } else {
            for from in (1..=high).rev() {
                if from < low && !spreading {
                    break;
                }
                spreading = step(from, from - 1, false);
                if spreading {
                    changed_low = from - 1;
                    changed_high = changed_high.max(from - 1);
                }
            }
        }
        if sweep == 0 {
            // No upward sweep has seen the seeded rows, nor what the first sweep reached.
            high = high.max(changed_high);
        } else if changed_low == usize::MAX {
            return true;
        } else {
            (low, high) = (changed_low, changed_high);
        }
    }
    false
}

/// The first and last row (of rows `stride` words long) that hold a cell, if any. Eight words
/// are looked at a step, their lanes ORed without a branch: a word at a time, the loop's speed
/// depended on where it happened to lie in the code (docs/kernels.md).
fn seeded_rows<const N: usize>(words: &[Lanes<N>], stride: usize) -> Option<(usize, usize)> {
    let any_of = |eight: &[Lanes<N>]| eight.iter().fold(0, |acc, &word| acc | lanes_or(word)) != 0;
    let before_first = 8 * words.chunks(8).position(any_of)?;
    let first = before_first + words[before_first..].iter().position(|&w| any(w))?;
    let after_last = 8 * words.rchunks(8).position(any_of)?;
    let last = words[..words.len() - after_last]
        .iter()
        .rposition(|&w| any(w))?;
    Some((first / stride, last / stride))
}

/// Flood of `N` planes whose rows are one word each (width <= 64).
///
/// Every row is filled on its own first: independent work, cheaper than filling in the first
/// sweep, where each fill would wait for the row before it.
fn flood_narrow<const N: usize>(
    rows: &mut [Lanes<N>],
    within: &[u64],
    eight: bool,
    max_sweeps: usize,
) -> bool {
    let Some(seeded) = seeded_rows(rows, 1) else {
        return true;
    };
    for (row, &open) in rows[seeded.0..=seeded.1]
        .iter_mut()
        .zip(&within[seeded.0..])
    {
        *row = fill_lanes(*row, open);
    }
    sweep_until_stable(within.len(), seeded, max_sweeps, |from, to, _| {
        let source = if eight {
            rows[from].map(spread_word)
        } else {
            rows[from]
        };
        match grow_word(rows[to], within[to], source) {
            Some(grown) => {
                rows[to] = grown;
                true
            }
            None => false,
        }
    })
}

/// Flood of `N` planes whose rows span `stride` words.
///
/// The first sweep fills each row as it reaches it, together with what spreads into it from
/// the row before: on wide rows this saves a whole pass of fills.
fn flood_wide<const N: usize>(
    words: &mut [Lanes<N>],
    within: &[u64],
    stride: usize,
    eight: bool,
    max_sweeps: usize,
) -> bool {
    let Some(seeded) = seeded_rows(words, stride) else {
        return true;
    };
    let start = seeded.0 * stride..(seeded.0 + 1) * stride;
    fill_row(&mut words[start.clone()], &within[start]);
    let mut spread: SmallVec<[Lanes<N>; 16]> = smallvec![[0; N]; stride];
    // Below the last row: nothing.
    let no_row: SmallVec<[Lanes<N>; 16]> = smallvec![[0; N]; stride];
    sweep_until_stable(
        within.len() / stride,
        seeded,
        max_sweeps,
        |from, to, first| {
            let open = &within[to * stride..(to + 1) * stride];
            if first {
                // Downward, filling as it goes: row `to` takes the cells next to the filled row
                // above and to the seeds of the row below (one step of upward spread for free).
                let (before, after) = words.split_at_mut(to * stride);
                let (row, rest) = after.split_at_mut(stride);
                let above = &before[from * stride..];
                let below = rest.get(..stride).unwrap_or(&no_row[..]);
                if eight {
                    let mut union = spread.clone();
                    for ((union, above), below) in union.iter_mut().zip(above).zip(below) {
                        *union = std::array::from_fn(|k| above[k] | below[k]);
                    }
                    spread_row(&union, &mut spread);
                    for ((word, incoming), &open) in row.iter_mut().zip(&spread).zip(open) {
                        *word = std::array::from_fn(|k| word[k] | (incoming[k] & open));
                    }
                } else {
                    for (((word, above), below), &open) in
                        row.iter_mut().zip(above).zip(below).zip(open)
                    {
                        *word = std::array::from_fn(|k| word[k] | ((above[k] | below[k]) & open));
                    }
                }
                fill_row(row, open);
                return row.iter().any(|&word| any(word));
            }
            let (source, row) = two_rows(words, stride, from, to);
            let incoming = if eight {
                spread_row(source, &mut spread);
                &spread[..]
            } else {
                source
            };
            grow_row(row, open, incoming)
        },
    )
}

/// Row `from` to read and row `to` to write (`from != to`), of rows `stride` items long.
fn two_rows<T>(items: &mut [T], stride: usize, from: usize, to: usize) -> (&[T], &mut [T]) {
    if from < to {
        let (before, after) = items.split_at_mut(to * stride);
        (
            &before[from * stride..(from + 1) * stride],
            &mut after[..stride],
        )
    } else {
        let (before, after) = items.split_at_mut(from * stride);
        (
            &after[..stride],
            &mut before[to * stride..(to + 1) * stride],
        )
    }
}
