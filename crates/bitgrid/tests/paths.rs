//! Every kernel path this processor supports ([`KernelPath`]), forced in turn, checked against
//! the plain references of `common` on random planes. The path is chosen for the whole
//! process, so the checks of this file take turns (a lock), and the kernel tests of
//! `kernels.rs` (another process) run on the path the processor would choose.

mod common;

use std::sync::{Mutex, PoisonError};

use common::{Grid, case, check_flood, check_flood_by_runs, connectivity};
use floodgate_bitgrid::{KernelPath, flood, flood_pair, force_kernel_path, kernel_path};
use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};

/// Held while a path is forced.
static FORCING: Mutex<()> = Mutex::new(());

/// The paths this processor supports; on an x86-64-v2 processor (POPCNT and SSE4.2), both.
fn supported_paths() -> Vec<KernelPath> {
    let paths: Vec<KernelPath> = KernelPath::ALL
        .into_iter()
        .filter(|path| path.is_supported())
        .collect();
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("popcnt") && std::is_x86_feature_detected!("sse4.2") {
        assert_eq!(paths, KernelPath::ALL, "this processor runs every path");
    }
    assert_eq!(paths.first(), Some(&KernelPath::Portable));
    paths
}

/// Runs `check` on `cases` random values of `strategy` on every supported path, forced in
/// turn; fails naming the path.
fn on_every_path<S: Strategy>(
    cases: u32,
    strategy: S,
    check: impl Fn(S::Value) -> Result<(), TestCaseError>,
) {
    let _forcing = FORCING.lock().unwrap_or_else(PoisonError::into_inner);
    for path in supported_paths() {
        assert!(force_kernel_path(path), "{path} is supported");
        let mut runner = TestRunner::new(ProptestConfig::with_cases(cases));
        let result = runner.run(&strategy, |value| {
            check(value)?;
            prop_assert_eq!(kernel_path(), path, "the forced path stays chosen");
            Ok(())
        });
        if let Err(failure) = result {
            panic!("on the {path} path: {failure}");
        }
    }
}

#[test]
fn labels_match_bfs_on_every_path() {
    on_every_path(150, (case(), connectivity()), |(case, connectivity)| {
        let ((width, height), density, a, _) = case;
        let grid = Grid::random(width, height, density, a);
        let plane = grid.plane();
        let labels = plane.label_components(connectivity);
        let (expected, count) = grid.labels(connectivity);
        prop_assert_eq!(labels.count(), count);
        prop_assert_eq!(labels.as_slice(), &expected[..]);
        prop_assert_eq!(plane.count_components(connectivity), count);
        Ok(())
    });
}

#[test]
fn counts_match_booleans_on_every_path() {
    on_every_path(150, case(), |((width, height), density, a, _)| {
        let grid = Grid::random(width, height, density, a);
        let expected = grid.cells.iter().filter(|&&cell| cell).count();
        prop_assert_eq!(grid.plane().len(), expected);
        prop_assert_eq!(grid.plane().iter().len(), expected);
        Ok(())
    });
}

#[test]
fn floods_match_bfs_on_every_path() {
    on_every_path(150, (case(), connectivity()), |(case, connectivity)| {
        let ((width, height), density, a, b) = case;
        check_flood(width, height, density, a, b, connectivity);
        let within = Grid::random(width, height, density, a).plane();
        let mut first = Grid::random(width, height, 0.01, b).plane();
        let mut second = Grid::random(width, height, 0.01, b ^ 0x5555).plane();
        let expected = (
            flood(&first, &within, connectivity),
            flood(&second, &within, connectivity),
        );
        flood_pair(&mut first, &mut second, &within, connectivity);
        prop_assert_eq!((first, second), expected);
        Ok(())
    });
}

#[test]
fn floods_that_finish_by_runs_match_bfs_on_every_path() {
    let corridors = (
        70..=300usize,
        2..=90usize,
        0.0..0.05f64,
        any::<u64>(),
        any::<u64>(),
    );
    on_every_path(
        20,
        (corridors, connectivity()),
        |((width, height, noise, a, b), connectivity)| {
            check_flood_by_runs(width, height, noise, a, b, connectivity);
            Ok(())
        },
    );
}
