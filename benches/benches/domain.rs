//! The Domain Expansion engine's alpha-beta at a fixed depth from the start and from two
//! later positions (nodes per second = the search's nodes / time).
//!
//! Run: `cargo bench -p floodgate-benches --bench domain`

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use floodgate_domain_core::Engine;
use floodgate_domain_core::state::State;
use floodgate_search::{AlphaBetaOptions, Clock};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

/// The position after `actions` random legal actions from the start.
fn position(actions: usize, seed: u64) -> State {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut state = State::default();
    for _ in 0..actions {
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        state = state.play(legal[(rng.next_u64() % legal.len() as u64) as usize]);
    }
    state
}

fn alpha_beta(c: &mut Criterion) {
    let mut group = c.benchmark_group("domain");
    for (actions, depth) in [(0, 5), (10, 5), (30, 6)] {
        let state = position(actions, 3);
        let label = format!("after-{actions}-depth-{depth}");
        group.bench_with_input(BenchmarkId::new("search", &label), &state, |b, state| {
            b.iter(|| {
                let mut engine = Engine::with_options(AlphaBetaOptions {
                    max_depth: depth,
                    table_bytes: 4 << 20,
                    ..AlphaBetaOptions::default()
                });
                engine.search(black_box(state), &Clock::unlimited())
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

criterion_group! { name = benches; config = config(); targets = alpha_beta }
criterion_main!(benches);
