//! `cram-solve`: prints the Grundy value of a Cram position, `--solve AxB` (an empty board)
//! or `--solve-init LINE` (a judge init line), with the time and the solver's counters;
//! `--outcome AxB` only whether the player to move wins, which can take far less time.
//! `--table-mb N` sets the solver's memo tables (default 64 MiB).

use std::error::Error;
use std::process::ExitCode;
use std::time::Instant;

use botkit::{Args, Cli, Flag};
use cram_core::board::{Board, position_loses, position_value};
use cram_core::codec::parse_init;
use cram_core::shape::{Layout, LayoutKind, Tall, Wide};
use cram_core::solver::Solver;

const CLI: Cli = Cli {
    name: env!("CARGO_BIN_NAME"),
    version: env!("CARGO_PKG_VERSION"),
    about: "Prints the Grundy value of a Cram position (an empty board, or a judge init line) \
            with the time and the solver's counters; --outcome only who wins.",
    input: "",
    flags: &[
        Flag::text("--solve", "AxB"),
        Flag::text("--outcome", "AxB"),
        Flag::text("--solve-init", "LINE"),
        Flag::number("--table-mb", "MiB", TABLE_MB),
    ],
};

/// The solver's tables unless `--table-mb` says otherwise, in MiB.
const TABLE_MB: u64 = 64;

fn main() -> ExitCode {
    botkit::run(&CLI, solve_command)
}

/// Solves the position the command line names, with the tables it sets.
fn solve_command(args: &Args) -> Result<(), Box<dyn Error>> {
    let table_mb = args.number("--table-mb").unwrap_or(TABLE_MB);
    if !(1..=1 << 20).contains(&table_mb) {
        return Err(format!("--table-mb takes a number of MiB from 1, not {table_mb}").into());
    }
    let size = |flag: &str, text: &str| {
        text.split_once('x')
            .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
            .filter(|&(a, b): &(usize, usize)| (1..=999).contains(&a) && (1..=999).contains(&b))
            .map(|(rows, columns)| Board::new(rows, columns))
            .ok_or_else(|| format!("{flag} takes a board size AxB, not {text:?}"))
    };
    let named = (
        args.text("--solve"),
        args.text("--outcome"),
        args.text("--solve-init"),
    );
    let (board, outcome_only) = match named {
        (Some(text), None, None) => (size("--solve", text)?, false),
        (None, Some(text), None) => (size("--outcome", text)?, true),
        (None, None, Some(line)) => (parse_init(line)?, false),
        _ => {
            return Err(format!(
                "give one of --solve, --outcome or --solve-init; {}",
                CLI.usage()
            )
            .into());
        }
    };
    let table_bytes = (table_mb as usize) << 20;
    let report = match board.solver_layout() {
        LayoutKind::Tall => solve::<Tall>(&board, table_bytes, outcome_only),
        LayoutKind::Wide => solve::<Wide>(&board, table_bytes, outcome_only),
    };
    botkit::write_answer(&report)?;
    Ok(())
}

/// The report on `board` (its Grundy value, or with `outcome_only` only whether the player
/// to move wins), the time and the solver's counters, solved on shapes of the layout `L`.
fn solve<L: Layout>(board: &Board, table_bytes: usize, outcome_only: bool) -> String {
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
    format!(
        "{} x {}: {verdict}\ntime {:.3} s, regions valued by mex {}, regions searched {}, table hits {}, values stored {}, tables {} MiB\n",
        board.rows(),
        board.columns(),
        start.elapsed().as_secs_f64(),
        stats.nodes,
        stats.searched,
        stats.hits,
        stats.stores,
        solver.table_bytes() >> 20
    )
}
