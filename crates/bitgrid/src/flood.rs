//! Flood fill: the cells of a region connected to a set of seeds.
//!
//! Each row is filled along its runs in one step (a carry for one direction, a doubling fill
//! for the other), then alternating downward and upward sweeps carry the fill from row to row.
//! A sweep finishes a whole row before moving on, so a corridor that winds across the rows
//! costs one sweep per change of vertical direction, not one pass per cell. After the first two
//! sweeps, a sweep only visits the rows from which something new can spread: those the previous
//! sweep changed, and those it changes itself.

use smallvec::smallvec;

use crate::Connectivity;
use crate::plane::{Plane, Words};
use crate::row::{fill_row, fill_word, grow_row, spread_row, spread_word};

/// The cells of `within` connected to a cell of `seeds` inside `within`.
///
/// ```
/// use bitgrid::{Connectivity, Plane, flood};
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
/// to them. Faster than two [`Plane::flood_within`] calls, because the two fills overlap.
///
/// ```
/// use bitgrid::{Connectivity, Plane, flood_pair};
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
    *first &= within;
    *second &= within;
    let eight = connectivity == Connectivity::Eight;
    match within.stride() {
        0 => {}
        1 => flood_narrow(
            [first.words_mut(), second.words_mut()],
            within.words(),
            eight,
        ),
        stride => flood_wide(
            [first.words_mut(), second.words_mut()],
            within.words(),
            stride,
            eight,
        ),
    }
}

impl Plane {
    /// Keeps the cells of `self` inside `within` and grows them to every cell of `within`
    /// connected to them: [`flood`] in place, without allocating for small planes.
    pub fn flood_within(&mut self, within: &Plane, connectivity: Connectivity) {
        *self &= within;
        let eight = connectivity == Connectivity::Eight;
        match self.stride() {
            0 => {}
            1 => flood_narrow([self.words_mut()], within.words(), eight),
            stride => flood_wide([self.words_mut()], within.words(), stride, eight),
        }
    }
}

/// Runs `step(from, to)` (spread row `from` into row `to`, returning whether `to` grew) in
/// alternating downward and upward sweeps until a sweep changes nothing.
///
/// Invariant: when a sweep ends, every row is closed under spreading from its predecessor in
/// that sweep's direction. The first two sweeps visit every row; a later one starts at the rows
/// the previous sweep changed and goes on only while it keeps changing rows.
#[inline(always)]
fn sweep_until_stable(height: usize, mut step: impl FnMut(usize, usize) -> bool) {
    if height < 2 {
        return;
    }
    // The rows changed since the last sweep in the current direction: all, at the start.
    let (mut low, mut high) = (0, height - 1);
    for sweep in 0.. {
        let downward = sweep % 2 == 0;
        let (mut changed_low, mut changed_high) = (usize::MAX, 0);
        let mut spreading = false;
        if downward {
            for from in low..height - 1 {
                if from > high && !spreading {
                    break;
                }
                spreading = step(from, from + 1);
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
                spreading = step(from, from - 1);
                if spreading {
                    changed_low = from - 1;
                    changed_high = changed_high.max(from - 1);
                }
            }
        }
        if sweep == 0 {
            // The initial row fills changed every row, and no upward sweep has seen them yet.
            (low, high) = (0, height - 1);
        } else if changed_low == usize::MAX {
            break;
        } else {
            (low, high) = (changed_low, changed_high);
        }
    }
}

/// Flood of `N` planes whose rows are one word each (width <= 64).
fn flood_narrow<const N: usize>(mut planes: [&mut [u64]; N], within: &[u64], eight: bool) {
    for rows in planes.iter_mut() {
        for (row, &open) in rows.iter_mut().zip(within) {
            *row = fill_word(*row, open);
        }
    }
    sweep_until_stable(within.len(), |from, to| {
        let mut grew = false;
        for rows in planes.iter_mut() {
            let source = if eight {
                spread_word(rows[from])
            } else {
                rows[from]
            };
            let new = source & within[to] & !rows[to];
            if new != 0 {
                rows[to] = fill_word(rows[to] | new, within[to]);
                grew = true;
            }
        }
        grew
    });
}

/// Flood of `N` planes whose rows span `stride` words.
fn flood_wide<const N: usize>(
    mut planes: [&mut [u64]; N],
    within: &[u64],
    stride: usize,
    eight: bool,
) {
    for rows in planes.iter_mut() {
        for (row, open) in rows
            .chunks_exact_mut(stride)
            .zip(within.chunks_exact(stride))
        {
            if row.iter().any(|&w| w != 0) {
                fill_row(row, open);
            }
        }
    }
    let mut spread: Words = smallvec![0; stride];
    sweep_until_stable(within.len() / stride, |from, to| {
        let open = &within[to * stride..(to + 1) * stride];
        let mut grew = false;
        for rows in planes.iter_mut() {
            let (source, row) = two_rows(rows, stride, from, to);
            if source.iter().all(|&w| w == 0) {
                continue;
            }
            let incoming = if eight {
                spread_row(source, &mut spread);
                &spread[..]
            } else {
                source
            };
            grew |= grow_row(row, open, incoming);
        }
        grew
    });
}

/// Row `from` to read and row `to` to write, of a plane's words (`from != to`).
fn two_rows(rows: &mut [u64], stride: usize, from: usize, to: usize) -> (&[u64], &mut [u64]) {
    if from < to {
        let (before, after) = rows.split_at_mut(to * stride);
        (
            &before[from * stride..(from + 1) * stride],
            &mut after[..stride],
        )
    } else {
        let (before, after) = rows.split_at_mut(from * stride);
        (
            &after[..stride],
            &mut before[to * stride..(to + 1) * stride],
        )
    }
}
