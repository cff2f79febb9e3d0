//! `grow-bot`: the Grow judge starts it once per move with the 3600-character grid (seen from
//! the bot's side) on standard input; it answers `i1,0,i2,j2` (first move) or
//! `i1,j1,i2,j2,i3,j3` and a newline.
//!
//! Its clock starts with the process. The budget (default 1400 ms of the judge's 2 s) can be
//! set with `--budget-ms N` or `GROW_BUDGET_MS`. The engine plays for both copies of the
//! judge at once (with and without the one-free-direction conversion, docs/grow.md). It never
//! writes to standard error in play (the judge counts that as a loss), not even when it has
//! no valid move (it answers a split of one of its leaves, and loses as it would anyway);
//! malformed input, or a grid without a leaf of its own, gets one line there and exit status
//! 2. Memory stays far below the judge's 8 MB: a 512 KiB search table, nothing else large.

use std::error::Error;
use std::process::ExitCode;

use floodgate_botkit::{Args, Cli, Flag};
use floodgate_grow_core::codec::{GRID_CHARS, parse_grid};
use floodgate_grow_core::engine::Engine;
use floodgate_grow_core::{MoveTime, TimePolicy};

const CLI: Cli = Cli {
    name: env!("CARGO_PKG_NAME"),
    version: env!("CARGO_PKG_VERSION"),
    about: "Reads a Grow grid (3600 characters, the bot's side) and writes its move.",
    input: "< grid",
    flags: &[Flag::budget(
        "--budget-ms",
        "GROW_BUDGET_MS",
        Some(1400),
        "thinking time for the move",
    )],
};

/// The longest valid input: a grid and a line end `\r\n`.
const MAX_INPUT: usize = GRID_CHARS + 2;

const TABLE_BYTES: usize = 512 << 10;

fn main() -> ExitCode {
    floodgate_botkit::run_on_input(&CLI, MAX_INPUT, answer)
}

fn answer(args: &Args, input: &[u8]) -> Result<String, Box<dyn Error>> {
    let state = parse_grid(input)?;
    let clock = MoveTime::new(args.started(), args.budget("--budget-ms"));
    let result = Engine::new(TABLE_BYTES).search(&state, &clock.clock(TimePolicy::OneThird));
    let m = result
        .best_move
        .ok_or("the grid leaves the bot no leaf to split (the judge never asks then)")?;
    Ok(format!("{m}\n"))
}
