//! Go by the Tromp-Taylor rules, as specified in `docs/rules/go.md`.
//!
//! - Scoring (the scorer task: no komi, every stone alive): parse a board from any bytes,
//!   score it with bitgrid floods, and print the result as `B+k`, `W+k` or `Jigo`.
//! - Playing: [`Position`] (captures, suicide, fast playouts) and [`GameState`] (positional superko,
//!   passes, komi, undo) on boards of 2 x 2 to 25 x 25; [`engine::Engine`], a Monte Carlo tree
//!   search with RAVE; [`gtp`], the Go Text Protocol the `go-gtp` engine speaks.
//!
//! Two parts that play no part in the engine sit behind features that are off by default:
//! `move-model`, a learned model of good moves that the engine does not use (as the tree's
//! priors it lost to GNU Go: docs/experiments.md), with its fit; and `reference`, a plain
//! breadth-first scorer, the oracle that the tests, benchmarks and fuzz targets hold the
//! bitgrid scorer to.
//!
//! ```
//! use floodgate_go_core::Board;
//! let board: Board = "X - - O".parse().unwrap();
//! assert_eq!(board.score().result().to_string(), "Jigo");
//! ```
#![deny(missing_docs)]

mod board;
pub mod engine;
mod game;
pub mod gtp;
mod ladder;
mod liberties;
#[cfg(feature = "move-model")]
pub mod move_model;
mod patterns;
mod playout;
mod position;
mod priors;
#[cfg(feature = "reference")]
pub mod reference;
mod score;
pub mod sgf;
mod slot;
mod turn;

pub use board::{Board, MAX_SIZE, ParseBoardError, Point};
pub use floodgate_bitgrid::{Cell, Plane};
/// The budget of [`engine::Engine::search`], from the search crate.
pub use floodgate_search::Budget;
pub use game::{GameState, IllegalMove};
pub use position::Position;
pub use score::{AreaScore, GameResult};
pub use slot::{MAX_PLAY_SIZE, MIN_PLAY_SIZE};
pub use turn::{Colour, Move};
