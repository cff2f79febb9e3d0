//! `go-gtp`: a Go engine by the Tromp-Taylor rules (area scoring, suicide allowed, positional
//! superko) that speaks GTP version 2 on stdin and stdout, for GTP controllers (gogui-twogtp,
//! the floodgate arena) and GTP-speaking servers.
//!
//! `genmove` runs a Monte Carlo tree search with RAVE (`go_core::engine`). Its time per move
//! comes from `time_settings` and `time_left` when the controller sends them (a share of the
//! main time, or of the current byo-yomi period, less a safety margin), and otherwise is 5 s;
//! `--budget-ms N` or `GO_GTP_BUDGET_MS` caps it either way. `--memory-mb N` bounds the trees
//! (default 256); `--threads N` searches N trees at once (default 1) and adds up their root
//! visits. A line GTP cannot carry out gets a `?` reply, as the protocol asks (a line longer
//! than 64 KiB too: `? line too long`); the engine ends at `quit` or at the end of its input.
//! Bad command-line arguments get one line on stderr and exit status 2.

use std::io::{BufRead, Read, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use go_core::engine::{Engine, EngineOptions};
use go_core::gtp::{self, Command, GtpMove, ParseError, Request};
use go_core::{Colour, Game, IllegalMove, MAX_PLAY_SIZE, MIN_PLAY_SIZE, Move};
use search::{Budget, MoveTime, SafetyMargin, TimePolicy};

/// The time per move when neither the controller nor the command line sets one.
const DEFAULT_BUDGET: Duration = Duration::from_secs(5);

/// The longest command line read (no GTP command needs more); a longer line gets a failure.
const MAX_LINE: u64 = 1 << 16;

const USAGE: &str = "usage: go-gtp [--budget-ms N] [--memory-mb N] [--threads N] [--seed N]";

fn main() -> ExitCode {
    if std::env::args().nth(1).as_deref() == Some("--version") {
        println!("{} {}", env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"));
        return ExitCode::SUCCESS;
    }
    match Settings::from_args().and_then(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("go-gtp: {message}");
            ExitCode::from(2)
        }
    }
}

/// The command line's settings.
struct Settings {
    /// The budget given on the command line: the time per move without time settings, and
    /// the cap on it with them.
    budget: Option<Duration>,
    memory_bytes: usize,
    threads: usize,
    seed: u64,
}

impl Settings {
    fn from_args() -> Result<Self, String> {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let mut settings = Self {
            budget: None,
            memory_bytes: 256 << 20,
            threads: 1,
            seed: 1,
        };
        if let Ok(text) = std::env::var("GO_GTP_BUDGET_MS") {
            settings.budget = Some(Duration::from_millis(number("GO_GTP_BUDGET_MS", &text)?));
        }
        let mut words = args.iter();
        while let Some(flag) = words.next() {
            let value = || {
                words
                    .clone()
                    .next()
                    .ok_or(format!("{flag} needs a number; {USAGE}"))
            };
            match flag.as_str() {
                "--budget-ms" => {
                    settings.budget = Some(Duration::from_millis(number(flag, value()?)?));
                }
                "--memory-mb" => settings.memory_bytes = (number(flag, value()?)? as usize) << 20,
                "--seed" => settings.seed = number(flag, value()?)?,
                "--threads" => settings.threads = number(flag, value()?)?.clamp(1, 64) as usize,
                _ => return Err(format!("unknown argument {flag:?}; {USAGE}")),
            }
            words.next();
        }
        Ok(settings)
    }
}

fn number(what: &str, text: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| format!("{what}: not a whole number: {text:?}"))
}

/// The controller's time settings and what it last said was left.
#[derive(Clone, Copy, Debug, Default)]
struct TimeControl {
    /// Main time, byo-yomi period and stones per period, as `time_settings` gave them.
    settings: Option<(f64, f64, u32)>,
    /// Per colour: seconds and stones left, as `time_left` gave them.
    left: [Option<(f64, u32)>; 2],
}

impl TimeControl {
    /// The time to think about one move for `colour` with `empty` empty points, or `None` when
    /// the controller set no limit.
    fn budget(&self, colour: Colour, empty: usize) -> Option<Duration> {
        let (main, byo_yomi, stones) = self.settings?;
        if stones == 0 && byo_yomi > 0.0 && main == 0.0 {
            return None; // GTP: no time limit.
        }
        let (time, stones_left) = self.left[colour.index()].unwrap_or(if main > 0.0 {
            (main, 0)
        } else {
            (byo_yomi, stones)
        });
        let seconds = if stones_left > 0 {
            time / f64::from(stones_left)
        } else {
            // Main time: spread it over the moves a game of this many empty points still
            // has, and add what a byo-yomi period will give anyway.
            let moves_left = (empty as f64 / 3.0).max(15.0);
            let byo_share = if stones > 0 {
                byo_yomi / f64::from(stones)
            } else {
                0.0
            };
            time / moves_left + byo_share.min(time / 2.0)
        };
        // A margin for the controller, the pipes and a busy machine.
        Some(SafetyMargin::GAME_CLOCK.thinking_time(seconds))
    }
}

