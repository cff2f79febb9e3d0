//! `go-score`: reads a Go board on standard input (only `X`, `O` and `-` count, row by row) and
//! prints its Tromp-Taylor result, `B+k`, `W+k` or `Jigo`. A malformed board gets one line on
//! standard error and exit status 2.

use std::error::Error;
use std::process::ExitCode;

use floodgate_botkit::{Args, Cli};
use floodgate_go_core::Board;

const CLI: Cli = Cli {
    name: env!("CARGO_PKG_NAME"),
    version: env!("CARGO_PKG_VERSION"),
    about: "Reads a Go board on standard input (X black, O white, - empty; every other byte is\n\
            ignored) and prints its Tromp-Taylor result without komi: B+k, W+k or Jigo.",
    input: "< board",
    flags: &[],
};

/// Every byte but `X`, `O` and `-` is ignored: a valid board may be any number of bytes.
const MAX_INPUT: usize = usize::MAX;

fn main() -> ExitCode {
    floodgate_botkit::run_on_input(&CLI, MAX_INPUT, score)
}

fn score(_: &Args, input: &[u8]) -> Result<String, Box<dyn Error>> {
    let board = Board::from_bytes(input)?;
    Ok(format!("{}\n", board.score().result()))
}
