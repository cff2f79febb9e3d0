//! `domain-bot`: plays a whole game of Domain Expansion over CodinGame's line protocol, in
//! either seat. Each turn's clock starts when its input line arrives; the budgets (default
//! 800 ms for the first turn and 75 ms after, of CodinGame's 1000 ms and 100 ms) can be set with
//! `--first-budget-ms N` and `--budget-ms N` or `DOMAIN_FIRST_BUDGET_MS` and
//! `DOMAIN_BUDGET_MS`. The search deepens while its next iteration is predicted to be worth
//! starting and stops at the budget; its table is kept for the whole game, so the first turn's
//! long search also serves the turns after it. End of input ends the game
//! (exit 0); a malformed line gets one line on standard error and exit status 2.
//!
//! The search is alpha-beta; `--mcts` switches to Monte Carlo tree search with evaluated leaves
//! (kept for the comparison in docs/domain.md).

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use domain_core::codec::{parse_action_line, parse_cell, parse_size, quoted};
use domain_core::engine::{Domain, Engine};
use domain_core::state::State;
use search::{Budget, EvalLeaves, Mcts, MctsOptions, MoveTime, TimePolicy};

const TABLE_BYTES: usize = 8 << 20;

fn main() -> ExitCode {
    if std::env::args().nth(1).as_deref() == Some("--version") {
        println!("{} {}", env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"));
        return ExitCode::SUCCESS;
    }
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("domain-bot: {message}");
            ExitCode::from(2)
        }
    }
}

/// A budget in milliseconds from a flag, else an environment variable, else the default.
fn budget(args: &[String], flag: &str, variable: &str, default: u64) -> Result<Duration, String> {
    let text = match args.iter().position(|a| a == flag) {
        Some(i) => Some(
            args.get(i + 1)
                .ok_or(format!("{flag} needs a number of milliseconds"))?
                .clone(),
        ),
        None => std::env::var(variable).ok(),
    };
    text.map_or(Ok(default), |t| {
        t.parse::<u64>()
            .map_err(|_| format!("{flag}: not a number of milliseconds: {t:?}"))
    })
    .map(Duration::from_millis)
}

fn run() -> Result<(), String> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let use_mcts = args.iter().any(|a| a == "--mcts");
    args.retain(|a| a != "--mcts");
    if let Some(unknown) = args
        .iter()
        .step_by(2)
        .find(|a| *a != "--budget-ms" && *a != "--first-budget-ms")
    {
        return Err(format!(
            "unknown argument {unknown:?}; usage: domain-bot [--first-budget-ms N] [--budget-ms N] [--mcts]"
        ));
    }
    let first_budget = budget(&args, "--first-budget-ms", "DOMAIN_FIRST_BUDGET_MS", 800)?;
    let later_budget = budget(&args, "--budget-ms", "DOMAIN_BUDGET_MS", 75)?;

    let mut lines = std::io::stdin().lock().lines();
    let mut next_line = || {
        lines
            .next()
            .transpose()
            .map_err(|e| format!("cannot read standard input: {e}"))
    };
    let missing = || "the input ended before the three initial lines".to_string();
    parse_size(&next_line()?.ok_or_else(missing)?).map_err(|e| e.to_string())?;
    let mine = parse_cell(&next_line()?.ok_or_else(missing)?).map_err(|e| e.to_string())?;
    parse_cell(&next_line()?.ok_or_else(missing)?).map_err(|e| e.to_string())?;
    let me = match (mine.x(), mine.y()) {
        (0, 0) => 0,
        (6, 6) => 1,
        _ => return Err(format!("a token starts at 0 0 or 6 6, not {mine}")),
    };

    let mut state = State::default();
    let mut engine = Engine::new(TABLE_BYTES);
    let mut stdout = std::io::stdout().lock();
    let mut budget = first_budget;
    while let Some(line) = next_line()? {
        let time = MoveTime::new(Instant::now(), budget);
        if let Some(action) = parse_action_line(&line).map_err(|e| e.to_string())? {
            if !state.is_legal(action) {
                eprintln!(
                    "domain-bot: the opponent's {action} is illegal by our rules; following the referee"
                );
            }
            state = state.play_reported(action);
        }
        if state.to_move() != me {
            return Err(format!(
                "it is not our turn after {}: the input is out of step",
                quoted(&line)
            ));
        }
        let action = if use_mcts {
            // MCTS stops between iterations: it may use nearly all of the budget.
            let clock = time.clock(TimePolicy::NineTenths);
            let options = MctsOptions {
                memory_bytes: 32 << 20,
                seed: u64::from(me),
                ..MctsOptions::default()
            };
            let mut mcts = Mcts::new(Domain, state, options, EvalLeaves { eval_scale: 40.0 });
            mcts.search(&Budget::time(clock))
                .best_move
                .ok_or("no legal action left")?
        } else {
            let clock = time.clock(TimePolicy::WholeBudget);
            engine
                .search(&state, &clock)
                .best_move
                .ok_or("no legal action left")?
        };
        writeln!(stdout, "{action}")
            .and_then(|()| stdout.flush())
            .map_err(|e| format!("cannot write: {e}"))?;
        state = state.play(action);
        budget = later_budget;
    }
    Ok(())
}
