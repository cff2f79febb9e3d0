//! `cram-solve`: prints the Grundy value of a Cram position, `--solve AxB` (an empty board)
//! or `--solve-init LINE` (a judge init line), with the time and the solver's counters;
//! `--outcome AxB` only whether the player to move wins, which can take far less time.
//! `--table-mb N` sets the solver's memo tables (default 64 MiB). `--checkpoint FILE` makes a
//! long solve resumable: the tables are read from FILE when it exists, and written to it every
//! `--checkpoint-secs S` seconds (default 1800) and at the end, so that a solve stopped at any
//! moment goes on from its last checkpoint when run again with the same command.
//! `--reversed-ties` and `--mirrored` search the options in other orders (the same values by
//! other searches; the mirrored one costs about as much as the usual), for checking a value
//! twice.

use std::error::Error;
use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use floodgate_botkit::{Args, Cli, Flag};
use floodgate_cram_core::board::{Board, position_loses, position_value};
use floodgate_cram_core::codec::parse_init;
use floodgate_cram_core::shape::{Broad, Layout, LayoutKind, Square, Strip, Tall, Wide};
use floodgate_cram_core::solver::{Budget, Profile, SMALL_CELLS, Solver, Traffic};

const CLI: Cli = Cli {
    name: env!("CARGO_BIN_NAME"),
    version: env!("CARGO_PKG_VERSION"),
    about: "Prints the Grundy value of a Cram position (an empty board, or a judge init line) \
            with the time and the solver's counters; --outcome only who wins.",
    input: "",
    flags: &[
        Flag::text(
            "--solve",
            "AxB",
            "the Grundy value of the empty A x B board",
        ),
        Flag::text(
            "--outcome",
            "AxB",
            "only whether the first player wins on A x B",
        ),
        Flag::text(
            "--solve-init",
            "LINE",
            "the Grundy value of a judge init line",
        ),
        Flag::number("--table-mb", "MiB", TABLE_MB, "the solver's tables"),
        Flag::text(
            "--checkpoint",
            "FILE",
            "resume from FILE and write the tables to it",
        ),
        Flag::number(
            "--checkpoint-secs",
            "seconds",
            CHECKPOINT_SECS,
            "time between checkpoints",
        ),
        Flag::switch(
            "--reversed-ties",
            "search equal options in reverse (a second check)",
        ),
        Flag::switch(
            "--mirrored",
            "walk dominoes from the other side (a second check)",
        ),
    ],
};

/// The solver's tables unless `--table-mb` says otherwise, in MiB.
const TABLE_MB: u64 = 64;

/// Seconds between checkpoints unless `--checkpoint-secs` says otherwise.
const CHECKPOINT_SECS: u64 = 1800;

/// How the command line asks a position to be solved.
struct Settings<'a> {
    /// The solver's tables, in bytes.
    table_bytes: usize,
    /// Only whether the player to move wins.
    outcome_only: bool,
    /// Options of equal order asked in the reverse of their built order.
    reversed_ties: bool,
    /// Dominoes walked from the middle out starting on the other side.
    mirrored: bool,
    /// Where and how often to write the tables, if anywhere.
    checkpoint: Option<Checkpoint<'a>>,
}

/// Where and how often a solve writes its tables.
struct Checkpoint<'a> {
    path: &'a Path,
    every: Duration,
}

fn main() -> ExitCode {
    floodgate_botkit::run(&CLI, solve_command)
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
            return Err("give one of --solve, --outcome or --solve-init (see --help)".into());
        }
    };
    let table_bytes = (table_mb as usize) << 20;
    let seconds = args.number("--checkpoint-secs").unwrap_or(CHECKPOINT_SECS);
    if seconds == 0 {
        return Err("--checkpoint-secs takes a number of seconds from 1, not 0".into());
    }
    let checkpoint = args.text("--checkpoint").map(|path| Checkpoint {
        path: Path::new(path),
        every: Duration::from_secs(seconds),
    });
    let settings = Settings {
        table_bytes,
        outcome_only,
        reversed_ties: args.has("--reversed-ties"),
        mirrored: args.has("--mirrored"),
        checkpoint,
    };
    let report = match board.solver_layout() {
        LayoutKind::Square => solve::<Square>(&board, &settings)?,
        LayoutKind::Strip => solve::<Strip>(&board, &settings)?,
        LayoutKind::Broad => solve::<Broad>(&board, &settings)?,
        LayoutKind::Tall => solve::<Tall>(&board, &settings)?,
        LayoutKind::Wide => solve::<Wide>(&board, &settings)?,
    };
    floodgate_botkit::write_answer(&report)?;
    Ok(())
}

/// The report on `board` (its Grundy value, or only whether the player to move wins), the
/// time and the solver's counters, solved on shapes of the layout `L`; with a checkpoint, from
/// its tables and writing them as it goes.
fn solve<L: Layout>(board: &Board, settings: &Settings<'_>) -> Result<String, Box<dyn Error>> {
    let start = Instant::now();
    let mut solver = open_solver::<L>(settings)?;
    solver.set_reversed_ties(settings.reversed_ties);
    solver.set_mirrored(settings.mirrored);
    let answer = loop {
        // With a checkpoint, until the next one is due.
        let budget = match settings.checkpoint {
            Some(Checkpoint { every, .. }) => Budget::until(Instant::now() + every),
            None => Budget::default(),
        };
        let (answer, expired) = {
            let mut solver = solver.budgeted(budget);
            let answer = position_answer(board, settings.outcome_only, &mut solver);
            (answer, solver.expired())
        };
        if let Some(Checkpoint { path, .. }) = settings.checkpoint {
            write_checkpoint(&solver, path)?;
            if answer.is_none() && expired {
                let stats = solver.stats();
                eprintln!(
                    "{:.0} s: tables written to {} (regions searched {}, values stored {})",
                    start.elapsed().as_secs_f64(),
                    path.display(),
                    stats.searched,
                    stats.stores
                );
                continue;
            }
        }
        break answer;
    };
    let answer = answer.ok_or_else(|| {
        let (rows, columns) = (board.rows(), board.columns());
        format!(
            "{rows} x {columns}: a region is larger than the solver's shapes (8 x 16, or 4 x 32)"
        )
    })?;
    Ok(report(board, settings.outcome_only, answer, start, &solver))
}

