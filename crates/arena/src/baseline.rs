//! Built-in search baselines: the search crate's plain alpha-beta ([`search::negamax`]) over
//! each game's rules, with a simple evaluation written here (not the engines'), so that
//! strength work can measure against something that searches. `alphabeta:D` searches D plies; `alphabeta:Nms` deepens
//! one ply at a time for N milliseconds and plays the move of the deepest search it finished,
//! as a contest entry of the kind that uses its whole clock does.
//!
//! No transposition table and no move ordering: at a fixed depth the same position always
//! gives the same move. Moves are tried in the rules' order and a tie goes to the first
//! best move. A finished game is worth a million to the winner, plus 100 per point of final
//! margin and 1 per ply it comes sooner (the loser gets the opposite), which dominates every
//! evaluation; at the horizon each game has a simple evaluation of its own, in the `baseline`
//! module of the game's folder ([`crate::floodwars::baseline`], [`crate::grow::baseline`],
//! [`crate::domain::baseline`], [`crate::cram::baseline`]).

pub use search::negamax::Limit;

use search::{Game, Outcome, Player, Score};

/// The move the plain search within `limit` plays in `state` of `game`, which has one.
pub(crate) fn search_move<G: Game>(game: G, state: &G::State, limit: Limit) -> G::Move {
    search::negamax::choose(&game, state, limit).expect("a position with a legal move")
}

/// The seat of a game's player index (0 moves first).
pub(crate) fn player(index: usize) -> Player {
    if index == 0 {
        Player::First
    } else {
        Player::Second
    }
}

/// How a game that is `over`, with `margin` points for `to_move`, ended; `None` while it is
/// not over.
pub(crate) fn outcome_if_over(over: bool, margin: Score, to_move: Player) -> Option<Outcome> {
    over.then(|| match margin.signum() {
        1 => Outcome::Win(to_move),
        -1 => Outcome::Win(to_move.other()),
        _ => Outcome::Draw,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use search::negamax::{best_move, negamax};
    use search::{Game, Score, WIN};

    /// The first of the best moves of `state` searched `depth` plies deep, and its value.
    pub(crate) fn best<G: Game>(game: &G, state: &G::State, depth: u32) -> (G::Move, Score) {
        best_move(game, state, depth).expect("a position with a legal move")
    }

    /// Checks that alpha-beta at `depth` finds the value of plain negamax without pruning,
    /// and a move negamax values at that value.
    pub(crate) fn assert_matches_minimax<G: Game>(game: &G, state: &G::State, depth: u32) {
        let (chosen, value) = best(game, state, depth);
        assert_eq!(value, negamax(game, state, depth), "value at depth {depth}");
        let next = game.next(state, chosen);
        // A finished game's score counts the plies from the root: one more from here.
        let after = match negamax(game, &next, depth - 1) {
            v if v > WIN / 2 => v - 1,
            v if v < -WIN / 2 => v + 1,
            v => v,
        };
        let same_player = game.player_to_move(&next) == game.player_to_move(state);
        let chosen_value = if same_player { after } else { -after };
        assert_eq!(chosen_value, value, "{chosen:?} is not a best move");
    }
}
