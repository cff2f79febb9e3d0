//! The Flood Wars referee: one process per move, exactly as the judge runs bots
//! (specs/floodwars.md), plus the built-in players and random boards.

use std::time::{Duration, Instant};

use floodwars_core::codec::parse;
use floodwars_core::{Colour, Position, Side};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

pub use crate::player::{Builtin, Player};
use crate::process::{Exit, run_once};

impl Builtin {
    /// The colour this strategy picks in a Flood Wars `position`.
    pub fn choose_colour(self, position: &Position) -> Colour {
        let moves = position.legal_moves();
        match self {
            Self::Random => {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(position.hash());
                let moves: Vec<Colour> = moves.collect();
                moves[(rng.next_u64() % moves.len() as u64) as usize]
            }
            Self::Greedy => {
                let mover = position.to_move();
                let mut best = None;
                for colour in moves {
                    let size = position.play(colour).area(mover).len();
                    if best.is_none_or(|(best_size, _)| size > best_size) {
                        best = Some((size, colour));
                    }
                }
                best.expect("three legal colours").1
            }
        }
    }

    /// The answer a Flood Wars bot with this strategy gives to a judge input (for `arena player`).
    pub fn answer(self, input: &[u8]) -> Result<String, floodwars_core::ParseError> {
        let position = parse(input)?;
        Ok(position.play(self.choose_colour(&position)).to_string())
    }
}

/// One move of a game as the referee saw it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveRecord {
    /// The colour picked, as its board character.
    pub colour: char,
    /// Wall time of the move in microseconds (process start to exit for a command).
    pub micros: u64,
    /// Peak resident memory of the bot's process in KiB (0 for a built-in).
    pub peak_rss_kib: u64,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The board the game started from, rows separated by `\n`.
    pub board: String,
    /// Who played J and who played S.
    pub players: [String; 2],
    /// The moves, J's first.
    pub moves: Vec<MoveRecord>,
    /// The side that lost by a bad move, a malformed answer, a crash or a timeout, and why.
    pub forfeit: Option<(char, String)>,
    /// Final points of J and S (a forfeit gives the other side width x height points).
    pub points: [i64; 2],
}

impl GameRecord {
    /// J's points minus S's.
    pub fn margin(&self) -> i64 {
        self.points[0] - self.points[1]
    }

    /// The starting position (J to move).
    pub fn start(&self) -> Position {
        parse(format!("J\n{}\n", self.board).as_bytes()).expect("a recorded board parses")
    }
}

/// What a player's turn came to.
enum Turn {
    Played(MoveRecord, Colour),
    Forfeit(String),
}

fn turn(player: &Player, position: &Position, limit: Duration) -> Turn {
    match player {
        Player::Builtin(builtin) => {
            let start = Instant::now();
            let colour = builtin.choose_colour(position);
            let micros = start.elapsed().as_micros() as u64;
            Turn::Played(
                MoveRecord {
                    colour: colour.to_byte() as char,
                    micros,
                    peak_rss_kib: 0,
                },
                colour,
            )
        }
        Player::Command(command) => {
            let run = run_once(command, position.to_string().as_bytes(), limit);
            let first_stderr_line = || {
                String::from_utf8_lossy(&run.stderr)
                    .lines()
                    .next()
                    .unwrap_or("")
                    .to_string()
            };
            if run.timed_out {
                return Turn::Forfeit(format!("timed out after {} ms", limit.as_millis()));
            }
            match run.exit {
                Exit::Code(0) => {}
                Exit::Code(code) => {
                    return Turn::Forfeit(format!(
                        "exited with status {code}: {}",
                        first_stderr_line()
                    ));
                }
                Exit::Signal(signal) => {
                    return Turn::Forfeit(format!("killed by signal {signal} (a crash)"));
                }
                Exit::SpawnFailed(message) => return Turn::Forfeit(message),
            }
            let legal = position
                .legal_moves()
                .find(|&c| position.play(c).to_string().as_bytes() == run.stdout);
            match legal {
                Some(colour) => Turn::Played(
                    MoveRecord {
                        colour: colour.to_byte() as char,
                        micros: run.elapsed.as_micros() as u64,
                        peak_rss_kib: run.peak_rss_kib,
                    },
                    colour,
                ),
                None => Turn::Forfeit(describe_bad_answer(position, &run.stdout)),
            }
        }
    }
}

/// Why an answer is not the board after a legal move.
fn describe_bad_answer(position: &Position, answer: &[u8]) -> String {
    let expected_letter = position.to_move().other().letter();
    match parse(answer) {
        Err(error) => format!("malformed answer: {error}"),
        Ok(answer) if answer.to_move().letter() != expected_letter => {
            format!("the answer must start with {expected_letter}")
        }
        Ok(_) => "the answer is not the board after a legal move".to_string(),
    }
}

/// Plays a game from `start` (J to move) between `players` (J's, then S's), each move within
/// `limit` of wall time. The game ends as specs/floodwars.md says, or at the first forfeit.
pub fn play_game(start: &Position, players: [&Player; 2], limit: Duration) -> GameRecord {
    let board = start
        .to_string()
        .split_once('\n')
        .map(|(_, rows)| rows.trim_end().to_string())
        .unwrap_or_default();
    let mut position = start.clone();
    let mut moves = Vec::new();
    let mut forfeit = None;
    while !position.is_over() {
        let side = position.to_move();
        match turn(players[side.index()], &position, limit) {
            Turn::Played(record, colour) => {
                moves.push(record);
                position = position.play(colour);
            }
            Turn::Forfeit(reason) => {
                forfeit = Some((side, reason));
                break;
            }
        }
    }
    let points = match &forfeit {
        Some((side, _)) => {
            let all = (position.width() * position.height()) as i64;
            if *side == Side::J { [0, all] } else { [all, 0] }
        }
        None => {
            let score = position.score();
            [score.j as i64, score.s as i64]
        }
    };
    GameRecord {
        board,
        players: players.map(Player::name),
        moves,
        forfeit: forfeit.map(|(side, reason)| (side.letter(), reason)),
        points,
    }
}

/// A random board of `width x height` (each cell's colour uniform; the corners differ), J to
/// move. Panics on a board of fewer than two cells, whose corners cannot differ.
pub fn random_board(width: usize, height: usize, seed: u64) -> Position {
    assert!(width * height >= 2, "a board needs two corners");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut rows: Vec<Vec<Colour>> = (0..height)
        .map(|_| {
            (0..width)
                .map(|_| Colour::ALL[(rng.next_u64() % 5) as usize])
                .collect()
        })
        .collect();
    while rows[0][width - 1] == rows[height - 1][0] {
        rows[0][width - 1] = Colour::ALL[(rng.next_u64() % 5) as usize];
    }
    Position::new(&rows, Side::J, 0).expect("a valid random board")
}
