//! Choosing Cram moves with the library: read the judge's lines for one game (the init line,
//! then `START` or the opponent's moves, until `STOP`), answer each with a domino.
//!
//! ```sh
//! cargo run --release -p floodgate-cram-core --example cram_game -- docs/boards/cram-5x5.txt
//! ```
//!
//! Without a file argument the lines are read from standard input.

use std::time::{Duration, Instant};

use floodgate_cram_core::codec::{parse_init, parse_move};
use floodgate_cram_core::engine::Engine;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let input = match std::env::args().nth(1) {
        Some(path) => std::fs::read_to_string(path)?,
        None => std::io::read_to_string(std::io::stdin())?,
    };
    let mut lines = input.lines();
    let board = parse_init(lines.next().ok_or("no init line")?)?;
    println!("OK");
    let mut engine = Engine::new(board, 16 << 20);
    for line in lines {
        match line.trim_end_matches('\r') {
            "STOP" => break,
            "START" => {}
            opponent => {
                let domino = parse_move(opponent, engine.board())?;
                engine.play(domino);
            }
        }
        // Perfect whenever the solver values the position before the deadline.
        let deadline = Instant::now() + Duration::from_millis(200);
        let Some(domino) = engine.choose(deadline) else {
            eprintln!("no domino fits: the game is lost");
            break;
        };
        println!("{domino}");
        engine.play(domino);
    }
    Ok(())
}
