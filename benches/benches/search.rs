//! Search speed on Connect Four: our alpha-beta and MCTS against the minimax crate
//! (edre/minimax-rs) on the same game, evaluation and depth, in the same run.
//!
//! Run: `cargo bench -p floodgate-benches --bench search`

#[path = "../tests/minimax_adapter/mod.rs"]
mod minimax_adapter;

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use floodgate_benches::connect4::ConnectFour;
use floodgate_search::{
    AlphaBeta, AlphaBetaOptions, Budget, Clock, Mcts, MctsOptions, RandomRollout,
};
use minimax::Strategy;
use minimax_adapter::{SameEvaluation, openings};

const DEPTH: u32 = 8;
const TABLE_BYTES: usize = 1 << 20;
const ROLLOUTS: u32 = 2000;

fn alpha_beta(c: &mut Criterion) {
    let positions = openings();
    // Same root values first: a faster search of a different tree would prove nothing.
    for position in &positions {
        let ours = AlphaBeta::new(
            ConnectFour,
            AlphaBetaOptions {
                max_depth: DEPTH,
                table_bytes: TABLE_BYTES,
                ..Default::default()
            },
        )
        .search(position, &Clock::unlimited());
        let mut theirs = minimax::Negamax::new(SameEvaluation, DEPTH as u8);
        theirs.choose_move(position);
        assert_eq!(ours.score, i32::from(theirs.root_value()));
        eprintln!(
            "depth {DEPTH} from {position:?}: score {}, our nodes {}",
            ours.score, ours.nodes
        );
    }
    let mut group = c.benchmark_group("connect4-alpha-beta-depth-8");
    group.bench_function(BenchmarkId::new("floodgate", "AlphaBeta"), |b| {
        b.iter(|| {
            for position in &positions {
                let mut searcher = AlphaBeta::new(
                    ConnectFour,
                    AlphaBetaOptions {
                        max_depth: DEPTH,
                        table_bytes: TABLE_BYTES,
                        ..Default::default()
                    },
                );
                black_box(searcher.search(position, &Clock::unlimited()));
            }
        })
    });
    group.bench_function(BenchmarkId::new("minimax", "Negamax"), |b| {
        b.iter(|| {
            for position in &positions {
                let mut theirs = minimax::Negamax::new(SameEvaluation, DEPTH as u8);
                black_box(theirs.choose_move(position));
            }
        })
    });
    group.bench_function(BenchmarkId::new("minimax", "IterativeSearch"), |b| {
        b.iter(|| {
            for position in &positions {
                let options = minimax::IterativeOptions::new().with_table_byte_size(TABLE_BYTES);
                let mut theirs = minimax::IterativeSearch::new(SameEvaluation, options);
                theirs.set_max_depth(DEPTH as u8);
                black_box(theirs.choose_move(position));
            }
        })
    });
    group.finish();
}

fn mcts(c: &mut Criterion) {
    let start = openings()[0];
    let mut group = c.benchmark_group("connect4-mcts-2000-rollouts");
    group.bench_function(BenchmarkId::new("floodgate", "Mcts"), |b| {
        b.iter(|| {
            let options = MctsOptions {
                memory_bytes: 8 << 20,
                ..MctsOptions::default()
            };
            let mut mcts = Mcts::new(ConnectFour, start, options, RandomRollout::default());
            black_box(mcts.search(&Budget::iterations(u64::from(ROLLOUTS))))
        })
    });
    group.bench_function(BenchmarkId::new("minimax", "MonteCarloTreeSearch"), |b| {
        b.iter(|| {
            let options = minimax::MCTSOptions::default().with_num_threads(1);
            let mut theirs =
                minimax::MonteCarloTreeSearch::<minimax_adapter::MinimaxConnectFour>::new(options);
            theirs.set_max_rollouts(ROLLOUTS);
            black_box(theirs.choose_move(&start))
        })
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
}

criterion_group! { name = benches; config = config(); targets = alpha_beta, mcts }
criterion_main!(benches);
