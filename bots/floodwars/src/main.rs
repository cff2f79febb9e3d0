//! `floodwars-bot`: the Flood Wars judge starts it once per move with `J` or `S` and the board
//! on standard input; it answers with the other letter and the board after its move.
//!
//! Its clock starts with the process. The budget (default 780 ms of the judge's 1 s, which
//! leaves room for starting the process and for a busy machine) can be set with
//! `--budget-ms N` or `FLOODWARS_BUDGET_MS`; the tree search runs until the budget and plays
//! its most visited move.
//! Malformed input: one line on standard error, exit status 2, nothing on standard output.

use std::io::{Read, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use floodwars_core::TreeEngine;
use floodwars_core::codec::parse;
use search::{MoveTime, TimePolicy};

const DEFAULT_BUDGET_MS: u64 = 780;
/// The tree's memory (its nodes and cached positions): 64 MB of the judge's 128.
const TREE_BYTES: usize = 64 << 20;

fn main() -> ExitCode {
    let started = Instant::now();
    if std::env::args().nth(1).as_deref() == Some("--version") {
        println!("{} {}", env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"));
        return ExitCode::SUCCESS;
    }
    match run(started) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("floodwars-bot: {message}");
            ExitCode::from(2)
        }
    }
}

/// The move budget: `--budget-ms N`, else `FLOODWARS_BUDGET_MS`, else the default.
fn budget() -> Result<Duration, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = match args.as_slice() {
        [] => std::env::var("FLOODWARS_BUDGET_MS").ok(),
        [flag, value] if flag == "--budget-ms" => Some(value.clone()),
        _ => return Err("usage: floodwars-bot [--budget-ms N] < position".to_string()),
    };
    match text {
        None => Ok(Duration::from_millis(DEFAULT_BUDGET_MS)),
        Some(text) => text.parse::<u64>().map(Duration::from_millis).map_err(|_| {
            format!("the budget must be a whole number of milliseconds, not {text:?}")
        }),
    }
}

fn run(started: Instant) -> Result<(), String> {
    let budget = budget()?;
    let mut input = Vec::new();
    std::io::stdin()
        .lock()
        .read_to_end(&mut input)
        .map_err(|e| format!("cannot read standard input: {e}"))?;
    let position = parse(&input).map_err(|e| e.to_string())?;
    let clock = MoveTime::new(started, budget).clock(TimePolicy::WholeBudget);
    let result = TreeEngine::new(TREE_BYTES).search(&position, &clock);
    let colour = result.best_move.expect("a legal colour always exists");
    let answer = position.play(colour).to_string();
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(answer.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| format!("cannot write: {e}"))
}
