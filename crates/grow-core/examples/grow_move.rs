//! Choosing a Grow move with the library: read the judge's grid, search it for a fixed time,
//! print the answer line the judge expects.
//!
//! ```sh
//! cargo run --release -p floodgate-grow-core --example grow_move -- docs/boards/grow-start.txt
//! ```
//!
//! Without a file argument the grid is read from standard input.

use std::time::{Duration, Instant};

use floodgate_grow_core::codec::parse_grid;
use floodgate_grow_core::{Engine, MoveTime, TimePolicy};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let started = Instant::now();
    let input = match std::env::args().nth(1) {
        Some(path) => std::fs::read(path)?,
        None => std::io::read_to_string(std::io::stdin())?.into_bytes(),
    };
    let state = parse_grid(&input)?;
    let budget = Duration::from_millis(300);
    let clock = MoveTime::new(started, budget).clock(TimePolicy::OneThird);
    let result = Engine::new(1 << 20).search(&state, &clock);
    let chosen = result.best_move.ok_or("no leaf to split")?;
    eprintln!(
        "{} plies deep, worth {:+} in the evaluation's units to the mover",
        result.depth, result.score
    );
    println!("{chosen}");
    Ok(())
}
