//! Flood Wars engine kernels on random boards: building the group graph, a move, the race
//! evaluation, the cells each side can still reach (the exact solver's bounds), a fixed-depth
//! search (nodes per second = nodes / time) and the bot's tree search at a fixed number of
//! iterations (iterations per second = 3,000 / time).
//!
//! Run: `cargo bench -p floodgate-benches --bench floodwars`

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use floodgate_benches::boards::floodwars_position as position;
use floodgate_floodwars_core::groups::{GroupPosition, MAX_GROUPS};
use floodgate_floodwars_core::{Engine, TreeEngine};
use floodgate_search::{AlphaBetaOptions, Budget, Clock};

fn kernels(c: &mut Criterion) {
    let mut group = c.benchmark_group("floodwars");
    for (side, moves) in [(10, 4), (20, 10), (50, 20)] {
        let start = position(side, moves, 7);
        let label = format!("{side}x{side}-after-{moves}");
        group.bench_with_input(BenchmarkId::new("groups-build", &label), &start, |b, p| {
            b.iter(|| GroupPosition::new(black_box(p)))
        });
        let groups = GroupPosition::new(&start);
        group.bench_with_input(BenchmarkId::new("race", &label), &groups, |b, p| {
            b.iter(|| black_box(p).race(MAX_GROUPS))
        });
        group.bench_with_input(BenchmarkId::new("reach", &label), &groups, |b, p| {
            b.iter(|| black_box(p).reach())
        });
        let colour = groups.legal_moves().next().expect("a legal move");
        group.bench_with_input(BenchmarkId::new("play", &label), &groups, |b, p| {
            b.iter(|| black_box(p).play(colour))
        });
        group.bench_with_input(
            BenchmarkId::new("search-depth-8", &label),
            &start,
            |b, p| {
                b.iter(|| {
                    let mut engine = Engine::with_options(AlphaBetaOptions {
                        max_depth: 8,
                        table_bytes: 1 << 20,
                        ..AlphaBetaOptions::default()
                    });
                    engine.search(black_box(p), &Clock::unlimited())
                })
            },
        );
        group.bench_with_input(BenchmarkId::new("tree-3000", &label), &start, |b, p| {
            b.iter(|| {
                TreeEngine::new(64 << 20).search_within(black_box(p), &Budget::iterations(3000))
            })
        });
    }
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

criterion_group! { name = benches; config = config(); targets = kernels }
criterion_main!(benches);
