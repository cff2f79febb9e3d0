//! Every kernel checked against a plain reference on random planes of many shapes.

mod common;

use std::collections::BTreeSet;

use common::{Grid, case, check_flood, check_flood_by_runs, connectivity, serpentine};
use floodgate_bitgrid::{Cell, Connectivity, Plane, flood, flood_pair};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn flood_matches_bfs(((width, height), density, a, b) in case(), connectivity in connectivity()) {
        check_flood(width, height, density, a, b, connectivity);
    }

    #[test]
    fn flood_pair_matches_two_floods(((width, height), density, a, b) in case(), connectivity in connectivity()) {
        let within = Grid::random(width, height, density, a).plane();
        let mut first = Grid::random(width, height, 0.01, b).plane();
        let mut second = Grid::random(width, height, 0.01, b ^ 0x5555).plane();
        let expected = (flood(&first, &within, connectivity), flood(&second, &within, connectivity));
        flood_pair(&mut first, &mut second, &within, connectivity);
        prop_assert_eq!((first, second), expected);
    }

    #[test]
    fn dilate_matches_neighbours(((width, height), density, a, _b) in case(), connectivity in connectivity()) {
        let grid = Grid::random(width, height, density.min(0.1), a);
        let expected = Plane::from_fn(width, height, |c| {
            grid.get(c.x, c.y) || grid.neighbours(c, connectivity).iter().any(|n| grid.get(n.x, n.y))
        });
        prop_assert_eq!(grid.plane().dilate(connectivity), expected);
    }

    #[test]
    fn labels_match_bfs(((width, height), density, a, _b) in case(), connectivity in connectivity()) {
        let grid = Grid::random(width, height, density, a);
        let plane = grid.plane();
        let labels = plane.label_components(connectivity);
        let (expected, count) = grid.labels(connectivity);
        prop_assert_eq!((labels.width(), labels.height()), (width, height));
        prop_assert_eq!(labels.count(), count);
        prop_assert_eq!(labels.as_slice(), &expected[..]);
        prop_assert_eq!(plane.count_components(connectivity), count);
    }

    #[test]
    fn labels_match_bfs_on_blocks(((width, height), _, a, _b) in case(), block in 2..=20usize, density in prop::sample::select(vec![0.15, 0.5, 0.85]), connectivity in connectivity()) {
        let grid = Grid::blocks(width, height, block, density, a);
        let labels = grid.plane().label_components(connectivity);
        let (expected, count) = grid.labels(connectivity);
        prop_assert_eq!(labels.count(), count);
        prop_assert_eq!(labels.as_slice(), &expected[..]);
    }

    #[test]
    fn labels_into_a_buffer_overwrite_it_with_the_labels(((width, height), density, a, _b) in case(), connectivity in connectivity()) {
        let grid = Grid::random(width, height, density, a);
        let (expected, count) = grid.labels(connectivity);
        let mut labels = vec![u32::MAX; width * height];
        prop_assert_eq!(grid.plane().label_components_into(connectivity, &mut labels), count);
        prop_assert_eq!(labels, expected);
    }

    #[test]
    fn bytes_pack_and_unpack_as_booleans(((width, height), density, a, b) in case()) {
        let grid = Grid::random(width, height, density, a);
        // Any non-zero byte is a set cell: a value from 1 to 255 drawn from the second seed.
        let bytes: Vec<u8> = grid.cells.iter().enumerate().map(|(i, &set)| {
            let value = (b.rotate_left(i as u32 % 64) as u8).max(1);
            if set { value } else { 0 }
        }).collect();
        let plane = Plane::from_bytes(width, height, &bytes);
        prop_assert_eq!(&plane, &grid.plane());
        let mut unpacked = vec![7u8; width * height];
        plane.write_bytes(&mut unpacked);
        let expected: Vec<u8> = grid.cells.iter().map(|&set| u8::from(set)).collect();
        prop_assert_eq!(unpacked, expected);
    }

    #[test]
    fn components_match_bfs(((width, height), density, a, _b) in case(), connectivity in connectivity()) {
        let grid = Grid::random(width, height, density, a);
        let plane = grid.plane();
        let mut covered = plane.new_like();
        let mut previous_first = None;
        for component in plane.components(connectivity) {
            let first = component.first().unwrap();
            prop_assert!(previous_first < Some((first.y, first.x)), "components come in row-major order");
            previous_first = Some((first.y, first.x));
            let mut seed = Grid { cells: vec![false; width * height], ..grid.clone() };
            seed.cells[first.y * width + first.x] = true;
            let distances = grid.distances(&seed, connectivity);
            prop_assert_eq!(&component, &grid.select(|i| distances[i].is_some()));
            prop_assert!(component.is_disjoint(&covered));
            covered |= &component;
        }
        prop_assert_eq!(covered, plane);
    }

    #[test]
    fn distance_layers_match_bfs(((width, height), density, a, b) in case(), connectivity in connectivity()) {
        let within = Grid::random(width, height, density, a);
        let seeds = Grid::random(width, height, 0.01, b);
        let distances = within.distances(&seeds, connectivity);
        let layers: Vec<Plane> = seeds.plane().distance_layers(&within.plane(), connectivity).collect();
        let deepest = distances.iter().flatten().max().map_or(0, |d| d + 1);
        prop_assert_eq!(layers.len(), deepest);
        for (d, layer) in layers.iter().enumerate() {
            prop_assert_eq!(layer, &within.select(|i| distances[i] == Some(d)));
        }
    }

    #[test]
    fn set_algebra_matches_booleans(((width, height), density, a, b) in case()) {
        let (p, q) = (Grid::random(width, height, density, a), Grid::random(width, height, 0.5, b));
        let (pp, qp) = (p.plane(), q.plane());
        let both = |f: fn(bool, bool) -> bool| p.select(|i| f(p.cells[i], q.cells[i]));
        prop_assert_eq!(&pp & &qp, both(|x, y| x & y));
        prop_assert_eq!(&pp | &qp, both(|x, y| x | y));
        prop_assert_eq!(&pp ^ &qp, both(|x, y| x ^ y));
        prop_assert_eq!(&pp - &qp, both(|x, y| x & !y));
        prop_assert_eq!(!&pp, p.select(|i| !p.cells[i]));
        prop_assert_eq!(pp.len(), p.cells.iter().filter(|&&x| x).count());
        prop_assert_eq!(pp.is_empty(), !p.cells.contains(&true));
        prop_assert_eq!(pp.is_subset(&(&pp | &qp)), true);
        prop_assert_eq!(pp.is_disjoint(&qp), (&pp & &qp).is_empty());
        let iter = pp.iter();
        prop_assert_eq!(iter.len(), pp.len());
        prop_assert_eq!(iter.collect::<Vec<_>>(), p.cells());
        prop_assert_eq!(pp.first(), p.cells().first().copied());
        // The padding past the width stays zero, so the complement of the complement is the plane.
        prop_assert_eq!(!!pp.clone(), pp);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Corridors along the columns, with cells opened and closed at random: floods that need
    /// more sweeps than a flood makes before it finishes by runs.
    #[test]
    fn floods_that_finish_by_runs_match_bfs(
        width in 70..=300usize,
        height in 2..=90usize,
        noise in 0.0..0.05f64,
        a in any::<u64>(),
        b in any::<u64>(),
        connectivity in connectivity(),
    ) {
        check_flood_by_runs(width, height, noise, a, b, connectivity);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4))]

    #[test]
    fn flood_matches_bfs_on_999_square(density in prop::sample::select(vec![0.55, 0.6, 0.7]), a in any::<u64>(), b in any::<u64>(), connectivity in connectivity()) {
        check_flood(999, 999, density, a, b, connectivity);
    }
}

