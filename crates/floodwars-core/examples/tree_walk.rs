//! A fixed amount of tree search (the search crate's `Mcts` with the race at its leaves) from
//! positions across a game: a random 50 x 50 board played by the greedy rule (the colour that
//! takes the most cells), searched after 0, 30, 60 and 90 moves, 20,000 iterations each. The
//! work is the same on every run, so two builds compare by the instructions they take:
//!
//! `valgrind --tool=cachegrind --cache-sim=no target/release/examples/tree_walk`

use floodwars_core::groups::GroupPosition;
use floodwars_core::{Colour, FloodWars, Position, Side};
use search::{Budget, EvalLeaves, Mcts, MctsOptions};

fn main() {
    // A fixed board: colours from a xorshift generator.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let side = 50;
    let mut rows: Vec<Vec<Colour>> = (0..side)
        .map(|_| {
            (0..side)
                .map(|_| Colour::ALL[(next() % 5) as usize])
                .collect()
        })
        .collect();
    while rows[0][side - 1] == rows[side - 1][0] {
        rows[0][side - 1] = Colour::ALL[(next() % 5) as usize];
    }
    let mut position = Position::new(&rows, Side::J, 0).expect("a valid board");
    for played in 0..=90 {
        if played % 30 == 0 && !position.is_over() {
            let options = MctsOptions {
                exploration: 0.5,
                memory_bytes: 16 << 20,
                seed: 1,
                minimax_weight: 0.3,
            };
            let leaves = EvalLeaves { eval_scale: 10.0 };
            let mut tree =
                Mcts::<FloodWars, _>::new(GroupPosition::new(&position), options, leaves);
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
