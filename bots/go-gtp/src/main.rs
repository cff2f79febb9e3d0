//! `go-gtp`: a Go engine by the Tromp-Taylor rules speaking GTP version 2 on stdin and stdout;
//! `floodgate_go_core::gtp::Session` says what each command does. The flags (`--help`) cap the
//! time per move and set memory, threads and seed; bad arguments get one line on stderr and exit
//! status 2; the engine ends at `quit` or at the end of its input.

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
            "time per move (a cap)",
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
