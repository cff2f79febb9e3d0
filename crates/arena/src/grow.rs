//! The Grow referee (specs/grow.md), following the statement: one process per move, the grid
//! seen from the mover's side on standard input then end of input (mirrored for the second
//! player), 2 s of wall time; the answer must be exactly one line of numbers and commas
//! ending in `\n`; anything on standard error, a non-zero exit, a late, malformed or invalid
//! answer loses at once. A kill gives the mover another move. Plus the built-in players.

use std::time::{Duration, Instant};

use grow_core::codec::format_grid;
use grow_core::engine::evaluate;
use grow_core::state::{Move, Side, State};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use crate::matchup::GameResult;
pub use crate::player::{Builtin, Player};
use crate::process::{Exit, run_once};

/// The judge's limit per move.
pub const LIMIT: Duration = Duration::from_secs(2);

impl Builtin {
    /// The move this strategy plays in `state` (not over), for the side to move.
    ///
    /// Random: uniform over the valid moves. Greedy: the move whose position after it
    /// evaluates best for the mover (the evaluation of the engine, one ply deep), ties at
    /// random.
    pub fn choose_move(self, state: &State, rng: &mut Xoshiro256PlusPlus) -> Move {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let pick = |moves: &[Move], rng: &mut Xoshiro256PlusPlus| {
            moves[(rng.next_u64() % moves.len() as u64) as usize]
        };
        match self {
            Self::Random => pick(&moves, rng),
            Self::Greedy => {
                let me = state.to_move();
                let value = |m: &Move| {
                    let (after, _) = state.play(*m);
                    if after.is_over() {
                        let scores = after.scores();
                        1_000_000 * (scores[me] - scores[1 - me])
                    } else if after.to_move() == me {
                        evaluate(&after)
                    } else {
                        -evaluate(&after)
                    }
                };
                let values: Vec<i32> = moves.iter().map(value).collect();
                let best = values.iter().copied().max().expect("a valid move");
                let best_moves: Vec<Move> = moves
                    .iter()
                    .zip(&values)
                    .filter(|&(_, &v)| v == best)
                    .map(|(&m, _)| m)
                    .collect();
                pick(&best_moves, rng)
            }
        }
    }
}

/// A move of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// The side that moved.
    pub side: u8,
    /// The answer as the mover wrote it (in its own view), without the newline.
    pub answer: String,
    /// Wall time, in microseconds (process start to exit for external players).
    pub micros: u64,
    /// Peak resident memory of the process, in KiB (0 for built-ins).
    pub peak_rss_kib: u64,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Names of player 1 (seed on column 0, moves first) and player 2.
    pub players: [String; 2],
    /// The moves in order.
    pub moves: Vec<MoveRecord>,
    /// The side that lost by a bad answer, and why.
    pub forfeit: Option<(u8, String)>,
    /// Final scores.
    pub scores: [i32; 2],
    /// The winner (`None` for a draw).
    pub winner: Option<u8>,
}

/// What a player's turn came to.
enum Turn {
    Played(Move, MoveRecord),
    Forfeit(String),
}

fn turn(player: &Player, state: &State, rng: &mut Xoshiro256PlusPlus, limit: Duration) -> Turn {
    let side = state.to_move();
    // The mover's own view: side 1 sees the grid mirrored, and answers in it.
    let own = |m: Move| if side == 0 { m } else { State::mirror_move(m) };
    match player {
        Player::Builtin(builtin) => {
            let start = Instant::now();
            let m = builtin.choose_move(state, rng);
            Turn::Played(
                m,
                MoveRecord {
                    side: side as u8,
                    answer: own(m).to_string(),
                    micros: start.elapsed().as_micros() as u64,
                    peak_rss_kib: 0,
                },
            )
        }
        Player::Command(command) => {
            let run = run_once(command, format_grid(state, side).as_bytes(), limit);
            if run.timed_out {
                return Turn::Forfeit(format!("no answer within {} ms", limit.as_millis()));
            }
            if !run.stderr.is_empty() {
                let line = String::from_utf8_lossy(&run.stderr);
                return Turn::Forfeit(format!(
                    "wrote to standard error: {:?}",
                    line.lines().next().unwrap_or("")
                ));
            }
            match run.exit {
                Exit::Code(0) => {}
                Exit::Code(code) => return Turn::Forfeit(format!("exited with status {code}")),
                Exit::Signal(signal) => {
                    return Turn::Forfeit(format!("killed by signal {signal} (a crash)"));
                }
                Exit::SpawnFailed(message) => return Turn::Forfeit(message),
            }
            let text = String::from_utf8_lossy(&run.stdout);
            let answer = match text.parse::<Move>() {
                Ok(answer) => answer,
                Err(error) => return Turn::Forfeit(format!("malformed answer: {error}")),
            };
            let m = own(answer);
            if !state.is_legal(m) {
                return Turn::Forfeit(format!("invalid move {}", text.trim_end()));
            }
            Turn::Played(
                m,
                MoveRecord {
                    side: side as u8,
                    answer: answer.to_string(),
                    micros: run.elapsed.as_micros() as u64,
                    peak_rss_kib: run.peak_rss_kib,
                },
            )
        }
    }
}

/// Plays a game between `players` (player 1's, then player 2's), each move within `limit`;
/// `seed` drives the built-ins.
pub fn play_game(players: [&Player; 2], seed: u64, limit: Duration) -> GameRecord {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut state = State::default();
    let mut record = GameRecord {
        players: players.map(Player::name),
        moves: Vec::new(),
        forfeit: None,
        scores: [0, 0],
        winner: None,
    };
    while !state.is_over() {
        let side: Side = state.to_move();
        match turn(players[side], &state, &mut rng, limit) {
            Turn::Played(m, move_record) => {
                record.moves.push(move_record);
                state = state.play(m).0;
            }
            Turn::Forfeit(reason) => {
                record.forfeit = Some((side as u8, reason));
                record.winner = Some(1 - side as u8);
                break;
            }
        }
    }
    record.scores = state.scores();
    if record.forfeit.is_none() {
        record.winner = state.winner().map(|side| side as u8);
    }
    record
}

/// A game of a match, with the seat of player `a`.
pub type MatchGame = crate::matchup::SeatedGame<GameRecord>;

impl MatchGame {
    /// The game from player `a`'s side: the score difference, or for a forfeit the
    /// difference but at least 1 in the winner's favour.
    pub fn result(&self) -> GameResult {
        let record = &self.record;
        let difference = i64::from(record.scores[0] - record.scores[1]);
        let seat_0_margin = match record.winner {
            Some(0) => difference.max(1),
            Some(_) => difference.min(-1),
            None => 0,
        };
        let mut peak_kib = [0; 2];
        for m in &record.moves {
            peak_kib[usize::from(m.side)] = peak_kib[usize::from(m.side)].max(m.peak_rss_kib);
        }
        GameResult::from_seats(
            &record.players,
            usize::from(self.a_seat),
            seat_0_margin,
            peak_kib,
            record.moves.iter().map(|m| (usize::from(m.side), m.micros)),
            record
                .forfeit
                .as_ref()
                .map(|(seat, why)| (usize::from(*seat), why.as_str())),
        )
    }
}

/// Plays `pairs` pairs of games between `a` and `b`, each pair once from each seat.
pub fn run_match(
    a: &Player,
    b: &Player,
    pairs: usize,
    seed: u64,
    jobs: usize,
    limit: Duration,
) -> Vec<MatchGame> {
    crate::matchup::play_both_seats(a, b, pairs, jobs, |players, game| {
        play_game(players, seed.wrapping_add(game as u64), limit)
    })
}
