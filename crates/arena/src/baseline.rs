//! Built-in search baselines: the search crate's plain alpha-beta ([`floodgate_search::negamax`]) over
//! each game's rules, with a simple evaluation written here (not the engines'), so that
//! strength work can measure against something that searches. The rules are the core crate's
//! judge-exact `floodgate_search::Game`, written once (Grow's and Domain Expansion's engine
//! games, Flood Wars' and Cram's `rules::Rules`); a `Baseline` puts the evaluation written here
//! in place of the game's own (Flood Wars keeps its rules' plain count of cells). `alphabeta:D` searches D plies; `alphabeta:Nms` deepens
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

pub use floodgate_search::negamax::Limit;

use floodgate_search::{Game, MoveList, Outcome, Score, Seat, mix};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::player::Builtin;

/// The move the plain search within `limit` plays in `state` of `game`, which has one.
pub(crate) fn search_move<G: Game>(game: G, state: &G::State, limit: Limit) -> G::Move {
    floodgate_search::negamax::choose(&game, state, limit).expect("a position with a legal move")
}

/// The move `builtin` plays in `state` (not over) of a game whose moves `rules` lists:
/// alpha-beta's by the plain search within its limit; greedy's one of the best by
/// `greedy_value` one ply deep, ties at random; random's drawn uniformly.
pub(crate) fn builtin_move<G: Game, V: Ord + Copy>(
    builtin: Builtin,
    rules: G,
    state: &G::State,
    greedy_value: impl Fn(&G::State, G::Move) -> V,
    rng: &mut Xoshiro256PlusPlus,
) -> G::Move {
    if let Builtin::AlphaBeta(limit) = builtin {
        return search_move(rules, state, limit);
    }
    let mut moves = MoveList::new();
    rules.generate_moves(state, &mut moves);
    builtin.pick(&moves, |&m| greedy_value(state, m), rng)
}

/// A core crate's game, `rules`, searched with a baseline's own evaluation at the horizon and
/// its own margin of a finished game: the moves, their order, the outcome and the positions
/// after a move are the core's.
#[derive(Clone, Copy)]
pub(crate) struct Baseline<G: Game> {
    rules: G,
    evaluate: fn(&G::State) -> Score,
    final_margin: fn(&G::State) -> Score,
    /// When set, the evaluation counts four points a point of `evaluate` plus 0 to 3 drawn for
    /// each position from this number: equally valued moves are chosen among at random, and a
    /// point of the evaluation always outweighs the draw.
    tie_break: Option<u64>,
}

impl<G: Game> Baseline<G> {
    /// The game `rules` with `evaluate` at the horizon and `final_margin` for a finished game
    /// (both for the player to move).
    pub(crate) const fn new(
        rules: G,
        evaluate: fn(&G::State) -> Score,
        final_margin: fn(&G::State) -> Score,
    ) -> Self {
        Self {
            rules,
            evaluate,
            final_margin,
            tie_break: None,
        }
    }

    /// The same game whose evaluation breaks ties by a draw from `seed` (see `tie_break`).
    pub(crate) fn with_tie_break(self, seed: u64) -> Self {
        Self {
            tie_break: Some(seed),
            ..self
        }
    }
}

impl<G: Game> Game for Baseline<G> {
    type State = G::State;
    type Move = G::Move;

    fn player_to_move(&self, state: &G::State) -> Seat {
        self.rules.player_to_move(state)
    }

    fn generate_moves(&self, state: &G::State, moves: &mut MoveList<G::Move>) {
        self.rules.generate_moves(state, moves);
    }

    fn outcome(&self, state: &G::State) -> Option<Outcome> {
        self.rules.outcome(state)
    }

    fn next(&self, state: &G::State, m: G::Move) -> G::State {
        self.rules.next(state, m)
    }

    fn play(&self, state: &mut G::State, m: G::Move) {
        self.rules.play(state, m);
    }

    fn evaluate(&self, state: &G::State) -> Score {
        let value = (self.evaluate)(state);
        match self.tie_break {
            None => value,
            Some(seed) => 4 * value + (mix(self.rules.hash(state) ^ seed) % 4) as Score,
        }
    }

    fn hash(&self, state: &G::State) -> u64 {
        self.rules.hash(state)
    }

    fn final_margin(&self, state: &G::State) -> Score {
        (self.final_margin)(state)
    }

    fn move_index(&self, m: G::Move) -> usize {
        self.rules.move_index(m)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use floodgate_search::negamax::{best_move, negamax};
    use floodgate_search::{Game, Score, WIN};

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
