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

use std::io::{Read, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use grow_core::codec::{GRID_CHARS, parse_grid};
use grow_core::engine::Engine;
use search::{MoveTime, TimePolicy};

const DEFAULT_BUDGET_MS: u64 = 1400;
const TABLE_BYTES: usize = 512 << 10;

fn main() -> ExitCode {
    let started = Instant::now();
    if std::env::args().nth(1).as_deref() == Some("--version") {
        println!("{} {}", env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"));
        return ExitCode::SUCCESS;
    }
    match run(started) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("grow-bot: {message}");
            ExitCode::from(2)
        }
    }
}

/// The move budget: `--budget-ms N`, else `GROW_BUDGET_MS`, else the default.
fn budget() -> Result<Duration, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = match args.as_slice() {
        [] => std::env::var("GROW_BUDGET_MS").ok(),
        [flag, value] if flag == "--budget-ms" => Some(value.clone()),
        _ => return Err("usage: grow-bot [--budget-ms N] < grid".to_string()),
    };
    match text {
        None => Ok(Duration::from_millis(DEFAULT_BUDGET_MS)),
        Some(text) => text
            .parse::<u64>()
            .map(Duration::from_millis)
            .map_err(|_| format!("the budget {text:?} is not a number of milliseconds")),
    }
}

fn run(started: Instant) -> Result<(), String> {
    let budget = budget()?;
    let mut input = Vec::with_capacity(GRID_CHARS + 2);
    // A grid and a line ending; anything much longer is not a grid.
    std::io::stdin()
        .take(2 * GRID_CHARS as u64)
        .read_to_end(&mut input)
        .map_err(|e| format!("cannot read standard input: {e}"))?;
    let state = parse_grid(&input).map_err(|e| e.to_string())?;
    let clock = MoveTime::new(started, budget).clock(TimePolicy::OneThird);
    let result = Engine::new(TABLE_BYTES).search(&state, &clock);
    let m = result
        .best_move
        .ok_or("the grid leaves the bot no leaf to split (the judge never asks then)")?;
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{m}")
        .and_then(|()| stdout.flush())
        .map_err(|e| format!("cannot write: {e}"))
}
