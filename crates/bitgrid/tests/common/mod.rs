//! The plain references the kernels are checked against, and the random cases they are checked
//! on, shared by the kernel tests (each test file includes this module).

#![allow(dead_code)]

use std::collections::VecDeque;

use floodgate_bitgrid::{Cell, Connectivity, Plane, flood};
use proptest::prelude::*;

/// A plain grid of booleans, row-major: the reference representation.
#[derive(Clone, Debug)]
pub struct Grid {
    pub width: usize,
    pub height: usize,
    pub cells: Vec<bool>,
}

impl Grid {
    pub fn random(width: usize, height: usize, density: f64, seed: u64) -> Self {
        let mut state = seed;
        let cells = (0..width * height)
            .map(|_| {
                // splitmix64
                state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^= z >> 31;
                (z >> 11) as f64 / (1u64 << 53) as f64 <= density
            })
            .collect();
        Self {
            width,
            height,
            cells,
        }
    }

    /// YACCLAB's granularity images: the grid cut into `block` x `block` squares, each set
    /// with probability `density` (runs of `block` cells and more, few to a word).
    pub fn blocks(width: usize, height: usize, block: usize, density: f64, seed: u64) -> Self {
        let squares = Self::random(width.div_ceil(block), height.div_ceil(block), density, seed);
        let cells = (0..width * height)
            .map(|i| squares.get(i % width / block, i / width / block))
            .collect();
        Self {
            width,
            height,
            cells,
        }
    }

    pub fn get(&self, x: usize, y: usize) -> bool {
        self.cells[y * self.width + x]
    }

    pub fn plane(&self) -> Plane {
        Plane::from_fn(self.width, self.height, |c| self.get(c.x, c.y))
    }

    pub fn cells(&self) -> Vec<Cell> {
        (0..self.height)
            .flat_map(|y| (0..self.width).map(move |x| Cell::new(x, y)))
            .filter(|c| self.get(c.x, c.y))
            .collect()
    }

    pub fn neighbours(&self, c: Cell, connectivity: Connectivity) -> Vec<Cell> {
        let mut out = Vec::new();
        for dy in -1i64..=1 {
            for dx in -1i64..=1 {
                let diagonal = dx != 0 && dy != 0;
                if (dx == 0 && dy == 0) || (diagonal && connectivity == Connectivity::Four) {
                    continue;
                }
                let (x, y) = (c.x as i64 + dx, c.y as i64 + dy);
                if x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height {
                    out.push(Cell::new(x as usize, y as usize));
                }
            }
        }
        out
    }

    /// Breadth-first distances from the seeds inside `self`; `None` where unreachable.
    pub fn distances(&self, seeds: &Grid, connectivity: Connectivity) -> Vec<Option<usize>> {
        let mut distance = vec![None; self.cells.len()];
        let mut queue = VecDeque::new();
        for c in seeds.cells() {
            if self.get(c.x, c.y) {
                distance[c.y * self.width + c.x] = Some(0);
                queue.push_back(c);
            }
        }
        while let Some(c) = queue.pop_front() {
            let d = distance[c.y * self.width + c.x].unwrap();
            for n in self.neighbours(c, connectivity) {
                let i = n.y * self.width + n.x;
                if self.cells[i] && distance[i].is_none() {
                    distance[i] = Some(d + 1);
                    queue.push_back(n);
                }
            }
        }
        distance
    }

    /// A label per cell by breadth-first search from each unlabeled cell in row-major order:
    /// 0 outside the grid's cells, components numbered from 1 in order of their first cell.
    pub fn labels(&self, connectivity: Connectivity) -> (Vec<u32>, u32) {
        let mut labels = vec![0u32; self.cells.len()];
        let mut count = 0;
        for start in self.cells() {
            if labels[start.y * self.width + start.x] != 0 {
                continue;
            }
            count += 1;
            labels[start.y * self.width + start.x] = count;
            let mut queue = VecDeque::from([start]);
            while let Some(c) = queue.pop_front() {
                for n in self.neighbours(c, connectivity) {
                    let i = n.y * self.width + n.x;
                    if self.cells[i] && labels[i] == 0 {
                        labels[i] = count;
                        queue.push_back(n);
                    }
                }
            }
        }
        (labels, count)
    }

    pub fn select(&self, keep: impl Fn(usize) -> bool) -> Plane {
        Plane::from_fn(self.width, self.height, |c| keep(c.y * self.width + c.x))
    }
}

pub fn connectivity() -> impl Strategy<Value = Connectivity> {
    prop_oneof![Just(Connectivity::Four), Just(Connectivity::Eight)]
}

/// Shapes from 1 x 1 through long thin strips to widths around the word boundaries.
pub fn shape() -> impl Strategy<Value = (usize, usize)> {
    prop_oneof![
        Just((1, 1)),
        (1..=300usize).prop_map(|n| (1, n)),
        (1..=300usize).prop_map(|n| (n, 1)),
        (
            prop::sample::select(vec![63usize, 64, 65, 127, 128, 129]),
            1..=70usize
        ),
        (1..=140usize, 1..=140usize),
    ]
}

/// A shape, a density and two seeds for `within` and `seeds`.
pub fn case() -> impl Strategy<Value = ((usize, usize), f64, u64, u64)> {
    (
        shape(),
        prop::sample::select(vec![0.0, 0.1, 0.3, 0.55, 0.6, 0.7, 0.9, 1.0]),
        any::<u64>(),
        any::<u64>(),
    )
}

pub fn check_flood(
    width: usize,
    height: usize,
    density: f64,
    seed_a: u64,
    seed_b: u64,
    connectivity: Connectivity,
) {
    let within = Grid::random(width, height, density, seed_a);
    let mut seeds = Grid::random(width, height, 0.002, seed_b);
    // At least one seed, anywhere: a lone seed far from the run ends tests the run fills.
    seeds.cells[(seed_b % (width * height) as u64) as usize] = true;
    let distances = within.distances(&seeds, connectivity);
    let expected = within.select(|i| distances[i].is_some());
    assert_eq!(
        flood(&seeds.plane(), &within.plane(), connectivity),
        expected
    );
}

/// A corridor that turns at every other row (horizontal) or column (vertical).
pub fn serpentine(width: usize, height: usize, vertical: bool) -> Plane {
    Plane::from_fn(width, height, |c| {
        let (along, across, length) = if vertical {
            (c.y, c.x, height)
        } else {
            (c.x, c.y, width)
        };
        match across % 4 {
            0 | 2 => true,
            1 => along == length - 1,
            _ => along == 0,
        }
    })
}

/// Checks a flood through a corridor along the columns with cells opened and closed at random
/// (`noise`): one that needs more sweeps than a flood makes before it finishes by runs.
pub fn check_flood_by_runs(
    width: usize,
    height: usize,
    noise: f64,
    seed_a: u64,
    seed_b: u64,
    connectivity: Connectivity,
) {
    let corridor = serpentine(width, height, true);
    let flips = Grid::random(width, height, noise, seed_a);
    let cells = (0..width * height)
        .map(|i| corridor.contains(Cell::new(i % width, i / width)) != flips.cells[i])
        .collect();
    let within = Grid {
        width,
        height,
        cells,
    };
    let mut seeds = Grid::random(width, height, 0.001, seed_b);
    seeds.cells[(seed_b % (width * height) as u64) as usize] = true;
    let distances = within.distances(&seeds, connectivity);
    let expected = within.select(|i| distances[i].is_some());
    assert_eq!(
        flood(&seeds.plane(), &within.plane(), connectivity),
        expected
    );
}
