//! Board generators, benchmark games and baselines for the floodgate benchmarks.
//!
//! The generators are deterministic for a given seed, so a benchmark, a test and a
//! `make-board` run see the same boards.
#![deny(missing_docs)]

pub mod bfs;
pub mod boards;
pub mod connect4;
pub mod seed_relaxation;

/// For the tools' `main`: when the first argument is `--version`, prints `NAME VERSION` (as
/// every binary of the workspace answers it) and says so.
pub fn answered_version(name: &str, args: &[String]) -> bool {
    let asked = args.first().is_some_and(|word| word == "--version");
    if asked {
        println!("{name} {}", env!("CARGO_PKG_VERSION"));
    }
    asked
}
