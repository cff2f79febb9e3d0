//! Domain Expansion (the rules: `docs/rules/domain.md`): two tokens on a 7 x 7 board take turns to move up to
//! three steps and build a wall beside them; when the walls separate the tokens, the larger
//! domain wins.
//!
//! - [`board`]: cells as bits of a `u64`, walls as edge sets, flood over open sides;
//! - [`state`]: the position, legal actions exactly as the referee (quirk included), the end;
//! - [`codec`]: the protocol's lines;
//! - [`race`]: which cells each token reaches first, the race the evaluation, the arena's
//!   baselines and its pictures share;
//! - [`engine`]: the evaluation (who reaches each cell first) and the alpha-beta engine;
//! - [`bot`]: the bot's side of a game: its search each turn, with the settings it plays with.
//!
//! ```
//! use floodgate_domain_core::board::{Cell, Dir};
//! use floodgate_domain_core::state::{Action, State};
//! let start = State::default();
//! let action = Action { to: Cell::new(1, 2), wall: Dir::R };
//! assert!(start.is_legal(action));
//! assert_eq!(action.to_string(), "1 2 R");
//! assert!(!start.play(action).is_over());
//! ```
#![deny(missing_docs)]

pub mod board;
pub mod bot;
pub mod codec;
pub mod engine;
pub mod race;
pub mod state;

pub use engine::Engine;
/// From the search crate: the clock and the result of [`Engine::search`], the time policy the
/// clock is taken by, the settings of [`Engine::with_options`], the game trait
/// [`engine::Domain`] implements and the score [`engine::evaluate`] returns.
pub use floodgate_search::{
    AlphaBetaOptions, Clock, Game, MoveTime, Score, SearchResult, TimePolicy,
};
