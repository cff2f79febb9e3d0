//! `domain-bot`: plays a whole game of Domain Expansion over CodinGame's line protocol in either
//! seat (`floodgate_domain_core::bot`; its flags, `--help`, set the budgets and the search). End
//! of input ends the game (exit 0); a malformed line gets one line on stderr and exit status 2.

use std::error::Error;
use std::process::ExitCode;

use floodgate_botkit::{Args, Cli, Flag, Flow, LineReader};
use floodgate_domain_core::MoveTime;
use floodgate_domain_core::bot::{Bot, SearchKind};
use floodgate_domain_core::codec::{parse_cell, parse_size};

const CLI: Cli = Cli {
    name: env!("CARGO_PKG_NAME"),
    version: env!("CARGO_PKG_VERSION"),
    about: "Plays one game of Domain Expansion: three initial lines, then each turn the \
            opponent's last action, answered with an action.",
    input: "",
    flags: &[
        Flag::budget(
            "--first-budget-ms",
            "DOMAIN_FIRST_BUDGET_MS",
            Some(800),
            "first turn",
        ),
        Flag::budget("--budget-ms", "DOMAIN_BUDGET_MS", Some(75), "later turns"),
        Flag::switch("--mcts", "search with MCTS instead of alpha-beta"),
    ],
};

/// Far more than any valid line (the referee's longest, `-1 -1 _`, is 7 bytes).
const MAX_LINE: usize = 1 << 10;

fn main() -> ExitCode {
    floodgate_botkit::run(&CLI, play)
}

fn play(args: &Args) -> Result<(), Box<dyn Error>> {
    let mut lines = LineReader::new(std::io::stdin().lock(), MAX_LINE);
    let initial = "the three initial lines";
    parse_size(lines.expect_line(initial)?)?;
    let mine = parse_cell(lines.expect_line(initial)?)?;
    parse_cell(lines.expect_line(initial)?)?;
    let kind = if args.has("--mcts") {
        SearchKind::Mcts
    } else {
        SearchKind::AlphaBeta
    };
    let mut bot = Bot::new(mine, kind)?;
    let (mut budget, later) = (args.budget("--first-budget-ms"), args.budget("--budget-ms"));
    let mut stdout = std::io::stdout().lock();
    floodgate_botkit::answer_lines(&mut lines, &mut stdout, |line, arrived| {
        let turn = bot.turn(line, MoveTime::new(arrived, budget))?;
        if let Some(warning) = turn.warning() {
            eprintln!("{}: {warning}", CLI.name);
        }
        budget = later;
        Ok(Flow::Answer(format!("{}\n", turn.action)))
    })
}
