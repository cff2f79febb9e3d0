//! A fixed amount of tree search (the search crate's `Mcts` with the race at its leaves) from
//! positions across a game: a random 50 x 50 board played by the greedy rule (the colour that
//! takes the most cells), searched after 0, 30, 60 and 90 moves, 20,000 iterations each. The
//! work is the same on every run, so two builds compare by the instructions they take:
//!
//! `valgrind --tool=cachegrind --cache-sim=no target/release/examples/tree_walk`

use floodgate_floodwars_core::groups::GroupPosition;
use floodgate_floodwars_core::{FloodWars, Side};
use floodgate_search::{Budget, EvalLeaves, Mcts, MctsOptions};

mod boards;

use boards::{Xorshift, random_board};

fn main() {
    let mut position = random_board(50, &mut Xorshift(Xorshift::SEED));
    for played in 0..=90 {
        if played % 30 == 0 && !position.is_over() {
            let options = MctsOptions {
                exploration: 0.5,
                memory_bytes: 16 << 20,
                seed: 1,
                minimax_weight: 0.3,
                ..MctsOptions::default()
            };
            let leaves = EvalLeaves { eval_scale: 10.0 };
            let mut tree = Mcts::new(FloodWars, GroupPosition::new(&position), options, leaves);
            let result = tree.search(&Budget::iterations(20_000));
            println!(
                "after {played} moves (areas {} and {} cells): {:?}, win rate {:.6}, {} nodes",
                position.area(Side::J).len(),
                position.area(Side::S).len(),
                result.best_move,
                result.win_rate,
                result.nodes
            );
        }
        let mover = position.to_move();
        let greedy = position
            .legal_moves()
            .max_by_key(|&colour| position.play(colour).area(mover).len())
            .expect("three legal colours");
        position = position.play(greedy);
    }
}
