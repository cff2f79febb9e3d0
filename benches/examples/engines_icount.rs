//! A fixed workload of each engine's search, with no clock, for instruction counts under
//! cachegrind (deterministic, unlike times on a shared machine): Flood Wars' tree at 3,000
//! iterations and its alpha-beta at depth 8 on two midgame boards, Domain's alpha-beta at
//! depth 5 on three positions, Go's engine at 2,000 playouts on 9 x 9 and 19 x 19.
//!
//! ```sh
//! cargo build --release -p floodgate-benches --example engines_icount
//! valgrind --tool=cachegrind --cache-sim=no target/release/examples/engines_icount go
//! ```
//! (`fw-tree`, `fw-ab`, `domain` or `go`; it prints the answers, which must not change.)

use floodgate_benches::boards::floodwars_position;
use floodgate_floodwars_core::{Engine as FloodWarsEngine, TreeEngine};
use floodgate_search::{AlphaBetaOptions, Budget, Clock};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

fn main() {
    let workload = std::env::args().nth(1).unwrap_or_default();
    let answers: Vec<String> = match workload.as_str() {
        "fw-tree" => [(20, 10), (50, 20)]
            .map(|(side, moves)| {
                let position = floodwars_position(side, moves, 7);
                let budget = Budget::iterations(3000);
                let result = TreeEngine::new(64 << 20).search_within(&position, &budget);
                format!("{:?}", result.best_move)
            })
            .to_vec(),
        "fw-ab" => [(20, 10), (50, 20)]
            .map(|(side, moves)| {
                let position = floodwars_position(side, moves, 7);
                let options = AlphaBetaOptions {
                    max_depth: 8,
                    table_bytes: 1 << 20,
                    ..AlphaBetaOptions::default()
                };
                let result =
                    FloodWarsEngine::with_options(options).search(&position, &Clock::unlimited());
                format!("{:?} {}", result.best_move, result.nodes)
            })
            .to_vec(),
        "domain" => domain(),
        "go" => [9, 19]
            .map(|size| {
                let game = floodgate_go_core::GameState::new(size, 7.0);
                let options = floodgate_go_core::engine::EngineOptions {
                    memory_bytes: 64 << 20,
                    ..Default::default()
                };
                let mut engine = floodgate_go_core::engine::Engine::new(options);
                let result = engine.search(
                    &game,
                    floodgate_go_core::Colour::Black,
                    &Budget::iterations(2000),
                );
                format!("{:?} {:.6}", result.best, result.win_rate)
            })
            .to_vec(),
        _ => {
            eprintln!("usage: engines_icount fw-tree|fw-ab|domain|go");
            std::process::exit(2);
        }
    };
    println!("{workload}: {}", answers.join(" | "));
}

/// Domain's alpha-beta at depth 5 from the start and after 5 and 15 random actions.
fn domain() -> Vec<String> {
    let mut state = floodgate_domain_core::state::State::default();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let mut answers = Vec::new();
    for round in 0..3 {
        let options = AlphaBetaOptions {
            max_depth: 5,
            table_bytes: 4 << 20,
            ..AlphaBetaOptions::default()
        };
        let result = floodgate_domain_core::Engine::with_options(options)
            .search(&state, &Clock::unlimited());
        answers.push(format!("{:?} {}", result.best_move, result.nodes));
        for _ in 0..5 + 5 * round {
            let mut actions = Vec::new();
            state.legal_actions(&mut actions);
            state = state.play(actions[(rng.next_u64() % actions.len() as u64) as usize]);
        }
    }
    answers
}
