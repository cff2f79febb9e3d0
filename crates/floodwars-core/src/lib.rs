//! Flood Wars (the rules: `docs/rules/floodwars.md`): two players grow areas from opposite corners of a board of
//! five colours by recolouring them; the one with more cells (Tromp-Taylor style) wins.
//!
//! - [`Position`]: the board as bitgrid planes, legal moves, [`Position::play`], the end of the
//!   game and its [`Tally`];
//! - [`codec`]: the judge's text format, shared by the bot and the arena's referee;
//! - [`groups`]: the search's view of a position, the board as a graph of same-coloured groups;
//! - [`eval`] and [`engine`]: the evaluation, the alpha-beta engine and the tree search the bot
//!   plays with;
//! - [`rules`]: the judge's game as a search game over [`Position`], for searches other than
//!   the engine's (the arena's baseline);
//! - [`solve`]: the exact solver (perfect play on small boards), which the bot does not use.
//!
//! ```
//! use floodgate_floodwars_core::{Colour, Position};
//! // J holds the bottom-left `@`, S the top-right `.`; J picks `#` and absorbs both `#`.
//! let position: Position = "J\n#.\n@#\n".parse().unwrap();
//! let after = position.play(Colour::Hash);
//! assert_eq!(after.to_string(), "S\n#.\n##\n");
//! assert_eq!((after.score().j, after.score().s), (3, 1));
//! assert!(after.is_over());
//! ```
#![deny(missing_docs)]

pub mod codec;
pub mod engine;
pub mod eval;
pub mod groups;
mod position;
pub mod rules;
pub mod solve;

pub use codec::ParseError;
pub use engine::{Engine, FloodWars, TreeEngine};
/// The grid types of the public signatures ([`Position::area`], [`groups::GroupSet`]), from
/// the bitgrid crate.
pub use floodgate_bitgrid::{Bits, Cell, Plane};
/// From the search crate: the clock and the results of [`Engine::search`] and
/// [`TreeEngine::search`], the time policy the clock is taken by, the settings of
/// [`Engine::with_options`], the budget of [`TreeEngine::search_within`], and the game trait
/// [`FloodWars`] implements.
pub use floodgate_search::{
    AlphaBetaOptions, Budget, Clock, Game, MctsResult, MoveTime, SearchResult, TimePolicy,
};
pub use position::{Colour, MAX_SIDE, MOVE_LIMIT, Position, PositionError, Side, Tally};
