//! Game-tree search for two-player, zero-sum, perfect-information games.
//!
//! A game crate implements [`Game`] on a value that carries the game's configuration (or on a
//! marker type), without this crate knowing the game; every bot then searches through the
//! same code:
//!
//! - [`AlphaBeta`]: negamax with alpha-beta pruning, iterative deepening, a fixed-size
//!   transposition table that keeps each position's best move, move ordering (table move,
//!   killers, history), optional aspiration windows and principal-variation search, and a
//!   deadline checked every few nodes;
//! - [`Mcts`]: Monte Carlo tree search, UCT or RAVE with priors, with a pluggable rollout
//!   policy or static-evaluation leaves, a node arena under a hard memory cap, and tree reuse
//!   between moves;
//! - [`negamax`]: plain negamax (the reference the tests hold the others to) and a plain
//!   alpha-beta to a depth or for a time (the arena's baselines);
//! - [`Clock`]: the deadline both share with the bots, taken from a [`MoveTime`] by a
//!   [`TimePolicy`];
//! - [`Answer`]: the legal move a judge always gets, also where the search found none.
//!
//! The player to move is part of the state, so a player may move twice in a row (Grow grants
//! an extra move after a kill); neither search assumes alternation.
//!
//! ```
//! use floodgate_search::{AlphaBeta, AlphaBetaOptions, Budget, Clock, Game, Mcts, MctsOptions, MoveList};
//! use floodgate_search::{Outcome, Seat, RandomRollout, WIN};
//!
//! /// Nim with one pile: take 1 to 3 stones; whoever takes the last stone wins.
//! struct Nim;
//!
//! impl Game for Nim {
//!     type State = (u32, Seat);
//!     type Move = u32;
//!     fn player_to_move(&self, &(_, player): &Self::State) -> Seat {
//!         player
//!     }
//!     fn generate_moves(&self, &(stones, _): &Self::State, moves: &mut MoveList<u32>) {
//!         moves.extend((1..=3).filter(|&take| take <= stones));
//!     }
//!     fn outcome(&self, &(stones, player): &Self::State) -> Option<Outcome> {
//!         (stones == 0).then(|| Outcome::Win(player.other()))
//!     }
//!     fn next(&self, &(stones, player): &Self::State, take: u32) -> Self::State {
//!         (stones - take, player.other())
//!     }
//!     fn evaluate(&self, _: &Self::State) -> i32 {
//!         0
//!     }
//!     fn hash(&self, &(stones, player): &Self::State) -> u64 {
//!         u64::from(stones) * 2 + player.index() as u64
//!     }
//! }
//!
//! // From 10 stones, take 2 and leave a multiple of 4: a win in 5 plies.
//! let start = (10, Seat::First);
//! let result = AlphaBeta::new(Nim, AlphaBetaOptions::default()).search(&start, &Clock::unlimited());
//! assert_eq!((result.best_move, result.score), (Some(2), WIN - 5));
//!
//! let mut mcts = Mcts::new(Nim, start, MctsOptions::default(), RandomRollout::default());
//! assert_eq!(mcts.search(&Budget::iterations(5000)).best_move, Some(2));
//! ```
#![deny(missing_docs)]

mod alphabeta;
mod answer;
mod clock;
mod game;
pub mod hash;
mod mcts;
pub mod negamax;
mod ordering;
mod table;
mod time;
mod window;

pub use alphabeta::{AlphaBeta, AlphaBetaOptions, Reduction, SearchResult};
pub use answer::Answer;
pub use clock::Clock;
pub use game::{Game, Horizon, MARGIN_POINT, MoveList, Outcome, Score, Seat, WIN};
pub use hash::mix;
pub use mcts::{
    Budget, EvalLeaves, Mcts, MctsOptions, MctsResult, Prior, RandomRollout, Rng, RolloutPolicy,
    RootChild,
};
pub use table::prefetch;
pub use time::{MoveTime, SafetyMargin, TimePolicy};
