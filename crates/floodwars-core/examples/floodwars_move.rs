//! Choosing a Flood Wars move with the library as floodwars-bot does: read a judge input, run
//! the tree search ([`TreeEngine`]) for a fixed time, print the answer the judge expects.
//!
//! ```sh
//! cargo run --release -p floodgate-floodwars-core --example floodwars_move -- docs/boards/floodwars-10x10.txt
//! ```
//!
//! Without a file argument the input is read from standard input.

use std::time::{Duration, Instant};

use floodgate_floodwars_core::{MoveTime, Position, TimePolicy, TreeEngine};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let started = Instant::now();
    let input = match std::env::args().nth(1) {
        Some(path) => std::fs::read_to_string(path)?,
        None => std::io::read_to_string(std::io::stdin())?,
    };
    let position: Position = input.parse()?;
    // Search until 200 ms after the start, as the bot does with its 780 ms.
    let budget = Duration::from_millis(200);
    let clock = MoveTime::new(started, budget).clock(TimePolicy::WholeBudget);
    let result = TreeEngine::new(64 << 20).search(&position, &clock);
    let colour = result
        .best_move
        .ok_or("the game is over: no move to choose")?;
    eprintln!(
        "plays {colour:?} after {} iterations, win rate {:.2} for the mover",
        result.iterations, result.win_rate
    );
    print!("{}", position.play(colour));
    Ok(())
}
