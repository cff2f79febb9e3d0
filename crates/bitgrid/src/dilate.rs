//! Dilation: a plane grown by one step to its neighbours.

use crate::Connectivity;
use crate::plane::Plane;
use crate::row::spread_row;

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
        if stride == 0 || self.height() == 0 {
            return self.clone();
        }
        let mut spread = self.new_like();
        for (row, out) in self
            .words()
            .chunks_exact(stride)
            .zip(spread.words_mut().chunks_exact_mut(stride))
        {
            spread_row(row, out);
        }
        spread.clear_padding();
        let mut out = spread.clone();
        let source = match connectivity {
            Connectivity::Four => self.words(),
            Connectivity::Eight => spread.words(),
        };
        for (i, word) in out.words_mut().iter_mut().enumerate() {
            if i >= stride {
                *word |= source[i - stride];
            }
            if let Some(below) = source.get(i + stride) {
                *word |= below;
            }
        }
        out
    }
}
