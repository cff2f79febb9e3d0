//! Flood fill: the cells of a region connected to a set of seeds.
//!
//! Each row is filled along its runs in one step (a carry for one direction, a doubling fill
//! for the other), then alternating downward and upward sweeps carry the fill from row to row.
//! A sweep finishes a whole row before moving on, so a corridor that winds across the rows
//! costs one sweep per change of vertical direction, not one pass per cell.

use smallvec::smallvec;

use crate::Connectivity;
use crate::plane::{Plane, Words};
use crate::row::{fill_row, fill_word, spread_row, spread_word};

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

impl Plane {
    /// Keeps the cells of `self` inside `within` and grows them to every cell of `within`
    /// connected to them: [`flood`] in place, without allocating for small planes.
    pub fn flood_within(&mut self, within: &Plane, connectivity: Connectivity) {
        *self &= within;
        let eight = connectivity == Connectivity::Eight;
        match self.stride() {
            0 => {}
            1 => flood_narrow(self.words_mut(), within.words(), eight),
            stride => flood_wide(self.words_mut(), within.words(), stride, eight),
        }
    }
}

/// Flood of a plane whose rows are one word each (width <= 64).
fn flood_narrow(rows: &mut [u64], within: &[u64], eight: bool) {
    for (row, &open) in rows.iter_mut().zip(within) {
        if *row != 0 {
            *row = fill_word(*row, open);
        }
    }
    let height = rows.len();
    for sweep in 0.. {
        let mut changed = false;
        for i in 1..height {
            let (from, to) = if sweep % 2 == 0 {
                (i - 1, i)
            } else {
                (height - i, height - i - 1)
            };
            let source = if eight {
                spread_word(rows[from])
            } else {
                rows[from]
            };
            let new = source & within[to] & !rows[to];
            if new != 0 {
                rows[to] = fill_word(rows[to] | new, within[to]);
                changed = true;
            }
        }
        if !changed && sweep > 0 {
            break;
        }
    }
}

/// Flood of a plane whose rows span `stride` words.
fn flood_wide(rows: &mut [u64], within: &[u64], stride: usize, eight: bool) {
    for (row, open) in rows
        .chunks_exact_mut(stride)
        .zip(within.chunks_exact(stride))
    {
        if row.iter().any(|&w| w != 0) {
            fill_row(row, open);
        }
    }
    let height = rows.len() / stride;
    let mut incoming: Words = smallvec![0; stride];
    for sweep in 0.. {
        let mut changed = false;
        for i in 1..height {
            let (from, to) = if sweep % 2 == 0 {
                (i - 1, i)
            } else {
                (height - i, height - i - 1)
            };
            let source = &rows[from * stride..(from + 1) * stride];
            if source.iter().all(|&w| w == 0) {
                continue;
            }
            if eight {
                spread_row(source, &mut incoming);
            } else {
                incoming.copy_from_slice(source);
            }
            let row = &mut rows[to * stride..(to + 1) * stride];
            let open = &within[to * stride..(to + 1) * stride];
            let mut grew = false;
            for ((word, &open), &incoming) in row.iter_mut().zip(open).zip(&incoming) {
                let new = incoming & open & !*word;
                grew |= new != 0;
                *word |= new;
            }
            if grew {
                fill_row(row, open);
                changed = true;
            }
        }
        if !changed && sweep > 0 {
            break;
        }
    }
}
