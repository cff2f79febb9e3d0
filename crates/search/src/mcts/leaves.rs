//! How the tree values a leaf: the [`RolloutPolicy`] trait and two policies.

use rand_xoshiro::rand_core::Rng as _;

use super::Rng;
use crate::game::{Game, MoveList, Outcome, Player};

/// How a leaf of the tree is valued: the probability, from 0 to 1, that the first player wins.
pub trait RolloutPolicy<G: Game> {
    /// The value of `state` (not finished) in `game` for [`Player::First`].
    fn value(&mut self, game: &G, state: &G::State, rng: &mut Rng) -> f64;
}

/// Plays uniformly random moves until the game ends or `max_plies` were played, then scores
/// the end (or the static evaluation, squashed to a probability, at the ply limit).
#[derive(Clone, Copy, Debug)]
pub struct RandomRollout {
    /// The longest playout, in plies.
    pub max_plies: usize,
    /// Centipawns per unit of the logistic that turns an evaluation into a probability.
    pub eval_scale: f64,
}

impl Default for RandomRollout {
    fn default() -> Self {
        Self {
            max_plies: 1000,
            eval_scale: 400.0,
        }
    }
}

impl<G: Game> RolloutPolicy<G> for RandomRollout {
    fn value(&mut self, game: &G, state: &G::State, rng: &mut Rng) -> f64 {
        let mut state = state.clone();
        let mut moves = MoveList::new();
        for _ in 0..self.max_plies {
            if let Some(outcome) = game.outcome(&state) {
                return outcome_value(outcome);
            }
            moves.clear();
            game.generate_moves(&state, &mut moves);
            if moves.is_empty() {
                break;
            }
            let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
            game.play(&mut state, m);
        }
        match game.outcome(&state) {
            Some(outcome) => outcome_value(outcome),
            None => EvalLeaves {
                eval_scale: self.eval_scale,
            }
            .value_of(game, &state),
        }
    }
}

/// No playout: a leaf is valued by the game's static evaluation, squashed by a logistic.
#[derive(Clone, Copy, Debug)]
pub struct EvalLeaves {
    /// Centipawns per unit of the logistic: an evaluation of `eval_scale` is worth about 73%.
    pub eval_scale: f64,
}

impl EvalLeaves {
    fn value_of<G: Game>(&self, game: &G, state: &G::State) -> f64 {
        let for_mover = 1.0 / (1.0 + (-f64::from(game.evaluate(state)) / self.eval_scale).exp());
        match game.player_to_move(state) {
            Player::First => for_mover,
            Player::Second => 1.0 - for_mover,
        }
    }
}

impl<G: Game> RolloutPolicy<G> for EvalLeaves {
    fn value(&mut self, game: &G, state: &G::State, _rng: &mut Rng) -> f64 {
        self.value_of(game, state)
    }
}

pub(super) fn outcome_value(outcome: Outcome) -> f64 {
    match outcome {
        Outcome::Win(Player::First) => 1.0,
        Outcome::Win(Player::Second) => 0.0,
        Outcome::Draw => 0.5,
    }
}
