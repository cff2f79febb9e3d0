//! `make-board random SIZE [SEED]` or `make-board serpentine SIZE`: prints a benchmark board in
//! go-score's input format.

use std::process::ExitCode;

use floodgate_benches::boards::{random_board, serpentine_board};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if floodgate_benches::answered_version("make-board", &args) {
        return ExitCode::SUCCESS;
    }
    let size = args
        .get(1)
        .and_then(|s| s.parse::<usize>().ok())
        .filter(|&n| n <= floodgate_go_core::MAX_SIZE);
    let seed = args.get(2).map_or(Some(0), |s| s.parse::<u64>().ok());
    let board = match (args.first().map(String::as_str), size, seed) {
        (Some("random"), Some(size), Some(seed)) => random_board(size, seed),
        (Some("serpentine"), Some(size), _) => serpentine_board(size),
        _ => {
            eprintln!(
                "usage: make-board random SIZE [SEED] | make-board serpentine SIZE  (SIZE <= 255)"
            );
            return ExitCode::from(2);
        }
    };
    print!("{board}");
    ExitCode::SUCCESS
}
