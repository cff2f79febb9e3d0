//! `go-gtp`: a Go engine by the Tromp-Taylor rules speaking GTP version 2 on stdin and stdout
//! (what each command does: `floodgate_go_core::gtp::Session`; the flags: `--help`).

use std::error::Error;
use std::process::ExitCode;

use floodgate_botkit::streaming::{Event, Streaming, answer_lines_streaming};
use floodgate_botkit::{Args, Cli, Flag, LineReader};
use floodgate_go_core::engine::EngineOptions;
use floodgate_go_core::gtp::{Files, Reply, Session, Then};

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
    let files = Files {
        read: |path| std::fs::read_to_string(path),
        write: |path, text| std::fs::write(path, text),
    };
    let mut session = Session::new(options, args.millis("--budget-ms")).with_files(files);
    let open = || LineReader::new(std::io::stdin().lock(), MAX_LINE).skipping_long_lines();
    let streaming = |Reply { text, then }| match then {
        Then::Read => Streaming::Answer(text),
        Then::Stream => Streaming::More(text),
        Then::Quit => Streaming::AnswerAndStop(text),
    };
    answer_lines_streaming(open, &mut std::io::stdout().lock(), |event| {
        let reply = match event {
            Event::Line(Ok(bytes), at) => session.reply(&String::from_utf8_lossy(bytes), at),
            Event::Line(Err(_), _) => Some(Reply::line_too_long()),
            Event::Idle => session.analysis_line(),
        };
        Ok::<_, Box<dyn Error>>(reply.map_or(Streaming::Listen, streaming))
    })
}
