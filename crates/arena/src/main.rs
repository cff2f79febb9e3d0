//! `arena`: play matches between game bots under the judges' exact protocols, act as a
//! built-in player process, and replay recorded games.

use std::io::{BufRead, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use arena::floodwars::{Builtin, GameRecord, Player};
use arena::matchup::{MatchConfig, MatchGame, run_match, summarize};
use clap::{Parser, Subcommand, ValueEnum};
use floodwars_core::{Colour, Position};
use serde::{Deserialize, Serialize};

#[derive(Parser)]
#[command(
    name = "arena",
    about = "Referees for floodgate's games: matches, built-in players, replays"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum Game {
    /// Flood Wars (one process per move).
    Floodwars,
    /// Domain Expansion (one process per game; 1000 ms first turn, 100 ms after).
    Domain,
    /// Cram (one process per game; 1000 ms to say OK, 500 ms per move).
    Cram,
    /// Grow (one process per move, 2 s, nothing on stderr).
    Grow,
}

#[derive(Subcommand)]
enum Command {
    /// Plays a match: every board twice, once from each seat.
    Match {
        /// The game.
        game: Game,
        /// The first player: `random`, `greedy` (built-ins, in-process), `self:random` or
        /// `self:greedy` (the built-ins as processes), or a command line.
        #[arg(long)]
        a: String,
        /// The second player, as for `--a`.
        #[arg(long)]
        b: String,
        /// Boards to play (each twice).
        #[arg(long, default_value_t = 50)]
        boards: usize,
        /// Seed of the board generator.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Smallest width and height (default: Flood Wars 10, Cram 5).
        #[arg(long)]
        min_size: Option<usize>,
        /// Largest width and height (default: Flood Wars 50, Cram 21).
        #[arg(long)]
        max_size: Option<usize>,
        /// Cram: pre-fill about this percentage of the cells.
        #[arg(long, default_value_t = 0)]
        prefill: u32,
        /// Flood Wars: wall-clock limit per move, in milliseconds (the other games use their
        /// judges' limits).
        #[arg(long, default_value_t = 1000)]
        limit_ms: u64,
        /// Games played at once.
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Write every game (board, players, moves, times) to this file, one JSON object a line.
        #[arg(long)]
        jsonl: Option<PathBuf>,
        /// Print each game's final board and score.
        #[arg(long)]
        show_final: bool,
        /// Play this board (its rows, with or without a `J`/`S` line first) instead of
        /// random ones.
        #[arg(long)]
        board: Option<PathBuf>,
    },
    /// Plays a round robin: every pair of players plays a match on the same boards.
    Tournament {
        /// The game.
        game: Game,
        /// A player (at least two), as for `match --a`.
        #[arg(long = "player", required = true, num_args = 1)]
        players: Vec<String>,
        /// Boards per pairing (each played twice).
        #[arg(long, default_value_t = 10)]
        boards: usize,
        /// Seed of the board generator.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Wall-clock limit per move, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        limit_ms: u64,
        /// Games played at once.
        #[arg(long, default_value_t = 1)]
        jobs: usize,
    },
    /// Plays one move as a built-in player: the judge's input on stdin, the answer on stdout.
    Player {
        /// The game.
        game: Game,
        /// `random` or `greedy`.
        strategy: String,
    },
    /// Shows a recorded game move by move, with a coloured board.
    Replay {
        /// A file written by `arena match --jsonl`.
        file: PathBuf,
        /// Which game of the file (from 0).
        #[arg(long, default_value_t = 0)]
        game: usize,
    },
}

/// One line of a `--jsonl` file.
#[derive(Serialize, Deserialize)]
struct JsonGame {
    board_index: usize,
    a_plays: char,
    record: GameRecord,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Match {
            game: Game::Floodwars,
            a,
            b,
            boards,
            seed,
            min_size,
            max_size,
            limit_ms,
            jobs,
            jsonl,
            show_final,
            board,
            prefill: _,
        } => read_board(board).and_then(|board| {
            let config = MatchConfig {
                boards,
                seed,
                sizes: (min_size.unwrap_or(10), max_size.unwrap_or(50)),
                limit: Duration::from_millis(limit_ms),
                jobs,
                board,
            };
            play_match(&a, &b, &config, jsonl, show_final)
        }),
        Command::Match {
            game: Game::Domain,
            a,
            b,
            boards,
            seed,
            jobs,
            ..
        } => domain_match(&a, &b, boards, seed, jobs),
        Command::Match {
            game: Game::Cram,
            a,
            b,
            boards,
            seed,
            min_size,
            max_size,
            prefill,
            jobs,
            ..
        } => {
            let boards = arena::cram::Boards {
                pairs: boards,
                sizes: (min_size.unwrap_or(5), max_size.unwrap_or(21)),
                prefill_percent: prefill,
                seed,
            };
            cram_match(&a, &b, boards, jobs)
        }
        Command::Tournament {
            game: Game::Floodwars,
            players,
            boards,
            seed,
            limit_ms,
            jobs,
        } => tournament(&players, boards, seed, limit_ms, jobs),
        Command::Player {
            game: Game::Floodwars,
            strategy,
        } => play_one_move(&strategy),
        Command::Player {
            game: Game::Domain,
            strategy,
        } => play_domain_game(&strategy),
        Command::Player {
            game: Game::Cram,
            strategy,
        } => play_cram_game(&strategy),
        Command::Match {
            game: Game::Grow,
            a,
            b,
            boards,
            seed,
            jobs,
            ..
        } => grow_match(&a, &b, boards, seed, jobs),
        Command::Player {
            game: Game::Grow,
            strategy,
        } => play_grow_move(&strategy),
        Command::Tournament {
            game: game @ (Game::Domain | Game::Cram | Game::Grow),
            ..
        } => Err(format!(
            "tournaments are only implemented for floodwars: play {} matches",
            match game {
                Game::Cram => "cram",
                Game::Grow => "grow",
                _ => "domain",
            }
        )),
        Command::Replay { file, game } => replay(&file, game),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("arena: {message}");
            ExitCode::from(2)
        }
    }
}

