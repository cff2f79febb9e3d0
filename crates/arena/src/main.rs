//! `arena`: play matches, SPRT tests and tournaments between game bots under the judges'
//! exact protocols, act as a built-in player process, and replay recorded games.

use std::io::{BufRead, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};
use floodgate_arena::cram::Cram;
use floodgate_arena::domain::Domain;
use floodgate_arena::floodwars::FloodWars;
use floodgate_arena::go::Go;
use floodgate_arena::grow::Grow;
use floodgate_arena::matchup::{Flow, MatchGame, play_pairs, summarize};
use floodgate_arena::player::{Builtin, Player};
use floodgate_arena::record::MatchLine;
use floodgate_arena::referee::{Referee, Settings};
use floodgate_arena::sprt::{Decision, Pentanomial, Sprt};

#[derive(Parser)]
#[command(
    name = "arena",
    version,
    about = "Referees for floodgate's games: matches, SPRT, tournaments, built-in players, replays",
    after_help = PLAYERS_HELP
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

const PLAYERS_HELP: &str = "\
Players (--a, --b, --player):
  random | greedy | alphabeta:D   built-ins, played in the arena's process (D = depth, 1..12)
  alphabeta:Nms                   the same search deepening for N ms (1..60000) a move
  self:NAME                       a built-in as a process of its own, started as a judge starts bots
  COMMAND ARGS...                 any program, split like a shell line ('...' and \"...\" quote)
  name=NAME cmd=\"COMMAND\" limit_ms=N
                                  the same with a name for the tables and a limit of its own
                                  (per move or turn; the game's other limits scale with it)";

/// How `arena sprt` scores a board pair.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum PairsBy {
    /// Each game's win, draw or loss: 0 to 2 points in half points (pentanomial).
    Results,
    /// The pair as one game: won, drawn or lost by the point margin summed over both games.
    Margin,
}

#[derive(Clone, Copy, ValueEnum)]
enum Game {
    /// Flood Wars (one process per move, 1 s).
    Floodwars,
    /// Domain Expansion (one process per game; 1000 ms first turn, 100 ms after).
    Domain,
    /// Cram (one process per game; 1000 ms to say OK, 500 ms per move).
    Cram,
    /// Grow (one process per move, 2 s, nothing on stderr).
    Grow,
    /// Go by the Tromp-Taylor rules: two GTP engines, 9 x 9 unless --min-size/--max-size,
    /// komi 7, 5 s a move.
    Go,
}

/// Where games start and how long moves may take.
#[derive(Args, Clone)]
struct StartArgs {
    /// Seed of the starts (pair k uses seed + k) and of the built-ins.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Smallest width and height of random boards (Flood Wars: default 10; Cram: 5; Go: 9).
    #[arg(long)]
    min_size: Option<usize>,
    /// Largest width and height of random boards (Flood Wars: default 50; Cram: 21; Go: 9).
    #[arg(long)]
    max_size: Option<usize>,
    /// Cram: pre-fill about this percentage of the cells.
    #[arg(long)]
    prefill: Option<u32>,
    /// Play every game from this start: Flood Wars board rows (with or without a J/S line
    /// first), or a Cram init line.
    #[arg(long)]
    board: Option<PathBuf>,
    /// The limit per move (or turn) for both players instead of the judge's, in milliseconds;
    /// the game's other limits (first turn, time to OK) scale with it.
    #[arg(long)]
    limit_ms: Option<u64>,
    /// Games played at once (each player runs alone in a game: 2 jobs on 2 cores).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    jobs: u64,
    /// Write every game (start, players, limits, moves, times, result) to this file, one
    /// JSON object a line.
    #[arg(long)]
    jsonl: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    /// Plays a match: every board twice, once from each seat.
    Match {
        /// The game.
        game: Game,
        /// The first player (see "Players" below).
        #[arg(long)]
        a: String,
        /// The second player.
        #[arg(long)]
        b: String,
        /// Board pairs to play (each board twice, once from each seat).
        #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(1..))]
        boards: u64,
        #[command(flatten)]
        start: StartArgs,
        /// Print each game's final board and result.
        #[arg(long)]
        show_final: bool,
    },
    /// A sequential probability ratio test of a against b, over board pairs (pentanomial),
    /// until H0 (a is not stronger by elo1) or H1 (a is stronger than elo0) is accepted.
    Sprt {
        /// The game.
        game: Game,
        /// The new player.
        #[arg(long)]
        a: String,
        /// The base player.
        #[arg(long)]
        b: String,
        /// Elo difference of H0 (logistic).
        #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
        elo0: f64,
        /// Elo difference of H1 (logistic).
        #[arg(long, default_value_t = 5.0, allow_negative_numbers = true)]
        elo1: f64,
        /// False positive rate.
        #[arg(long, default_value_t = 0.05)]
        alpha: f64,
        /// False negative rate.
        #[arg(long, default_value_t = 0.05)]
        beta: f64,
        /// Stop undecided after this many board pairs.
        #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..))]
        max_pairs: u64,
        /// How a board pair scores: by its two games' results, or as a whole by the point
        /// margin summed over both games (for boards that the seat decides).
        #[arg(long, value_enum, default_value_t = PairsBy::Results)]
        pairs_by: PairsBy,
        #[command(flatten)]
        start: StartArgs,
    },
    /// Plays a round robin: every pair of players plays a match on the same boards.
    Tournament {
        /// The game.
        game: Game,
        /// A player (at least two), as for `match --a`.
        #[arg(long = "player", required = true, num_args = 1)]
        players: Vec<String>,
        /// Board pairs per pairing.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
        boards: u64,
        #[command(flatten)]
        start: StartArgs,
    },
    /// Plays as a built-in over the judge's protocol on stdin and stdout: one move (Flood
    /// Wars, Grow) or a whole game (Domain, Cram).
    Player {
        /// The game.
        game: Game,
        /// `random`, `greedy`, `alphabeta:D` or `alphabeta:Nms`.
        strategy: String,
    },
    /// Shows a recorded game move by move (text), or writes it as an HTML page.
    Replay {
        /// A file written with `--jsonl`.
        file: PathBuf,
        /// Which game of the file (from 0).
        #[arg(long, default_value_t = 0)]
        game: usize,
        /// Show only the board after this move (0 = the start).
        #[arg(long = "move")]
        move_number: Option<usize>,
        /// Write one self-contained HTML page (board, move slider, scores) to this file.
        #[arg(long)]
        html: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Match { game, .. }
        | Command::Sprt { game, .. }
        | Command::Tournament { game, .. } => match game {
            Game::Floodwars => run::<FloodWars>(&cli.command),
            Game::Domain => run::<Domain>(&cli.command),
            Game::Cram => run::<Cram>(&cli.command),
            Game::Grow => run::<Grow>(&cli.command),
            Game::Go => run::<Go>(&cli.command),
        },
        Command::Player { game, strategy } => play_as_builtin(*game, strategy),
        Command::Replay {
            file,
            game,
            move_number,
            html,
        } => replay(file, *game, *move_number, html.as_deref()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("arena: {message}");
            ExitCode::from(2)
        }
    }
}

/// Runs a command for the game of referee `R`.
fn run<R: Referee>(command: &Command) -> Result<(), String> {
    match command {
        Command::Match {
            a,
            b,
            boards,
            start,
            show_final,
            ..
        } => {
            let referee = referee::<R>(start)?;
            let players = [player::<R>(a)?, player::<R>(b)?];
            let mut jsonl = Jsonl::create(start)?;
            let games = play_pairs(
                &referee,
                [&players[0], &players[1]],
                start.seed,
                *boards as usize,
                start.jobs as usize,
                |pair| {
                    jsonl.write(start.seed, pair);
                    Flow::Continue
                },
            );
            jsonl.finish()?;
            if *show_final {
                show_finals::<R>(&games)?;
            }
            print!(
                "{}",
                summarize([&players[0].name, &players[1].name], R::SEATS, &games)
            );
            Ok(())
        }
        Command::Sprt {
            a,
            b,
            elo0,
            elo1,
            alpha,
            beta,
            max_pairs,
            pairs_by,
            start,
            ..
        } => {
            let sprt = Sprt::new(*elo0, *elo1, *alpha, *beta)?;
            let referee = referee::<R>(start)?;
            let players = [player::<R>(a)?, player::<R>(b)?];
            let mut jsonl = Jsonl::create(start)?;
            let mut pentanomial = Pentanomial::default();
            let (lower, upper) = sprt.bounds();
            println!(
                "SPRT of a = {} against b = {}: elo0 {elo0}, elo1 {elo1}, alpha {alpha}, beta {beta}; \
                 LLR bounds [{lower:.3}, {upper:.3}]",
                players[0].name, players[1].name
            );
            let mut status = Decision::Continue;
            let games = play_pairs(
                &referee,
                [&players[0], &players[1]],
                start.seed,
                *max_pairs as usize,
                start.jobs as usize,
                |pair| {
                    jsonl.write(start.seed, pair);
                    let margin = pair[0].a_margin() + pair[1].a_margin();
                    let half_points = match pairs_by {
                        PairsBy::Results => {
                            pentanomial.add_pair(pair[0].a_result(), pair[1].a_result())
                        }
                        PairsBy::Margin => pentanomial.add_pair_by_margin(margin),
                    };
                    let scored = half_points as f64 / 2.0;
                    status = sprt.decision(&pentanomial);
                    println!(
                        "pair {:>4} (board {}): a scored {scored} (margin {margin:+}) | {pentanomial} | LLR {:+.3} [{lower:.3}, {upper:.3}]",
                        pentanomial.pairs(),
                        pair[0].pair,
                        sprt.llr(&pentanomial)
                    );
                    if status == Decision::Continue {
                        Flow::Continue
                    } else {
                        Flow::Stop
                    }
                },
            );
            jsonl.finish()?;
            println!(
                "{}",
                match status {
                    Decision::AcceptH1 => "H1 accepted: a is stronger (elo1 more likely than elo0)",
                    Decision::AcceptH0 => "H0 accepted: a is not stronger by elo1",
                    Decision::Continue => "no decision: --max-pairs reached",
                }
            );
            print!(
                "{}",
                summarize([&players[0].name, &players[1].name], R::SEATS, &games)
            );
            Ok(())
        }
        Command::Tournament {
            players,
            boards,
            start,
            ..
        } => {
            if players.len() < 2 {
                return Err("a tournament needs at least two players".to_string());
            }
            let referee = referee::<R>(start)?;
            let players = players
                .iter()
                .map(|spec| player::<R>(spec))
                .collect::<Result<Vec<_>, _>>()?;
            let mut jsonl = Jsonl::create(start)?;
            let tournament = floodgate_arena::tournament::run_tournament(
                &referee,
                &players,
                start.seed,
                *boards as usize,
                start.jobs as usize,
                |pairing| {
                    jsonl.write(start.seed, &pairing.games);
                    let names = [
                        players[pairing.a].name.as_str(),
                        players[pairing.b].name.as_str(),
                    ];
                    println!("{}", summarize(names, R::SEATS, &pairing.games));
                },
            );
            jsonl.finish()?;
            print!("{tournament}");
            Ok(())
        }
        Command::Player { .. } | Command::Replay { .. } => {
            unreachable!("built-in players and replays are not run per referee")
        }
    }
}

/// The referee for the start options, or why they do not apply.
fn referee<R: Referee>(start: &StartArgs) -> Result<R, String> {
    let board = match &start.board {
        None => None,
        Some(path) => Some(
            std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?,
        ),
    };
    R::new(&Settings {
        min_size: start.min_size,
        max_size: start.max_size,
        prefill_percent: start.prefill,
        start: board,
        limit: start.limit_ms.map(Duration::from_millis),
    })
}

/// A player, checked to start.
fn player<R: Referee>(spec: &str) -> Result<Player, String> {
    let player = Player::parse(spec, R::NAME)?;
    player.check_starts()?;
    Ok(player)
}

/// The `--jsonl` file, written pair by pair as games finish.
struct Jsonl {
    out: Option<(PathBuf, std::io::BufWriter<std::fs::File>)>,
    error: Option<String>,
}

impl Jsonl {
    fn create(start: &StartArgs) -> Result<Self, String> {
        let out = match &start.jsonl {
            None => None,
            Some(path) => {
                let file = std::fs::File::create(path)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                Some((path.clone(), std::io::BufWriter::new(file)))
            }
        };
        Ok(Self { out, error: None })
    }

    fn write(&mut self, match_seed: u64, games: &[MatchGame]) {
        let Some((path, out)) = &mut self.out else {
            return;
        };
        for game in games {
            let line = MatchLine {
                match_seed,
                pair: game.pair,
                a_seat: game.a_seat,
                record: game.record.clone(),
            };
            let written = serde_json::to_writer(&mut *out, &line)
                .map_err(std::io::Error::from)
                .and_then(|()| out.write_all(b"\n"))
                .and_then(|()| out.flush());
            if let Err(e) = written {
                self.error
                    .get_or_insert(format!("cannot write {}: {e}", path.display()));
            }
        }
    }

    fn finish(self) -> Result<(), String> {
        self.error.map_or(Ok(()), Err)
    }
}

/// Prints each game's final board and result.
fn show_finals<R: Referee>(games: &[MatchGame]) -> Result<(), String> {
    println!("legend: {}\n", R::TEXT_LEGEND);
    for (number, game) in games.iter().enumerate() {
        let record = &game.record;
        println!(
            "game {number} (board pair {}): {} = {}, {} = {}",
            game.pair,
            R::SEATS[0],
            record.players[0],
            R::SEATS[1],
            record.players[1]
        );
        println!(
            "{}",
            floodgate_arena::replay::final_text::<R>(record, colour_wanted())?
        );
    }
    Ok(())
}

/// Whether to colour text: standard output is a terminal and `NO_COLOR` is not set.
fn colour_wanted() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Shows game `index` of a `--jsonl` file.
fn replay(
    path: &Path,
    index: usize,
    only: Option<usize>,
    html: Option<&Path>,
) -> Result<(), String> {
    let file =
        std::fs::File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let line = std::io::BufReader::new(file)
        .lines()
        .nth(index)
        .ok_or_else(|| format!("{} has no game {index}", path.display()))?
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let game =
        MatchLine::parse(&line).map_err(|e| format!("game {index} of {}: {e}", path.display()))?;
    let shown = floodgate_arena::replay::show(&game.record, only, html.is_some(), colour_wanted())?;
    match html {
        None => print!("{shown}"),
        Some(out) => {
            std::fs::write(out, shown)
                .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
            println!("wrote {}", out.display());
        }
    }
    Ok(())
}

/// Plays as the built-in `strategy` over the judge's protocol of `game`.
fn play_as_builtin(game: Game, strategy: &str) -> Result<(), String> {
    let builtin = Builtin::from_name(strategy).ok_or_else(|| {
        format!(
            "no built-in player {strategy:?} (the built-ins: {})",
            Builtin::NAMES
        )
    })?;
    match game {
        Game::Floodwars => play_floodwars_move(builtin),
        Game::Domain => play_domain_game(builtin),
        Game::Cram => play_cram_game(builtin),
        Game::Grow => play_grow_move(builtin),
        Game::Go => Err(format!(
            "the Go built-ins play in the arena's process only: use {strategy:?}, not \"self:{strategy}\""
        )),
    }
}

/// The whole of standard input.
fn read_stdin() -> Result<Vec<u8>, String> {
    let mut input = Vec::new();
    std::io::stdin()
        .read_to_end(&mut input)
        .map_err(|e| format!("cannot read standard input: {e}"))?;
    Ok(input)
}

/// Plays one Flood Wars move: the judge's input on stdin, the answer on stdout.
fn play_floodwars_move(builtin: Builtin) -> Result<(), String> {
    let answer = builtin.answer(&read_stdin()?).map_err(|e| e.to_string())?;
    std::io::stdout()
        .write_all(answer.as_bytes())
        .map_err(|e| format!("cannot write: {e}"))
}

/// A random generator for a built-in process, seeded from what it was given.
fn rng_from(seed: u64) -> rand_xoshiro::Xoshiro256PlusPlus {
    use rand_xoshiro::rand_core::SeedableRng;
    rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed)
}

