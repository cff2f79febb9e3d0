//! Dilation: a plane grown by one step to its neighbours.

use crate::Connectivity;
use crate::plane::Plane;
use crate::row::spread_word;

impl Plane {
    /// The plane with every neighbour of its cells added (4- or 8-neighbours).
    ///
    /// ```
    /// use floodgate_bitgrid::{Connectivity, Plane};
    /// let dot: Plane = ". . .\n. X .\n. . .".parse().unwrap();
    /// assert_eq!(dot.dilate(Connectivity::Four).len(), 5);
    /// assert_eq!(dot.dilate(Connectivity::Eight).len(), 9);
    /// ```
    pub fn dilate(&self, connectivity: Connectivity) -> Plane {
        let stride = self.stride();
        let mut out = self.new_like();
        match connectivity {
            Connectivity::Four => {
                spread_rows(self.words(), out.words_mut(), stride, self.width());
                or_vertical_neighbours(self.words(), out.words_mut(), stride);
            }
            Connectivity::Eight => {
                let mut column = self.clone();
                or_vertical_neighbours(self.words(), column.words_mut(), stride);
                spread_rows(column.words(), out.words_mut(), stride, self.width());
            }
        }
        out.clear_padding();
        out
    }
}

/// Writes into `out` the cells of `rows` with their left and right neighbours, across word
/// boundaries but not across rows (the neighbour past the last column lands in the padding,
/// which the caller clears).
fn spread_rows(rows: &[u64], out: &mut [u64], stride: usize, width: usize) {
    for (out, &word) in out.iter_mut().zip(rows) {
        *out = spread_word(word);
    }
    if stride > 1 && !width.is_multiple_of(64) {
        // With padding at the end of every row, carrying over the whole slice is safe: a carry
        // into a row's first word comes from the padding of the row before (always zero), and
        // a carry out of a row's first word lands in the padding of the row before.
        for (out, &left) in out[1..].iter_mut().zip(rows) {
            *out |= left >> 63;
        }
        for (out, &right) in out.iter_mut().zip(&rows[1..]) {
            *out |= right << 63;
        }
    } else if stride > 1 {
        for (out, row) in out.chunks_exact_mut(stride).zip(rows.chunks_exact(stride)) {
            for (out, &left) in out[1..].iter_mut().zip(row) {
                *out |= left >> 63;
            }
            for (out, &right) in out.iter_mut().zip(&row[1..]) {
                *out |= right << 63;
            }
        }
    }
}

/// Adds to `out` the cells of `rows` moved one row up and one row down.
fn or_vertical_neighbours(rows: &[u64], out: &mut [u64], stride: usize) {
    if rows.len() > stride {
        for (out, &above) in out[stride..].iter_mut().zip(rows) {
            *out |= above;
        }
        for (out, &below) in out.iter_mut().zip(&rows[stride..]) {
            *out |= below;
        }
    }
}
