//! `cram-bot`: plays a game of Cram over the judge's line protocol (the rules:
//! `docs/rules/cram.md`). Each move's budget (default 250 ms of the judge's 500 ms) can be set
//! with `--budget-ms N` or `CRAM_BUDGET_MS`. `STOP` or end of input ends the game (exit 0);
//! malformed judge input gets one line on standard error and exit status 2. (The Grundy
//! solver's command line is `cram-solve`, in `src/bin`.)

use std::error::Error;
use std::process::ExitCode;

use floodgate_botkit::{Args, Cli, Flag, Flow, LineReader};
use floodgate_cram_core::codec::{parse_init, parse_move};
use floodgate_cram_core::engine::Engine;

const CLI: Cli = Cli {
    name: env!("CARGO_PKG_NAME"),
    version: env!("CARGO_PKG_VERSION"),
    about: "Plays one game of Cram: the judge's init line, then START or the opponent's moves, \
            each answered with a move, until STOP.",
    input: "",
    flags: &[Flag::budget(
        "--budget-ms",
        "CRAM_BUDGET_MS",
        Some(250),
        "thinking time per move",
    )],
};

/// The longest valid line: the init line of a 999 x 999 board listing every cell once
/// (`_998x998` is 8 bytes), 7,984,013 bytes with `\r\n`.
const MAX_LINE: usize = 8 << 20;

/// The solver's memo tables while playing: 32 MiB in all.
const TABLE_BYTES: usize = 32 << 20;

fn main() -> ExitCode {
    floodgate_botkit::run(&CLI, play)
}

fn play(args: &Args) -> Result<(), Box<dyn Error>> {
    let budget = args.budget("--budget-ms");
    let mut lines = LineReader::new(std::io::stdin().lock(), MAX_LINE);
    let board = parse_init(lines.expect_line("the init line")?)?;
    let mut stdout = std::io::stdout().lock();
    floodgate_botkit::write_to(&mut stdout, "OK\n")?;
    let mut engine = Engine::new(board, TABLE_BYTES);
    floodgate_botkit::answer_lines(&mut lines, &mut stdout, |line, arrived| {
        match line.trim_end_matches('\r') {
            "STOP" => return Ok(Flow::Stop),
            "START" => {}
            line => engine.play(parse_move(line, engine.board())?),
        }
        let Some(domino) = engine.choose(arrived + budget) else {
            // The judge never asks for a move where none exists; if it does, the game is lost.
            eprintln!("{}: no legal move left", CLI.name);
            return Ok(Flow::Stop);
        };
        engine.play(domino);
        Ok(Flow::Answer(format!("{domino}\n")))
    })
}