/// Plays a whole Domain Expansion game over the protocol on stdin and stdout.
fn play_domain_game(builtin: Builtin) -> Result<(), String> {
    use domain_core::codec::{parse_action_line, parse_cell, parse_size};
    let mut lines = std::io::stdin().lock().lines();
    let mut next = || {
        lines
            .next()
            .transpose()
            .map_err(|e| format!("cannot read standard input: {e}"))
    };
    let missing = || "the input ended before the three initial lines".to_string();
    parse_size(&next()?.ok_or_else(missing)?).map_err(|e| e.to_string())?;
    let mine = parse_cell(&next()?.ok_or_else(missing)?).map_err(|e| e.to_string())?;
    parse_cell(&next()?.ok_or_else(missing)?).map_err(|e| e.to_string())?;
    let mut state = domain_core::state::State::default();
    let mut rng = rng_from(u64::from(mine.0));
    let mut stdout = std::io::stdout().lock();
    while let Some(line) = next()? {
        if let Some(action) = parse_action_line(&line).map_err(|e| e.to_string())? {
            state = state.play_reported(action);
        }
        let action = builtin.choose_action(&state, &mut rng);
        writeln!(stdout, "{action}")
            .and_then(|()| stdout.flush())
            .map_err(|e| format!("cannot write: {e}"))?;
        state = state.play(action);
    }
    Ok(())
}

