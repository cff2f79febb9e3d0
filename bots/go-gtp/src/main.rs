//! `go-gtp`: a Go engine by the Tromp-Taylor rules (area scoring, suicide allowed, positional
//! superko) speaking GTP version 2 on stdin and stdout (the session: `floodgate_go_core::gtp::Session`).
//!
//! `genmove` runs a Monte Carlo tree search with RAVE for 5 s, or for a share of the time the
//! controller's `time_settings` and `time_left` give; `--budget-ms N` or `GO_GTP_BUDGET_MS`
//! caps it. `final_score` is the Tromp-Taylor area score with komi once two passes ended the
//! game, and before that the score the game is headed for (the median of 101 playouts).
//! `--memory-mb N` bounds the trees (default 256), `--threads N` searches N at once (default 1),
//! `--seed N` fixes the playouts' random numbers (else each run draws its own). A line GTP
//! cannot carry out gets a `?` reply (a line over 64 KiB too); the engine ends at `quit` or at
//! the end of its input. Bad arguments get one line on stderr and exit status 2.

use std::error::Error;
use std::process::ExitCode;

use floodgate_botkit::{Args, Cli, Flag, Flow, LineReader};
use floodgate_go_core::engine::EngineOptions;
use floodgate_go_core::gtp::{Reply, Session};

const CLI: Cli = Cli {
    name: env!("CARGO_PKG_NAME"),
    version: env!("CARGO_PKG_VERSION"),
    about: "Speaks GTP version 2 on standard input and output.",
    input: "",
    flags: &[
        Flag::budget(
            "--budget-ms",
            "GO_GTP_BUDGET_MS",
            None,
            "time per move (a cap under time_settings)",
        ),
        Flag::number("--memory-mb", "MiB", 256, "the search trees' memory"),
        Flag::number("--threads", "", 1, "searches at once"),
        Flag::seed("--seed", "the playouts' random numbers, else drawn per run"),
    ],
};

/// The longest command line read, its line end included (no GTP command needs more).
const MAX_LINE: usize = 1 << 16;

fn main() -> ExitCode {
    floodgate_botkit::run(&CLI, play)
}

fn play(args: &Args) -> Result<(), Box<dyn Error>> {
    let number = |flag| args.number(flag).unwrap_or_default();
    let options = EngineOptions {
        memory_bytes: (number("--memory-mb") as usize) << 20,
        seed: args.seed("--seed"),
        threads: number("--threads").clamp(1, 64) as usize,
        ..EngineOptions::default()
    };
    let mut session = Session::new(options, args.millis("--budget-ms"));
    let mut lines = LineReader::new(std::io::stdin().lock(), MAX_LINE).skipping_long_lines();
    let mut stdout = std::io::stdout().lock();
    floodgate_botkit::answer_raw_lines(&mut lines, &mut stdout, |line, arrived| {
        let reply = match line {
            Ok(bytes) => session.reply(&String::from_utf8_lossy(bytes), arrived),
            Err(_) => Some(Reply::line_too_long()),
        };
        Ok::<_, Box<dyn Error>>(match reply {
            None => Flow::Listen,
            Some(Reply { text, quit: false }) => Flow::Answer(text),
            Some(Reply { text, quit: true }) => Flow::AnswerAndStop(text),
        })
    })
}
