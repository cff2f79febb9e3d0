//! Dilation: a plane grown by one step to its neighbours.

use crate::Connectivity;
use crate::plane::{MAX_SIDE, Plane};
use crate::row::spread_word;

impl Plane {
    /// The plane with every neighbour of its cells added (4- or 8-neighbours).
    ///
    /// ```
    /// use bitgrid::{Connectivity, Plane};
    /// let dot: Plane = ". . .\n. X .\n. . .".parse().unwrap();
    /// assert_eq!(dot.dilate(Connectivity::Four).len(), 5);
    /// assert_eq!(dot.dilate(Connectivity::Eight).len(), 9);
    /// ```
    pub fn dilate(&self, connectivity: Connectivity) -> Plane {
        let stride = self.stride();
        let mut out = self.new_like();
        let rows = self.words();
        if stride == 1 {
            // One word per row: no carries between words.
            for (y, out) in out.words_mut().iter_mut().enumerate() {
                let above = if y > 0 { rows[y - 1] } else { 0 };
                let below = rows.get(y + 1).copied().unwrap_or(0);
                *out = match connectivity {
                    Connectivity::Four => spread_word(rows[y]) | above | below,
                    Connectivity::Eight => spread_word(rows[y] | above | below),
                };
            }
            out.clear_padding();
            return out;
        }
        let no_row = [0; MAX_SIDE.div_ceil(64)];
        for (y, out_row) in out.words_mut().chunks_exact_mut(stride.max(1)).enumerate() {
            let row = &rows[y * stride..(y + 1) * stride];
            let above = if y > 0 {
                &rows[(y - 1) * stride..y * stride]
            } else {
                &no_row[..stride]
            };
            let below = rows
                .get((y + 1) * stride..(y + 2) * stride)
                .unwrap_or(&no_row[..stride]);
            match connectivity {
                Connectivity::Four => {
                    for (i, out) in out_row.iter_mut().enumerate() {
                        *out = spread_at(row, i) | above[i] | below[i];
                    }
                }
                Connectivity::Eight => {
                    let mut column = [0; MAX_SIDE.div_ceil(64)];
                    for (i, word) in column[..stride].iter_mut().enumerate() {
                        *word = row[i] | above[i] | below[i];
                    }
                    for (i, out) in out_row.iter_mut().enumerate() {
                        *out = spread_at(&column[..stride], i);
                    }
                }
            }
        }
        out.clear_padding();
        out
    }
}

/// Word `i` of `row` with the left and right neighbours of its cells, across word boundaries
/// (the neighbour past the last column lands in the padding; callers clear it).
#[inline(always)]
fn spread_at(row: &[u64], i: usize) -> u64 {
    let from_left = if i > 0 { row[i - 1] >> 63 } else { 0 };
    let from_right = row.get(i + 1).map_or(0, |word| word << 63);
    spread_word(row[i]) | from_left | from_right
}
