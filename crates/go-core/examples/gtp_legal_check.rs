//! Checks go-core's rules against another GTP engine's: plays random games (captures,
//! suicides, ko fights and all), tells the engine every move with `play`, and after every
//! move asks it `is_legal` for both colours on every point, comparing each answer with
//! [`GameState::check`]. Exits with status 1 at the first disagreement.
//!
//! One kind of answer is counted apart instead: a move the engine calls legal that go-core
//! refuses by positional superko (the board after it was seen before). GNU Go's `is_legal`
//! checks the simple ko only, not positional superko, though it plays by it with
//! `--positional-superko`: it allows a one-stone suicide (which leaves the board as it was) and
//! a suicide that recreates an earlier board. These are counted, with how many of them are
//! one-stone suicides; go-core's superko is checked against a plain implementation of the rules
//! in `tests/play.rs`.
//!
//! ```sh
//! cargo run --release -p floodgate-go-core --example gtp_legal_check -- 100 9 \
//!     gnugo --mode gtp --chinese-rules --allow-all-suicide --positional-superko
//! ```

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, ExitCode, Stdio};

use floodgate_go_core::gtp::{GtpMove, colour_word};
use floodgate_go_core::{Cell, Colour, GameState, IllegalMove, Move};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("gtp_legal_check: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: gtp_legal_check GAMES SIZE ENGINE [ARGS...]";
    let (games, size) = match (args.first(), args.get(1)) {
        (Some(g), Some(s)) => (
            g.parse::<u64>().map_err(|_| usage)?,
            s.parse::<usize>().map_err(|_| usage)?,
        ),
        _ => return Err(usage.into()),
    };
    let engine = args.get(2..).filter(|e| !e.is_empty()).ok_or(usage)?;
    let mut child = Command::new(&engine[0])
        .args(&engine[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", engine[0]))?;
    let mut input = child.stdin.take().expect("piped");
    let mut output = BufReader::new(child.stdout.take().expect("piped"));
    let mut call = |command: &str| -> Result<String, String> {
        writeln!(input, "{command}").map_err(|e| e.to_string())?;
        input.flush().map_err(|e| e.to_string())?;
        let mut reply = String::new();
        loop {
            let mut line = String::new();
            if output.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
                return Err(format!("the engine ended before replying to {command:?}"));
            }
            if line.trim().is_empty() {
                if reply.is_empty() {
                    continue;
                }
                return Ok(reply);
            }
            reply.push_str(line.trim_end());
        }
    };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let (mut moves, mut questions, mut superko, mut suicides) = (0u64, 0u64, 0u64, 0u64);
    for game_number in 0..games {
        call(&format!("boardsize {size}"))?;
        call("clear_board")?;
        let mut game = GameState::new(size, 0.0);
        // Long enough for the board to fill and empty again a few times.
        for _ in 0..3 * size * size {
            for colour in [Colour::Black, Colour::White] {
                for y in 0..size {
                    for x in 0..size {
                        let m = Move::Play(Cell::new(x, y));
                        let vertex = GtpMove::from_move(m, size);
                        let theirs = call(&format!("is_legal {} {vertex}", colour_word(colour)))?;
                        let verdict = game.check(colour, m);
                        let ours = if verdict.is_ok() { "= 1" } else { "= 0" };
                        questions += 1;
                        if theirs == "= 1" && verdict == Err(IllegalMove::Superko) {
                            superko += 1;
                            suicides += u64::from(one_stone_suicide(&game, colour, m));
                            continue;
                        }
                        if theirs != ours {
                            return Err(format!(
                                "game {game_number}, after {:?}: {} at {vertex}: engine {theirs:?}, go-core {ours:?}\n{}",
                                game.moves(),
                                colour_word(colour),
                                floodgate_go_core::gtp::board_text(game.position())
                            ));
                        }
                    }
                }
            }
            let colour = game.to_move();
            let legal = game.legal_points(colour);
            // A pass now and then, else any legal point (own eyes and suicides included).
            let m = if legal.is_empty() || rng.next_u64() % 20 == 0 {
                Move::Pass
            } else {
                Move::Play(legal[(rng.next_u64() % legal.len() as u64) as usize])
            };
            let reply = call(&format!(
                "play {} {}",
                colour_word(colour),
                GtpMove::from_move(m, size)
            ))?;
            if reply != "=" {
                return Err(format!(
                    "game {game_number}: the engine refused {m:?}: {reply}"
                ));
            }
            game.play(colour, m).expect("a legal move");
            moves += 1;
            if game.is_over() {
                break;
            }
        }
    }
    let _ = call("quit");
    println!(
        "{games} games, {moves} moves, {questions} is_legal answers: the engine and go-core agree \
         on all but {superko} moves go-core refuses by positional superko and the engine's \
         is_legal allows ({suicides} of them one-stone suicides)"
    );
    Ok(())
}

/// Whether `m` by `colour` is a one-stone suicide: its stone is removed at once and the board
/// is left as it was.
fn one_stone_suicide(game: &GameState, colour: Colour, m: Move) -> bool {
    let mut position = game.position().clone();
    if position.point(match m {
        Move::Play(v) => v,
        Move::Pass => return false,
    }) != floodgate_go_core::Point::Empty
    {
        return false;
    }
    position.set_to_move(colour);
    position.play(m);
    position.board_hash() == game.position().board_hash()
}