/// The value of `board`; for the outcome only, 0 when the player to move loses and 1 when it
/// wins. `None` when a region is too large for the solver or its budget ran out.
fn position_answer<L: Layout>(
    board: &Board,
    outcome_only: bool,
    solver: &mut Solver<L>,
) -> Option<u8> {
    if outcome_only {
        position_loses(board, solver).map(|loses| u8::from(!loses))
    } else {
        position_value(board, solver)
    }
}

/// A new solver with the tables `settings` ask for, or one read back from the checkpoint when
/// its file exists.
fn open_solver<L: Layout>(settings: &Settings<'_>) -> Result<Solver<L>, Box<dyn Error>> {
    match settings.checkpoint {
        Some(Checkpoint { path, .. }) if path.exists() => {
            let mut input = BufReader::new(File::open(path)?);
            Ok(Solver::<L>::read_from(&mut input, settings.table_bytes)
                .map_err(|error| format!("cannot resume from {}: {error}", path.display()))?)
        }
        _ => Ok(Solver::<L>::with_table_bytes(settings.table_bytes)),
    }
}

/// The lines `cram-solve` prints: the board and its value (or only who wins), then the time
/// since `start` and the solver's counters.
fn report<L: Layout>(
    board: &Board,
    outcome_only: bool,
    answer: u8,
    start: Instant,
    solver: &Solver<L>,
) -> String {
    let verdict = match (outcome_only, answer) {
        (true, 0) => "the player to move loses (Grundy value 0)".to_string(),
        (true, _) => "the player to move wins (Grundy value not 0)".to_string(),
        (false, 0) => "Grundy value 0: the player to move loses".to_string(),
        (false, v) => format!("Grundy value {v}: the player to move wins"),
    };
    let stats = solver.stats();
    format!(
        "{} x {}: {verdict}\ntime {:.3} s, regions valued by mex {}, regions searched {}, table hits {}, values stored {}, memory {} MiB: tables {} MiB (--table-mb), filter {} MiB, cache {} KiB\n",
        board.rows(),
        board.columns(),
        start.elapsed().as_secs_f64(),
        stats.nodes,
        stats.searched,
        stats.hits,
        stats.stores,
        (solver.table_bytes() + solver.cache_bytes()) >> 20,
        (solver.table_bytes() - solver.filter_bytes()) >> 20,
        solver.filter_bytes() >> 20,
        solver.cache_bytes() >> 10
    ) + &profile_lines(&solver.profile())
}

/// The cells of each bucket of the histogram of regions searched.
const BUCKET_CELLS: usize = 4;

/// The lines on where the searches went: the regions searched by their cells (in buckets of
/// [`BUCKET_CELLS`] from the first size searched, those with none left out) and how the
/// searches ended, the options, and each table's traffic.
fn profile_lines(profile: &Profile) -> String {
    let mut sizes = Vec::new();
    let first = SMALL_CELLS as usize + 1;
    for from in (first..profile.searched_by_cells.len()).step_by(BUCKET_CELLS) {
        let count = profile.searched_between(from, from + BUCKET_CELLS - 1);
        if count > 0 {
            sizes.push(format!("{from}-{} {count}", from + BUCKET_CELLS - 1));
        }
    }
    let searched = profile.searched().max(1);
    format!(
        "searched by cells: {}; valued {}, not wanted {} ({} of them before asking an option)\noptions built {} ({:.1} a search), left unknown {}, questions asked {}\nvalue table: {}\nruled-out table: {}\n",
        sizes.join(", "),
        profile.valued,
        profile.not_wanted,
        profile.stopped_building,
        profile.options_built,
        profile.options_built as f64 / searched as f64,
        profile.options_unknown,
        profile.questions,
        traffic_line(&profile.values),
        traffic_line(&profile.excluded),
    )
}

/// A table's traffic in one line.
fn traffic_line(traffic: &Traffic) -> String {
    format!(
        "lookups {} (hits {}, misses {} by the filter and {} read), stores {} ({} over their own entry, {} evicting another: {} of 20+ cells)",
        traffic.lookups(),
        traffic.hits,
        traffic.filtered,
        traffic.misses,
        traffic.stores,
        traffic.restores,
        traffic.evictions(),
        traffic.evictions_from(20)
    )
}

/// Writes the solver's tables to `path` by way of a file beside it, so that a solve stopped
/// while writing keeps its previous checkpoint whole.
fn write_checkpoint<L: Layout>(solver: &Solver<L>, path: &Path) -> Result<(), Box<dyn Error>> {
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = Path::new(&partial);
    let mut out = BufWriter::new(File::create(partial)?);
    solver.write_to(&mut out)?;
    out.into_inner()
        .map_err(|error| error.into_error())?
        .sync_all()?;
    std::fs::rename(partial, path)?;
    Ok(())
}
