//! Scoring a Go board with the library, as the judge does: Tromp-Taylor area scoring, no komi.
//!
//! ```sh
//! cargo run --release -p floodgate-go-core --example go_board_score -- docs/boards/seed-9x9.txt
//! ```
//!
//! Without a file argument the board is read from standard input.

use floodgate_go_core::Board;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let input = match std::env::args().nth(1) {
        Some(path) => std::fs::read(path)?,
        None => std::io::read_to_string(std::io::stdin())?.into_bytes(),
    };
    let board = Board::from_bytes(&input)?;
    let score = board.score();
    eprintln!(
        "{} x {}: black {} points, white {}",
        board.size(),
        board.size(),
        score.black,
        score.white
    );
    println!("{}", score.result());
    Ok(())
}