#[test]
fn flood_follows_serpentines_of_every_orientation() {
    for (width, height) in [(5, 5), (64, 9), (65, 65), (200, 129), (999, 999)] {
        for vertical in [false, true] {
            let corridor = serpentine(width, height, vertical);
            for start in [Cell::new(0, 0), corridor.iter().last().unwrap()] {
                let mut seed = corridor.new_like();
                seed.insert(start);
                for connectivity in [Connectivity::Four, Connectivity::Eight] {
                    assert_eq!(
                        flood(&seed, &corridor, connectivity),
                        corridor,
                        "{width} x {height}, vertical {vertical}"
                    );
                    assert_eq!(corridor.count_components(connectivity), 1);
                }
            }
        }
    }
}

#[test]
fn pictures_round_trip_and_reject_bad_input() {
    let plane: Plane = "X . X\n. X .".parse().unwrap();
    assert_eq!((plane.width(), plane.height(), plane.len()), (3, 2, 3));
    assert_eq!(format!("{plane:?}"), "Plane 3 x 2\nX.X\n.X.\n");
    assert_eq!(
        "X ?".parse::<Plane>(),
        Err(floodgate_bitgrid::ParsePlaneError::BadChar('?'))
    );
    assert_eq!(
        "X X\nX".parse::<Plane>(),
        Err(floodgate_bitgrid::ParsePlaneError::RaggedRow { row: 1 })
    );
}

#[test]
fn empty_grids_have_no_cells() {
    for (w, h) in [(0, 0), (0, 5), (5, 0)] {
        let full = Plane::full(w, h);
        assert!(full.is_empty());
        assert_eq!(flood(&full, &full, Connectivity::Four), full);
        assert_eq!(full.dilate(Connectivity::Eight), full);
        assert_eq!(full.components(Connectivity::Four).count(), 0);
        assert_eq!(full.label_components(Connectivity::Eight).count(), 0);
        assert!(
            full.label_components(Connectivity::Four)
                .as_slice()
                .is_empty()
        );
    }
}

#[test]
#[should_panic(expected = "outside")]
fn cells_outside_the_grid_panic() {
    Plane::new(3, 3).insert(Cell::new(3, 0));
}

#[test]
fn eight_connectivity_crosses_diagonals_and_four_does_not() {
    let within: Plane = "X . .\n. X .\n. . X".parse().unwrap();
    let seed: Plane = "X . .\n. . .\n. . .".parse().unwrap();
    assert_eq!(flood(&seed, &within, Connectivity::Four), seed);
    assert_eq!(flood(&seed, &within, Connectivity::Eight), within);
    let sizes: BTreeSet<usize> = within
        .components(Connectivity::Four)
        .map(|c| c.len())
        .collect();
    assert_eq!(sizes, BTreeSet::from([1]));
}
