//! Grow (XOdia 2015; the rules: `docs/rules/grow.md`): two trees grow on a 20 x 20 grid of points; each move
//! splits a leaf into two branches, which may merge with one's own leaves, die on nodes, or
//! kill the opponent's leaves (and move again).
//!
//! - [`points`]: sets of the 400 points as seven-word bitboards, directions;
//! - [`state`]: positions, moves and every rule, scores, the end;
//! - [`codec`]: the judge's 3600-character grid from either side, answer lines;
//! - [`engine`]: the evaluation and the alpha-beta engine the bot uses.
//!
//! ```
//! use floodgate_grow_core::state::{Move, State};
//! let start = State::default();
//! let first: Move = "3,0,2,1\n".parse().unwrap();
//! assert!(start.is_legal(first));
//! let (after, _) = start.play(first);
//! assert_eq!(after.scores(), [1, 0]);
//! ```
#![deny(missing_docs)]

pub mod codec;
pub mod engine;
pub mod points;
pub mod state;

pub use engine::Engine;
/// From the search crate: the clock and the result of [`Engine::search`], the time policy the
/// clock is taken by, the game trait [`engine::Grow`] implements and the score
/// [`engine::evaluate`] returns.
pub use floodgate_search::{Clock, Game, MoveTime, Score, SearchResult, TimePolicy};
