//! How the tree values a leaf: the [`RolloutPolicy`] trait and two policies.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::Rng as _;

use crate::game::{Game, MoveList, Outcome, Seat};

/// The random number generator the searches use (deterministic for a given seed).
pub type Rng = Xoshiro256PlusPlus;

/// How a leaf of the tree is valued: the probability, from 0 to 1, that the first player wins;
/// and, for a search with RAVE ([`MctsOptions::rave_equivalence`](super::MctsOptions)), the
/// priors of new children and which moves the last playout played first.
pub trait RolloutPolicy<G: Game> {
    /// The value of `state` (not finished) in `game` for [`Seat::First`]. The policy may
    /// play on `state` (a playout): the search drops it afterwards.
    fn value(&mut self, game: &G, state: &mut G::State, rng: &mut Rng) -> f64;

    /// Writes into `priors` the prior of each of `moves`, the new children of `state` (RAVE
    /// searches only): virtual visits and wins they start with. The default: none.
    fn priors(&mut self, _game: &G, _state: &G::State, moves: &[G::Move], priors: &mut Vec<Prior>) {
        priors.clear();
        priors.resize(moves.len(), Prior::default());
    }

    /// A new leaf is about to be valued (RAVE searches): forget the moves of the last playout.
    fn start_playout(&mut self) {}

    /// Whether `player` was the first to play `m` in the last playout, or on the tree's path
    /// below the node being backed up (RAVE searches). The default: never.
    fn played_first(&self, _m: G::Move, _player: Seat) -> bool {
        false
    }

    /// The backup passes a tree move, `m` by `player`, played before every later one on the
    /// path and in the playout (RAVE searches): it counts as played first from here up.
    fn played_earlier(&mut self, _m: G::Move, _player: Seat) {}
}

/// Virtual visits and wins a new child starts with (RAVE searches): experience from outside
/// the tree, outweighed as real visits come in.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Prior {
    /// Virtual visits.
    pub visits: f32,
    /// Virtual wins among them, for the player who plays the move.
    pub wins: f32,
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
    fn value(&mut self, game: &G, state: &mut G::State, rng: &mut Rng) -> f64 {
        let mut moves = MoveList::new();
        for _ in 0..self.max_plies {
            if let Some(outcome) = game.outcome(state) {
                return outcome_value(outcome);
            }
            moves.clear();
            game.generate_moves(state, &mut moves);
            if moves.is_empty() {
                break;
            }
            let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
            game.play(state, m);
        }
        match game.outcome(state) {
            Some(outcome) => outcome_value(outcome),
            None => EvalLeaves {
                eval_scale: self.eval_scale,
            }
            .value_of(game, state),
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
            Seat::First => for_mover,
            Seat::Second => 1.0 - for_mover,
        }
    }
}

impl<G: Game> RolloutPolicy<G> for EvalLeaves {
    fn value(&mut self, game: &G, state: &mut G::State, _rng: &mut Rng) -> f64 {
        self.value_of(game, state)
    }
}

pub(super) fn outcome_value(outcome: Outcome) -> f64 {
    match outcome {
        Outcome::Win(Seat::First) => 1.0,
        Outcome::Win(Seat::Second) => 0.0,
        Outcome::Draw => 0.5,
    }
}
