//! Connected components and distance layers, built on [`flood`](crate::flood()).

use crate::Connectivity;
use crate::plane::Plane;

impl Plane {
    /// The connected components of the plane, each as a plane, in row-major order of their
    /// first cell.
    ///
    /// ```
    /// use floodgate_bitgrid::{Connectivity, Plane};
    /// let plane: Plane = "X . X\n. X .\nX . X".parse().unwrap();
    /// assert_eq!(plane.components(Connectivity::Four).count(), 5);
    /// assert_eq!(plane.components(Connectivity::Eight).count(), 1);
    /// ```
    pub fn components(&self, connectivity: Connectivity) -> Components {
        Components {
            remaining: self.clone(),
            connectivity,
            next_word: 0,
        }
    }

    /// Successive breadth-first frontiers from `self` (the seeds) through `within`: layer `d`
    /// holds the cells of `within` at distance exactly `d` from the seeds inside `within`.
    ///
    /// ```
    /// use floodgate_bitgrid::{Cell, Connectivity, Plane};
    /// let within = Plane::full(5, 1);
    /// let mut seed = Plane::new(5, 1);
    /// seed.insert(Cell::new(0, 0));
    /// let sizes: Vec<usize> = seed.distance_layers(&within, Connectivity::Four).map(|l| l.len()).collect();
    /// assert_eq!(sizes, [1, 1, 1, 1, 1]);
    /// ```
    pub fn distance_layers(&self, within: &Plane, connectivity: Connectivity) -> DistanceLayers {
        let frontier = self & within;
        DistanceLayers {
            reached: frontier.clone(),
            frontier,
            within: within.clone(),
            connectivity,
        }
    }
}

/// Iterator over the connected components of a plane; see [`Plane::components`].
#[derive(Debug, Clone)]
pub struct Components {
    remaining: Plane,
    connectivity: Connectivity,
    /// Every word before this one of `remaining` is empty.
    next_word: usize,
}

impl Iterator for Components {
    type Item = Plane;

    fn next(&mut self) -> Option<Plane> {
        let skipped = self.remaining.words()[self.next_word..]
            .iter()
            .position(|&w| w != 0)?;
        self.next_word += skipped;
        let word = self.remaining.words()[self.next_word];
        let start = self
            .remaining
            .cell_at(self.next_word, word.trailing_zeros());
        let mut component = self.remaining.new_like();
        component.insert(start);
        component.flood_within(&self.remaining, self.connectivity);
        self.remaining -= &component;
        Some(component)
    }
}

/// Iterator over breadth-first distance layers; see [`Plane::distance_layers`].
#[derive(Debug, Clone)]
pub struct DistanceLayers {
    frontier: Plane,
    reached: Plane,
    within: Plane,
    connectivity: Connectivity,
}

impl Iterator for DistanceLayers {
    type Item = Plane;

    fn next(&mut self) -> Option<Plane> {
        if self.frontier.is_empty() {
            return None;
        }
        let mut next = self.frontier.dilate(self.connectivity);
        next &= &self.within;
        next -= &self.reached;
        self.reached |= &next;
        Some(std::mem::replace(&mut self.frontier, next))
    }
}
