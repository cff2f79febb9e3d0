//! The Go engine's speed: playouts per second of a Monte Carlo search from the empty board
//! (each iteration walks the tree, plays the game out with the playout policy and backs up).
//!
//! Run: `cargo bench -p floodgate-benches --bench go_play`

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use floodgate_go_core::engine::{Engine, EngineOptions};
use floodgate_go_core::{Colour, GameState};
use floodgate_search::Budget;

const PLAYOUTS: u64 = 2000;

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("go_playouts");
    group.throughput(Throughput::Elements(PLAYOUTS));
    group.sample_size(10);
    for size in [9, 19] {
        let game = GameState::new(size, 7.0);
        let mut engine = Engine::new(EngineOptions {
            memory_bytes: 64 << 20,
            ..EngineOptions::default()
        });
        group.bench_with_input(BenchmarkId::new("search", size), &game, |b, game| {
            b.iter(|| {
                engine.search(
                    black_box(game),
                    Colour::Black,
                    &Budget::iterations(PLAYOUTS),
                )
            })
        });
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
