//! Cram (the rules: `docs/rules/cram.md`): players take turns placing dominoes on empty cells of a board; who
//! cannot move loses. Cram is impartial, so a position's value is the XOR of the Sprague-Grundy
//! values of its regions of empty cells, and the player to move wins exactly when it can move
//! to value 0.
//!
//! - [`board`]: boards up to 999 x 999 on bitgrid planes, moves, regions, position values;
//! - [`codec`]: the judge's lines: the init line, moves, and the answer a bot prints;
//! - [`engine`]: the playing engine: perfect play once every region has a value, a look-ahead
//!   search before that, a blocking move in constant time on huge boards;
//! - [`rules`]: the judge's game as a search game, its moves filtered as a search asks (the
//!   look-ahead's and the arena's baseline's);
//! - [`shape`]: small regions as bitboards in one machine word (`u64` or `u128`) and their
//!   canonical keys;
//! - [`solver`]: the Grundy solver with its bounded memo tables (a module of their own) and its
//!   budget (a deadline, an amount of work, or both, held by a guard).
//!
//! ```
//! use floodgate_cram_core::board::{Board, position_value};
//! use floodgate_cram_core::solver::Solver;
//! let mut solver: Solver = Solver::with_table_bytes(1 << 20);
//! // Even x even boards are lost for the player to move (the mirror strategy): value 0.
//! assert_eq!(position_value(&Board::new(4, 4), &mut solver), Some(0));
//! assert_eq!(position_value(&Board::new(2, 3), &mut solver), Some(1));
//! ```
#![deny(missing_docs)]

pub mod board;
pub mod codec;
pub mod engine;
pub mod rules;
pub mod shape;
pub mod solver;
mod values;

/// The plane of the public signatures ([`board::Board::from_empty`],
/// [`board::Board::regions`]) and the cell its methods take, from the bitgrid crate.
pub use floodgate_bitgrid::{Cell, Plane};