/// Plays one Grow move: the grid (its own view) on stdin, the answer on stdout.
fn play_grow_move(builtin: Builtin) -> Result<(), String> {
    let input = read_stdin()?;
    let state = grow_core::codec::parse_grid(&input).map_err(|e| e.to_string())?;
    if state.is_over() {
        return Err("the grid leaves no valid move".to_string());
    }
    let mut rng = rng_from(input.iter().map(|&b| u64::from(b)).sum());
    let m = builtin.choose_move(&state, &mut rng);
    writeln!(std::io::stdout(), "{m}").map_err(|e| format!("cannot write: {e}"))
}

/// Plays a whole Cram game over the judge's protocol on stdin and stdout.
fn play_cram_game(builtin: Builtin) -> Result<(), String> {
    use cram_core::codec::{parse_init, parse_move};
    let mut lines = std::io::stdin().lock().lines();
    let mut next = || {
        lines
            .next()
            .transpose()
            .map_err(|e| format!("cannot read standard input: {e}"))
    };
    let init = next()?.ok_or("the input ended before the init line")?;
    let mut board = parse_init(&init).map_err(|e| e.to_string())?;
    let mut rng = rng_from(init.len() as u64);
    let mut stdout = std::io::stdout().lock();
    let mut say = |text: &str| {
        writeln!(stdout, "{text}")
            .and_then(|()| stdout.flush())
            .map_err(|e| format!("cannot write: {e}"))
    };
    say("OK")?;
    while let Some(line) = next()? {
        let line = line.trim_end_matches('\r');
        match line {
            "STOP" => break,
            "START" => {}
            _ => board.play(parse_move(line, &board).map_err(|e| e.to_string())?),
        }
        if !board.has_move() {
            return Err("asked to move with no domino left".to_string());
        }
        let domino = builtin.choose_domino(&board, &mut rng);
        say(&domino.to_string())?;
        board.play(domino);
    }
    Ok(())
}
