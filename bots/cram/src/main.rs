//! `cram-bot`: plays a game of Cram over the judge's line protocol (the rules: `docs/rules/cram.md`), or, with
//! `--solve AxB` (an empty board) or `--solve-init LINE` (a judge init line), prints a position's
//! Grundy value with the time and the solver's counters; `--outcome AxB` only whether the player
//! to move wins, which can take far less time.
//!
//! Each move's budget (default 250 ms of the judge's 500 ms) can be set with `--budget-ms N`
//! or `CRAM_BUDGET_MS`. `STOP` or end of input ends the game (exit 0); malformed judge input
//! gets one line on standard error and exit status 2.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use cram_core::board::{Board, position_loses, position_value};
use cram_core::codec::{parse_init, parse_move};
use cram_core::engine::Engine;
use cram_core::shape::{Layout, LayoutKind, Tall, Wide};
use cram_core::solver::Solver;

/// The solver's memo tables while playing: 32 MiB in all.
const TABLE_BYTES: usize = 32 << 20;

/// How to call the bot.
const USAGE: &str = "usage: cram-bot [--budget-ms N] | --solve AxB [--table-mb N] | --outcome AxB [--table-mb N] | --solve-init LINE [--table-mb N]";

/// The solver's memo tables for `--solve` unless `--table-mb` says otherwise: 64 MiB in all.
const SOLVE_TABLE_BYTES: usize = 64 << 20;

fn main() -> ExitCode {
    if std::env::args().nth(1).as_deref() == Some("--version") {
        println!("{} {}", env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"));
        return ExitCode::SUCCESS;
    }
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("cram-bot: {message}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut budget = std::env::var("CRAM_BUDGET_MS").ok();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [] => {}
        ["--budget-ms", value] => budget = Some((*value).to_string()),
        [flag @ ("--solve" | "--outcome"), size, rest @ ..] => {
            let (rows, columns) = size
                .split_once('x')
                .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
                .filter(|&(a, b): &(usize, usize)| (1..=999).contains(&a) && (1..=999).contains(&b))
                .ok_or_else(|| format!("{flag} takes a board size AxB, not {size:?}"))?;
            let board = Board::new(rows, columns);
            return solve(&board, table_bytes(rest)?, *flag == "--outcome");
        }
        ["--solve-init", line, rest @ ..] => {
            let board = parse_init(line).map_err(|e| e.to_string())?;
            return solve(&board, table_bytes(rest)?, false);
        }
        _ => return Err(USAGE.to_string()),
    }
    let budget = match budget {
        None => Duration::from_millis(250),
        Some(text) => Duration::from_millis(
            text.parse()
                .map_err(|_| format!("the budget {text:?} is not a number of milliseconds"))?,
        ),
    };
    play(budget)
}

/// The solver's table size after `--solve AxB` or `--solve-init LINE`: `--table-mb N`, or
/// [`SOLVE_TABLE_BYTES`].
fn table_bytes(rest: &[&str]) -> Result<usize, String> {
    match rest {
        [] => Ok(SOLVE_TABLE_BYTES),
        ["--table-mb", mb] => mb
            .parse::<usize>()
            .ok()
            .filter(|mb| (1..=1 << 20).contains(mb))
            .map(|mb| mb << 20)
            .ok_or_else(|| format!("--table-mb takes a number of MiB from 1, not {mb:?}")),
        _ => Err(USAGE.to_string()),
    }
}

/// Prints the Grundy value of `board` (or, with `outcome_only`, only whether the player to
/// move wins), the time and the solver's counters, on the layout the core chooses for the
/// board ([`Board::solver_layout`]).
fn solve(board: &Board, table_bytes: usize, outcome_only: bool) -> Result<(), String> {
    match board.solver_layout() {
        LayoutKind::Tall => solve_on::<Tall>(board, table_bytes, outcome_only),
        LayoutKind::Wide => solve_on::<Wide>(board, table_bytes, outcome_only),
    }
}

/// [`solve`] on shapes of the layout `L`.
fn solve_on<L: Layout>(
    board: &Board,
    table_bytes: usize,
    outcome_only: bool,
) -> Result<(), String> {
    let start = Instant::now();
    let mut solver = Solver::<L>::with_table_bytes(table_bytes);
    let unknown = "unknown: a region is larger than the solver's shapes (8 x 16, or 4 x 32)";
    let verdict = if outcome_only {
        match position_loses(board, &mut solver) {
            Some(true) => "the player to move loses (Grundy value 0)".to_string(),
            Some(false) => "the player to move wins (Grundy value not 0)".to_string(),
            None => unknown.to_string(),
        }
    } else {
        match position_value(board, &mut solver) {
            Some(0) => "Grundy value 0: the player to move loses".to_string(),
            Some(v) => format!("Grundy value {v}: the player to move wins"),
            None => format!("Grundy value {unknown}"),
        }
    };
    let stats = solver.stats();
    let report = format!(
        "{} x {}: {verdict}\ntime {:.3} s, regions valued by mex {}, regions searched {}, table hits {}, values stored {}, tables {} MiB\n",
        board.rows(),
        board.columns(),
        start.elapsed().as_secs_f64(),
        stats.nodes,
        stats.searched,
        stats.hits,
        stats.stores,
        solver.table_bytes() >> 20
    );
    std::io::stdout()
        .write_all(report.as_bytes())
        .map_err(|e| format!("cannot write: {e}"))?;
    Ok(())
}

fn play(budget: Duration) -> Result<(), String> {
    let mut lines = std::io::stdin().lock().lines();
    let mut next = || {
        lines
            .next()
            .transpose()
            .map_err(|e| format!("cannot read standard input: {e}"))
    };
    let init = next()?.ok_or("the input ended before the init line")?;
    let board = parse_init(&init).map_err(|e| e.to_string())?;
    let mut stdout = std::io::stdout().lock();
    let mut say = |text: &str| {
        writeln!(stdout, "{text}")
            .and_then(|()| stdout.flush())
            .map_err(|e| format!("cannot write: {e}"))
    };
    say("OK")?;
    let mut engine = Engine::new(board, TABLE_BYTES);
    while let Some(line) = next()? {
        let arrived = Instant::now();
        let line = line.trim_end_matches('\r');
        match line {
            "STOP" => return Ok(()),
            "START" => {}
            _ => {
                let domino = parse_move(line, engine.board()).map_err(|e| e.to_string())?;
                engine.play(domino);
            }
        }
        let Some(domino) = engine.choose(arrived + budget) else {
            // The judge never asks for a move where none exists; if it does, the game is lost.
            eprintln!("cram-bot: no legal move left");
            return Ok(());
        };
        say(&domino.to_string())?;
        engine.play(domino);
    }
    Ok(())
}
