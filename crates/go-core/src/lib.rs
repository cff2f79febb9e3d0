//! Go boards and Tromp-Taylor scoring (no komi, every stone alive), as specified in
//! `docs/rules/go.md`: parse a board from any bytes, score it with bitgrid floods, and print
//! the result as `B+k`, `W+k` or `Jigo`.
//!
//! ```
//! use go_core::Board;
//! let board: Board = "X - - O".parse().unwrap();
//! assert_eq!(board.score().result().to_string(), "Jigo");
//! ```
#![deny(missing_docs)]

mod board;
pub mod reference;
mod score;

pub use board::{Board, MAX_SIZE, ParseBoardError, Point};
pub use score::{GameResult, Score};