/// A Flood Wars player from its command-line description.
fn player(spec: &str) -> Result<Player, String> {
    Player::parse(spec, "floodwars")
}

fn play_match(
    a: &str,
    b: &str,
    config: &MatchConfig,
    jsonl: Option<PathBuf>,
    show_final: bool,
) -> Result<(), String> {
    let sizes = config.sizes;
    if sizes.0 < 1
        || sizes.0 > sizes.1
        || sizes.1 > floodwars_core::MAX_SIDE
        || sizes.1 * sizes.1 < 2
    {
        return Err(format!(
            "sizes must satisfy 1 <= min <= max <= {} and max >= 2",
            floodwars_core::MAX_SIDE
        ));
    }
    let (a, b) = (player(a)?, player(b)?);
    let games = run_match(&a, &b, config);
    if let Some(path) = jsonl {
        write_jsonl(&path, &games).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    if show_final {
        for (number, game) in games.iter().enumerate() {
            let record = &game.record;
            println!(
                "game {number}: J = {}, S = {}",
                record.players[0], record.players[1]
            );
            print!("{}", final_position(record));
            println!(
                "points: J {} S {} (J {:+})\n",
                record.points[0],
                record.points[1],
                record.margin()
            );
        }
    }
    print!(
        "{}",
        summarize(&games.iter().map(MatchGame::result).collect::<Vec<_>>())
    );
    Ok(())
}

/// A Domain Expansion player from its command-line description.
fn domain_player(spec: &str) -> Result<arena::domain::Player, String> {
    arena::domain::Player::parse(spec, "domain")
}

fn domain_match(a: &str, b: &str, pairs: usize, seed: u64, jobs: usize) -> Result<(), String> {
    let (a, b) = (domain_player(a)?, domain_player(b)?);
    let games =
        arena::domain::run_match(&a, &b, pairs, seed, jobs, arena::domain::Limits::default());
    print!(
        "{}",
        summarize(
            &games
                .iter()
                .map(arena::domain::MatchGame::result)
                .collect::<Vec<_>>()
        )
    );
    // The judge's limits differ for a player's first turn and the others: show both maxima.
    for (player, name) in [(0, "a"), (1, "b")] {
        let (mut first, mut later) = (0u64, 0u64);
        for game in &games {
            let seat = usize::from(game.a_seat as usize != player);
            for (ply, (_, micros)) in game
                .record
                .actions
                .iter()
                .enumerate()
                .filter(|(ply, _)| ply % 2 == seat)
            {
                if ply < 2 {
                    first = first.max(*micros);
                } else {
                    later = later.max(*micros);
                }
            }
        }
        println!(
            "  {name}: worst first turn {:.1} ms, worst later turn {:.1} ms",
            first as f64 / 1000.0,
            later as f64 / 1000.0
        );
    }
    Ok(())
}

/// Plays a whole Domain Expansion game as a built-in, over the protocol on stdin and stdout.
fn play_domain_game(strategy: &str) -> Result<(), String> {
    use domain_core::codec::{parse_action_line, parse_cell, parse_size};
    let builtin = arena::domain::Builtin::from_name(strategy)
        .ok_or_else(|| format!("no built-in player {strategy:?}"))?;
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
    let mut rng = {
        use rand_xoshiro::rand_core::SeedableRng;
        rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(u64::from(mine.0))
    };
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

/// Plays a Cram match and prints its summary with the worst times to say OK and to move.
fn cram_match(a: &str, b: &str, boards: arena::cram::Boards, jobs: usize) -> Result<(), String> {
    let (low, high) = boards.sizes;
    if low < 1 || low > high || high > cram_core::board::MAX_SIDE || boards.prefill_percent > 100 {
        return Err(format!(
            "sizes must satisfy 1 <= min <= max <= {} and --prefill is a percentage",
            cram_core::board::MAX_SIDE
        ));
    }
    let (a, b) = (
        arena::cram::Player::parse(a, "cram")?,
        arena::cram::Player::parse(b, "cram")?,
    );
    let games = arena::cram::run_match(&a, &b, boards, jobs, arena::cram::Limits::default());
    print!(
        "{}",
        summarize(
            &games
                .iter()
                .map(arena::cram::MatchGame::result)
                .collect::<Vec<_>>()
        )
    );
    for (player, name) in [(0, "a"), (1, "b")] {
        let worst_ok = games
            .iter()
            .map(|game| game.record.ok_micros[usize::from(game.a_seat as usize != player)])
            .max()
            .unwrap_or(0);
        println!(
            "  {name}: worst time to OK {:.1} ms",
            worst_ok as f64 / 1000.0
        );
    }
    Ok(())
}

/// Plays a Grow match and prints its summary.
fn grow_match(a: &str, b: &str, pairs: usize, seed: u64, jobs: usize) -> Result<(), String> {
    let (a, b) = (
        arena::grow::Player::parse(a, "grow")?,
        arena::grow::Player::parse(b, "grow")?,
    );
    let games = arena::grow::run_match(&a, &b, pairs, seed, jobs, arena::grow::LIMIT);
    print!(
        "{}",
        summarize(
            &games
                .iter()
                .map(arena::grow::MatchGame::result)
                .collect::<Vec<_>>()
        )
    );
    Ok(())
}

/// Plays one Grow move as a built-in: the grid (its own view) on stdin, the answer on stdout.
fn play_grow_move(strategy: &str) -> Result<(), String> {
    let builtin = arena::grow::Builtin::from_name(strategy)
        .ok_or_else(|| format!("no built-in player {strategy:?}"))?;
    let mut input = Vec::new();
    std::io::stdin()
        .read_to_end(&mut input)
        .map_err(|e| format!("cannot read standard input: {e}"))?;
    let state = grow_core::codec::parse_grid(&input).map_err(|e| e.to_string())?;
    if state.is_over() {
        return Err("the grid leaves no valid move".to_string());
    }
    let mut rng = {
        use rand_xoshiro::rand_core::SeedableRng;
        rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(input.iter().map(|&b| u64::from(b)).sum())
    };
    let m = builtin.choose_move(&state, &mut rng);
    writeln!(std::io::stdout(), "{m}").map_err(|e| format!("cannot write: {e}"))
}

/// Plays a whole Cram game as a built-in, over the judge's protocol on stdin and stdout.
fn play_cram_game(strategy: &str) -> Result<(), String> {
    use cram_core::board::{parse_init, parse_move};
    let builtin = arena::cram::Builtin::from_name(strategy)
        .ok_or_else(|| format!("no built-in player {strategy:?}"))?;
    let mut lines = std::io::stdin().lock().lines();
    let mut next = || {
        lines
            .next()
            .transpose()
            .map_err(|e| format!("cannot read standard input: {e}"))
    };
    let init = next()?.ok_or("the input ended before the init line")?;
    let mut board = parse_init(&init).map_err(|e| e.to_string())?;
    let mut rng = {
        use rand_xoshiro::rand_core::SeedableRng;
        rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(init.len() as u64)
    };
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

/// The board of a `--board` file: rows, optionally after a `J` or `S` line (J moves first).
fn read_board(path: Option<PathBuf>) -> Result<Option<Position>, String> {
    let Some(path) = path else { return Ok(None) };
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let rows = text
        .strip_prefix("J\n")
        .or_else(|| text.strip_prefix("S\n"))
        .unwrap_or(&text);
    let position = floodwars_core::codec::parse(format!("J\n{rows}").as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(Some(position))
}

fn tournament(
    specs: &[String],
    boards: usize,
    seed: u64,
    limit_ms: u64,
    jobs: usize,
) -> Result<(), String> {
    if specs.len() < 2 {
        return Err("a tournament needs at least two players".to_string());
    }
    let players = specs
        .iter()
        .map(|spec| player(spec))
        .collect::<Result<Vec<_>, _>>()?;
    let config = MatchConfig {
        boards,
        seed,
        sizes: (10, floodwars_core::MAX_SIDE),
        limit: Duration::from_millis(limit_ms),
        jobs,
        board: None,
    };
    let pairings = arena::matchup::run_tournament(&players, &config);
    for (_, _, games) in &pairings {
        print!(
            "{}",
            summarize(&games.iter().map(MatchGame::result).collect::<Vec<_>>())
        );
    }
    println!(
        "
{:<40} {:>6} {:>7} {:>10}",
        "standings", "games", "points", "mean diff"
    );
    for standing in arena::matchup::standings(&players, &pairings) {
        let name: String = standing.name.chars().take(40).collect();
        println!(
            "{name:<40} {:>6} {:>7.1} {:>+10.1}",
            standing.games, standing.points, standing.mean_margin
        );
    }
    Ok(())
}

fn write_jsonl(path: &PathBuf, games: &[MatchGame]) -> std::io::Result<()> {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
    for game in games {
        let line = JsonGame {
            board_index: game.board,
            a_plays: game.a_plays.letter(),
            record: game.record.clone(),
        };
        serde_json::to_writer(&mut out, &line)?;
        out.write_all(b"\n")?;
    }
    out.flush()
}

/// The position after all recorded moves.
fn final_position(record: &GameRecord) -> Position {
    record.moves.iter().fold(record.start(), |position, m| {
        position.play(Colour::from_byte(m.colour as u8).expect("a recorded colour"))
    })
}

fn play_one_move(strategy: &str) -> Result<(), String> {
    let builtin =
        Builtin::from_name(strategy).ok_or_else(|| format!("no built-in player {strategy:?}"))?;
    let mut input = Vec::new();
    std::io::stdin()
        .read_to_end(&mut input)
        .map_err(|e| format!("cannot read standard input: {e}"))?;
    let answer = builtin.answer(&input).map_err(|e| e.to_string())?;
    std::io::stdout()
        .write_all(answer.as_bytes())
        .map_err(|e| format!("cannot write: {e}"))
}

fn replay(path: &PathBuf, index: usize) -> Result<(), String> {
    let file =
        std::fs::File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let line = std::io::BufReader::new(file)
        .lines()
        .nth(index)
        .ok_or_else(|| format!("{} has no game {index}", path.display()))?
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let game: JsonGame = serde_json::from_str(&line)
        .map_err(|e| format!("game {index} is not a recorded game: {e}"))?;
    let record = &game.record;
    let mut position = record.start();
    println!("J = {}, S = {}", record.players[0], record.players[1]);
    print!("{}", coloured(&position));
    for (ply, m) in record.moves.iter().enumerate() {
        let colour = Colour::from_byte(m.colour as u8).ok_or("a recorded move is not a colour")?;
        println!(
            "\nmove {}: {} picks {} ({:.1} ms)",
            ply + 1,
            position.to_move().letter(),
            m.colour,
            m.micros as f64 / 1000.0
        );
        position = position.play(colour);
        print!("{}", coloured(&position));
    }
    if let Some((side, reason)) = &record.forfeit {
        println!("\n{side} forfeits: {reason}");
    }
    println!(
        "\npoints: J {} S {} (J {:+})",
        record.points[0],
        record.points[1],
        record.margin()
    );
    Ok(())
}

/// The board with each colour on its own terminal background.
fn coloured(position: &Position) -> String {
    let mut out = String::new();
    for line in position.to_string().lines().skip(1) {
        for c in line.chars() {
            let code = match c {
                '@' => 41,
                '#' => 42,
                '+' => 43,
                '.' => 44,
                _ => 45,
            };
            out.push_str(&format!("\x1b[{code};97m{c}\x1b[0m"));
        }
        out.push('\n');
    }
    out
}
