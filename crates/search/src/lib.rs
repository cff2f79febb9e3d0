//! Game-tree search for two-player, zero-sum, perfect-information games.
//!
//! A game crate implements [`Game`] on a marker type, without this crate knowing the game;
//! every bot then searches through the same code:
//!
//! - [`AlphaBeta`]: negamax with alpha-beta pruning, iterative deepening, a fixed-size
//!   transposition table, move ordering (table move, killers, history), optional aspiration
//!   windows, and a deadline checked every few nodes;
//! - [`Mcts`]: UCT Monte Carlo tree search with a pluggable rollout policy or static-evaluation
//!   leaves, a node arena under a hard memory cap, and tree reuse between moves;
//! - [`Clock`]: the deadline both share with the bots.
//!
//! The player to move is part of the state, so a player may move twice in a row (Grow grants
//! an extra move after a kill); neither search assumes alternation.
#![deny(missing_docs)]

mod alphabeta;
mod clock;
mod game;
mod mcts;
pub mod negamax;
mod table;

pub use alphabeta::{AlphaBeta, AlphaBetaOptions, SearchResult};
pub use clock::Clock;
pub use game::{Game, MoveList, Outcome, Player, Score, WIN};
pub use mcts::{Budget, EvalLeaves, Mcts, MctsOptions, MctsResult, RandomRollout, RolloutPolicy};
pub use table::{Bound, Entry, TranspositionTable};
