//! Our alpha-beta and the minimax crate give the same root values on Connect Four.

mod minimax_adapter;

use floodgate_benches::connect4::ConnectFour;
use floodgate_search::{AlphaBeta, AlphaBetaOptions, Clock, WIN};
use minimax::Strategy;
use minimax_adapter::{SameEvaluation, openings};

#[test]
fn same_root_value_as_minimax_negamax() {
    for depth in [1, 2, 5, 7] {
        for position in openings() {
            let ours = AlphaBeta::new(
                ConnectFour,
                AlphaBetaOptions {
                    max_depth: depth,
                    table_bytes: 1 << 20,
                    ..AlphaBetaOptions::default()
                },
            )
            .search(&position, &Clock::unlimited());
            assert_eq!(ours.depth, depth);
            assert!(
                ours.score.abs() < WIN - 1000,
                "no forced result at these depths"
            );
            let plain = floodgate_search::negamax::negamax(&ConnectFour, &position.clone(), depth);
            let mut theirs = minimax::Negamax::new(SameEvaluation, depth as u8);
            theirs.choose_move(&position);
            assert_eq!(ours.score, plain, "depth {depth}, {position:?}");
            assert_eq!(
                ours.score,
                i32::from(theirs.root_value()),
                "depth {depth}, {position:?}"
            );
        }
    }
}
