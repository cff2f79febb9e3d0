//! The engine's search: its tree stays the size its settings say, its moves are legal.

use floodgate_go_core::engine::{Engine, EngineOptions};
use floodgate_go_core::{Colour, GameState, Move};
use floodgate_search::Budget;

#[test]
fn a_leaf_is_expanded_only_after_its_playouts() {
    // Every expansion adds at most 82 children on 9 x 9, and a leaf is expanded once 8
    // playouts went through it: 2,000 playouts cannot make more than 251 expansions. (When
    // prior visits counted as playouts, one iteration expanded a whole line of the tree.)
    let options = EngineOptions::default();
    let mut engine = Engine::new(options.clone());
    let report = engine.search(
        &GameState::new(9, 7.0),
        Colour::Black,
        &Budget::iterations(2000),
    );
    assert_eq!(report.playouts, 2000);
    let most = (2000 / options.expand_after as usize + 1) * 82 + 1;
    assert!(report.nodes <= most, "{} nodes", report.nodes);
}

#[test]
fn searches_with_threads_add_their_playouts_and_play_legal_moves() {
    let mut engine = Engine::new(EngineOptions {
        threads: 2,
        memory_bytes: 16 << 20,
        ..EngineOptions::default()
    });
    let mut game = GameState::new(7, 7.0);
    for _ in 0..30 {
        let colour = game.to_move();
        let report = engine.search(&game, colour, &Budget::iterations(300));
        assert_eq!(report.playouts, 600);
        game.play(colour, report.best)
            .expect("the engine's move is legal");
        if game.is_over() {
            break;
        }
    }
    assert!(game.moves().iter().any(|&(_, m)| m != Move::Pass));
}
