//! The built-in players of Grow, in the referee's process and as processes.

use floodgate_grow_core::engine::evaluate;
use floodgate_grow_core::state::{Move, State};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::error::Error;
use crate::player::Builtin;
use crate::serve;

impl Builtin {
    /// The move this strategy plays in `state` (not over), for the side to move.
    ///
    /// Random: uniform over the valid moves. Greedy: the move whose position after it
    /// evaluates best for the mover (the evaluation of the engine, one ply deep), ties at
    /// random.
    pub fn choose_move(self, state: &State, rng: &mut Xoshiro256PlusPlus) -> Move {
        crate::baseline::builtin_move(self, super::baseline::RULES, state, greedy_value, rng)
    }
}

/// What `m` is worth to the side to move in `state`, one ply deep: a million and the score
/// margin for a won game, less a million for a lost one, 0 for a draw; else the engine's
/// evaluation from the mover's side (a kill leaves the same side to move).
fn greedy_value(state: &State, m: Move) -> i32 {
    let me = state.to_move();
    let (after, _) = state.play(m);
    if after.is_over() {
        // A side to move without a valid move loses whatever the scores.
        let scores = after.scores();
        let margin = scores[me] - scores[1 - me];
        match after.winner() {
            Some(winner) if winner == me => 1_000_000 + margin,
            Some(_) => -1_000_000 + margin,
            None => 0,
        }
    } else if after.to_move() == me {
        evaluate(&after)
    } else {
        -evaluate(&after)
    }
}

/// Plays one move as `builtin`: the grid (its own view) on standard input, the answer on
/// standard output.
pub fn serve(builtin: Builtin, seed: u64) -> Result<(), Error> {
    let input = serve::read_all()?;
    let state = floodgate_grow_core::codec::parse_grid(&input).map_err(serve::protocol)?;
    if state.is_over() {
        return Err(serve::protocol("the grid leaves no valid move"));
    }
    let mut rng = serve::rng_from(seed, input.iter().map(|&b| u64::from(b)).sum());
    let m = builtin.choose_move(&state, &mut rng);
    serve::say(&m.to_string())
}
