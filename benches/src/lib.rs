//! Board generators, benchmark games and baselines for the floodgate benchmarks.
//!
//! The generators are deterministic for a given seed, so a benchmark, a test and a
//! `make-board` run see the same boards.
#![deny(missing_docs)]

pub mod bfs;
pub mod boards;
pub mod connect4;
pub mod seed_relaxation;