/// The engine's state between commands.
struct Session {
    game: Game,
    engine: Engine,
    time: TimeControl,
    /// The command line's budget: the time per move without time settings (else
    /// [`DEFAULT_BUDGET`]), and the cap on it with them.
    budget: Option<Duration>,
}

impl Session {
    /// Carries out `command`; the reply's text, or the failure's message.
    fn handle(&mut self, command: Command, arrived: Instant) -> Result<String, String> {
        let size = self.game.size();
        match command {
            Command::ProtocolVersion => Ok("2".into()),
            Command::Name => Ok("floodgate".into()),
            Command::Version => Ok(env!("CARGO_PKG_VERSION").into()),
            Command::KnownCommand(name) => {
                Ok(gtp::KNOWN_COMMANDS.contains(&name.as_str()).to_string())
            }
            Command::ListCommands => Ok(gtp::KNOWN_COMMANDS.join("\n")),
            Command::Quit => Ok(String::new()),
            Command::BoardSize(n) => {
                let n = n as usize;
                if !(MIN_PLAY_SIZE..=MAX_PLAY_SIZE).contains(&n) {
                    return Err("unacceptable size".into());
                }
                self.game = Game::new(n, self.game.komi());
                Ok(String::new())
            }
            Command::ClearBoard => {
                self.game = Game::new(size, self.game.komi());
                Ok(String::new())
            }
            Command::Komi(komi) => {
                self.game.set_komi(komi);
                Ok(String::new())
            }
            Command::Play(colour, vertex) => {
                let m = vertex.on_board(size).ok_or("invalid coordinate")?;
                self.game.play(colour, m).map_err(|e| match e {
                    IllegalMove::OffBoard => "invalid coordinate".to_string(),
                    IllegalMove::Occupied | IllegalMove::Superko => "illegal move".to_string(),
                })?;
                Ok(String::new())
            }
            Command::IsLegal(colour, vertex) => {
                let legal = vertex
                    .on_board(size)
                    .is_some_and(|m| self.game.check(colour, m).is_ok());
                Ok(if legal { "1" } else { "0" }.into())
            }
            Command::GenMove(colour) | Command::RegGenMove(colour) => {
                let m = self.think(colour, arrived);
                if matches!(command, Command::GenMove(_)) {
                    self.game
                        .play(colour, m)
                        .expect("the engine's move is legal");
                }
                Ok(GtpMove::from_move(m, size).to_string())
            }
            Command::Undo => {
                if self.game.undo() {
                    Ok(String::new())
                } else {
                    Err("cannot undo".into())
                }
            }
            Command::FinalScore => Ok(gtp::score_text(self.game.margin())),
            Command::ShowBoard => Ok(format!("\n{}", gtp::board_text(self.game.position()))),
            Command::TimeSettings {
                main,
                byo_yomi,
                stones,
            } => {
                self.time = TimeControl {
                    settings: Some((main, byo_yomi, stones)),
                    left: [None; 2],
                };
                Ok(String::new())
            }
            Command::TimeLeft {
                colour,
                time,
                stones,
            } => {
                self.time.left[colour.index()] = Some((time, stones));
                Ok(String::new())
            }
        }
    }

    /// The engine's move for `colour`, within the time for this move.
    fn think(&mut self, colour: Colour, arrived: Instant) -> Move {
        let budget = match self.time.budget(colour, self.game.position().empty_count()) {
            Some(share) => share.min(self.budget.unwrap_or(Duration::MAX)),
            None => self.budget.unwrap_or(DEFAULT_BUDGET),
        };
        let clock = MoveTime::new(arrived, budget).clock(TimePolicy::WholeBudget);
        self.engine
            .search(&self.game, colour, &Budget::time(clock))
            .best
    }
}

fn run(settings: Settings) -> Result<(), String> {
    let mut session = Session {
        game: Game::new(19, 0.0),
        engine: Engine::new(EngineOptions {
            memory_bytes: settings.memory_bytes,
            seed: settings.seed,
            threads: settings.threads,
            ..EngineOptions::default()
        }),
        time: TimeControl::default(),
        budget: settings.budget,
    };
    let mut stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout().lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        let read = Read::take(&mut stdin, MAX_LINE)
            .read_until(b'\n', &mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        if read == 0 {
            return Ok(());
        }
        let arrived = Instant::now();
        let too_long = bytes.len() as u64 == MAX_LINE && bytes.last() != Some(&b'\n');
        let (reply, quit) = if too_long {
            stdin
                .skip_until(b'\n')
                .map_err(|e| format!("cannot read standard input: {e}"))?;
            (gtp::failure(None, "line too long"), false)
        } else {
            match String::from_utf8_lossy(&bytes).parse::<Request>() {
                Err(ParseError::Empty) => continue,
                Err(error) => (gtp::failure(error.id(), &error.to_string()), false),
                Ok(Request { id, command }) => {
                    let quit = command == Command::Quit;
                    let reply = match session.handle(command, arrived) {
                        Ok(text) => gtp::success(id, &text),
                        Err(message) => gtp::failure(id, &message),
                    };
                    (reply, quit)
                }
            }
        };
        stdout
            .write_all(reply.as_bytes())
            .and_then(|()| stdout.flush())
            .map_err(|e| format!("cannot write: {e}"))?;
        if quit {
            return Ok(());
        }
    }
}
