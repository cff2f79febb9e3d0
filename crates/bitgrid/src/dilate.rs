//! Dilation: a plane grown by one step to its neighbours.

use crate::Connectivity;
use crate::plane::Plane;
use smallvec::{SmallVec, smallvec};

use crate::row::{Lanes, spread_row, spread_word};

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
        let vertical = |y: usize, word: usize| {
            let above = if y > 0 {
                rows[(y - 1) * stride + word]
            } else {
                0
            };
            let below = rows.get((y + 1) * stride + word).copied().unwrap_or(0);
            above | below
        };
        if stride == 1 {
            for (y, out) in out.words_mut().iter_mut().enumerate() {
                *out = match connectivity {
                    Connectivity::Four => spread_word(rows[y]) | vertical(y, 0),
                    Connectivity::Eight => spread_word(rows[y] | vertical(y, 0)),
                };
            }
        } else if stride > 1 {
            let (row_words, _) = rows.as_chunks::<1>();
            let mut column: SmallVec<[Lanes<1>; 16]> = smallvec![[0]; stride];
            let (out_words, _) = out.words_mut().as_chunks_mut::<1>();
            for (y, out) in out_words.chunks_exact_mut(stride).enumerate() {
                match connectivity {
                    Connectivity::Four => {
                        spread_row(&row_words[y * stride..(y + 1) * stride], out);
                        out.iter_mut()
                            .enumerate()
                            .for_each(|(i, [word])| *word |= vertical(y, i));
                    }
                    Connectivity::Eight => {
                        for (i, [word]) in column.iter_mut().enumerate() {
                            *word = rows[y * stride + i] | vertical(y, i);
                        }
                        spread_row(&column, out);
                    }
                }
            }
        }
        out.clear_padding();
        out
    }
}
