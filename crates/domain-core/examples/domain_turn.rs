//! Choosing a Domain Expansion action with the library: read the referee's opening lines
//! (board size, own cell, opponent's cell, the opponent's last action), search for a fixed
//! time, print the answer line.
//!
//! ```sh
//! cargo run --release -p floodgate-domain-core --example domain_turn -- docs/boards/domain-first.txt
//! ```
//!
//! Without a file argument the lines are read from standard input.

use std::time::{Duration, Instant};

use floodgate_domain_core::board::Cell;
use floodgate_domain_core::codec::{parse_action_line, parse_cell, parse_size};
use floodgate_domain_core::state::State;
use floodgate_domain_core::{Engine, MoveTime, TimePolicy};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let started = Instant::now();
    let input = match std::env::args().nth(1) {
        Some(path) => std::fs::read_to_string(path)?,
        None => std::io::read_to_string(std::io::stdin())?,
    };
    let mut lines = input.lines();
    let mut line = || lines.next().ok_or("the input ends early");
    parse_size(line()?)?;
    let me = parse_cell(line()?)?;
    parse_cell(line()?)?;
    // The game starts from the same position for both seats; the second player is told the
    // first player's action (`-1 -1 _` says there was none).
    let mut state = State::default();
    if let Some(action) = parse_action_line(line()?)? {
        state = state.play_reported(action);
    }
    // Seat 0 starts at (0, 0), player 1 at (6, 6); it must be our turn.
    let seat = if me == Cell::new(0, 0) { 0 } else { 1 };
    if state.to_move() != seat {
        return Err(format!("it is not the turn of the token that started at {me}").into());
    }
    let budget = Duration::from_millis(100);
    let clock = MoveTime::new(started, budget).clock(TimePolicy::WholeBudget);
    let result = Engine::new(8 << 20).search(&state, &clock);
    let action = result.best_move.ok_or("the game is over")?;
    eprintln!(
        "{} plies deep, worth {:+} (ten a cell of territory) to the mover",
        result.depth, result.score
    );
    println!("{action}");
    eprintln!("(our token was at {me})");
    Ok(())
}
