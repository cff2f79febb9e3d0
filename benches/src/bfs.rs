//! A plain breadth-first flood over a byte grid: the baseline the bit-plane flood is measured
//! against in `benches/kernels.rs`.

use floodgate_bitgrid::{Cell, Plane};

/// Open and closed cells, one `bool` each, row by row: the representation a breadth-first
/// search works on.
#[derive(Clone, Debug)]
pub struct ByteGrid {
    width: usize,
    height: usize,
    open: Vec<bool>,
}

impl ByteGrid {
    /// The cells of `plane` as a byte grid (a cell in the plane is open).
    pub fn from_plane(plane: &Plane) -> Self {
        let (width, height) = (plane.width(), plane.height());
        let open = (0..width * height)
            .map(|i| plane.contains(Cell::new(i % width, i / width)))
            .collect();
        Self {
            width,
            height,
            open,
        }
    }

    /// The open cells 4-connected to `seeds` through open cells (seeds on closed cells start
    /// nothing), one `bool` per cell; a queue of cell indices, each cell visited once.
    pub fn flood4(&self, seeds: &[Cell]) -> Vec<bool> {
        let mut reached = vec![false; self.open.len()];
        let mut queue: Vec<usize> = Vec::with_capacity(self.open.len());
        for seed in seeds {
            assert!(
                seed.x < self.width && seed.y < self.height,
                "a seed off the grid"
            );
            let i = seed.y * self.width + seed.x;
            if self.open[i] && !reached[i] {
                reached[i] = true;
                queue.push(i);
            }
        }
        let mut head = 0;
        while let Some(&i) = queue.get(head) {
            head += 1;
            let (x, y) = (i % self.width, i / self.width);
            let neighbours = [
                (x > 0).then(|| i - 1),
                (x + 1 < self.width).then(|| i + 1),
                (y > 0).then(|| i - self.width),
                (y + 1 < self.height).then(|| i + self.width),
            ];
            for n in neighbours.into_iter().flatten() {
                if self.open[n] && !reached[n] {
                    reached[n] = true;
                    queue.push(n);
                }
            }
        }
        reached
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use floodgate_bitgrid::{Connectivity, flood};
    use rand_xoshiro::Xoshiro256PlusPlus;
    use rand_xoshiro::rand_core::{Rng, SeedableRng};

    #[test]
    fn the_baseline_reaches_what_the_bit_plane_flood_reaches() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let within = Plane::from_fn(97, 61, |_| rng.next_u64() % 100 < 60);
        let starts = [Cell::new(0, 0), Cell::new(48, 30), Cell::new(96, 60)];
        let mut seeds = within.new_like();
        for &start in &starts {
            seeds.insert(start);
        }
        let expected = flood(&seeds, &within, Connectivity::Four);
        let reached = ByteGrid::from_plane(&within).flood4(&starts);
        let width = within.width();
        let as_plane = Plane::from_fn(width, within.height(), |c| reached[c.y * width + c.x]);
        assert_eq!(as_plane, expected);
        assert!(expected.len() > 100, "the test board floods something");
    }
}
