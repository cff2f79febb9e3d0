//! Plain negamax to a fixed depth, without pruning or tables: the reference the other searches
//! are tested and benchmarked against.

use crate::game::{Game, MoveList, Score, outcome_score};

/// The value of `state` for the player to move, searched `depth` plies deep: finished games
/// score by [`outcome_score`](crate::WIN) (quicker wins higher), the horizon by
/// [`Game::evaluate`]. A move that leaves the same player to move keeps the sign.
pub fn negamax<G: Game>(game: &G, state: &G::State, depth: u32) -> Score {
    value(game, state, depth, 0)
}

fn value<G: Game>(game: &G, state: &G::State, depth: u32, ply: usize) -> Score {
    let me = game.player_to_move(state);
    if let Some(outcome) = game.outcome(state) {
        return outcome_score(outcome, me, ply);
    }
    let mut moves = MoveList::new();
    game.generate_moves(state, &mut moves);
    if depth == 0 || moves.is_empty() {
        return game.evaluate(state);
    }
    moves
        .iter()
        .map(|&m| {
            let next = game.next(state, m);
            let v = value(game, &next, depth - 1, ply + 1);
            if game.player_to_move(&next) == me {
                v
            } else {
                -v
            }
        })
        .max()
        .expect("at least one move")
}
