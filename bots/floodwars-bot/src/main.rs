//! `floodwars-bot`: the Flood Wars judge starts it once per move with `J` or `S` and the board
//! on standard input; it answers with the other letter and the board after its move.
//!
//! Its clock starts with the process. The budget (default 780 ms of the judge's 1 s, which
//! leaves room for starting the process and for a busy machine) can be set with
//! `--budget-ms N` or `FLOODWARS_BUDGET_MS`; the tree search runs until the budget and plays
//! its most visited move.
//! Malformed input: one line on standard error, exit status 2, nothing on standard output.

use std::error::Error;
use std::process::ExitCode;

use floodgate_botkit::{Args, Cli, Flag};
use floodgate_floodwars_core::codec::parse;
use floodgate_floodwars_core::{MAX_SIDE, TreeEngine};
use floodgate_floodwars_core::{MoveTime, TimePolicy};

const CLI: Cli = Cli {
    name: env!("CARGO_PKG_NAME"),
    version: env!("CARGO_PKG_VERSION"),
    about: "Reads a Flood Wars position (J or S, then the rows) and writes the board after \
            its move.",
    input: "< position",
    flags: &[Flag::budget(
        "--budget-ms",
        "FLOODWARS_BUDGET_MS",
        Some(780),
        "thinking time for the move",
    )],
};

/// The longest valid input: the letter's line and the largest board, line ends included.
const MAX_INPUT: usize = 2 + MAX_SIDE * (MAX_SIDE + 1);

/// The tree's memory (its nodes and cached positions): 64 MB of the judge's 128.
const TREE_BYTES: usize = 64 << 20;

fn main() -> ExitCode {
    floodgate_botkit::run_on_input(&CLI, MAX_INPUT, answer)
}

fn answer(args: &Args, input: &[u8]) -> Result<String, Box<dyn Error>> {
    let position = parse(input)?;
    let budget = args.budget("--budget-ms");
    let clock = MoveTime::new(args.started(), budget).clock(TimePolicy::WholeBudget);
    let result = TreeEngine::new(TREE_BYTES).search(&position, &clock);
    let colour = result.best_move.expect("a legal colour always exists");
    Ok(position.play(colour).to_string())
}
