//! Depth reached and nodes per second of the alpha-beta engine by board size, and iterations
//! per second and tree size of the tree search the bot plays with, each under floodwars-bot's
//! default clock (780 ms), on random boards (J to move).
//!
//! `cargo run --release -p floodgate-floodwars-core --example depth [BUDGET_MS]`

use std::time::{Duration, Instant};

use floodgate_floodwars_core::{Engine, TreeEngine};
use floodgate_search::{MoveTime, TimePolicy};

mod boards;

use boards::{Xorshift, random_board};

fn main() {
    let budget_ms: u64 = std::env::args()
        .nth(1)
        .map_or(780, |arg| arg.parse().expect("a budget in milliseconds"));
    let budget = Duration::from_millis(budget_ms);
    let mut rng = Xorshift(Xorshift::SEED);
    println!(
        "| board | boards | depth min / median / max | nodes per second (mean) | time per move (mean) \
         | tree: iterations per second (mean) | tree nodes (mean) |"
    );
    println!("|---|---|---|---|---|---|---|");
    for side in [10, 20, 30, 40, 50] {
        let (mut depths, mut nodes, mut seconds) = (Vec::new(), 0u64, 0.0);
        let (mut iterations, mut tree_nodes, mut tree_seconds) = (0u64, 0usize, 0.0);
        for _ in 0..8 {
            let position = random_board(side, &mut rng);
            let started = Instant::now();
            let clock = MoveTime::new(started, budget).clock(TimePolicy::WholeBudget);
            let result = Engine::new(16 << 20).search(&position, &clock);
            seconds += started.elapsed().as_secs_f64();
            depths.push(result.depth);
            nodes += result.nodes;
            let started = Instant::now();
            let clock = MoveTime::new(started, budget).clock(TimePolicy::WholeBudget);
            let result = TreeEngine::new(64 << 20).search(&position, &clock);
            tree_seconds += started.elapsed().as_secs_f64();
            iterations += result.iterations;
            tree_nodes += result.nodes;
        }
        depths.sort_unstable();
        println!(
            "| {side} x {side} | {} | {} / {} / {} | {:.0} k | {:.0} ms | {:.0} k | {:.0} k |",
            depths.len(),
            depths[0],
            depths[depths.len() / 2],
            depths[depths.len() - 1],
            nodes as f64 / seconds / 1000.0,
            1000.0 * seconds / depths.len() as f64,
            iterations as f64 / tree_seconds / 1000.0,
            tree_nodes as f64 / depths.len() as f64 / 1000.0
        );
    }
}
