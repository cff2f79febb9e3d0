//! The Grow referee (docs/grow.md), as the contest's deployed judge runs bots: one
//! process per move, the grid seen from the mover's side on standard input then end of input
//! (mirrored for the second player), 2 s of wall time; the answer is one line of numbers and
//! commas (the trailing newline is optional); anything on standard error, a late, malformed
//! or invalid answer loses at once, and the exit status is ignored. A kill gives the mover
//! another move. Plus the built-in players.

use std::time::{Duration, Instant};

use grow_core::codec::format_grid;
use grow_core::engine::evaluate;
use grow_core::state::{Move, Side, State};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use crate::html::Picture;
use crate::player::{Builtin, Player, Program};
use crate::process::{Exit, run_once};
use crate::record::GameRecord;
use crate::referee::{Referee, Settings, player_limit};

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
            Self::AlphaBeta(limit) => crate::baseline::grow(state, limit),
            Self::Greedy => {
                let me = state.to_move();
                let value = |m: &Move| {
                    let (after, _) = state.play(*m);
                    if after.is_over() {
                        // A side to move without a valid move loses whatever the scores.
                        let scores = after.scores();
                        let margin = scores[me] - scores[1 - me];
                        match after.winner() {
                            Some(winner) if winner == me => 1_000_000 + margin,
                            Some(_) => -1_000_000 + margin,
                            None => 0,
                        }
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

/// The Grow referee.
#[derive(Clone, Copy, Debug)]
pub struct Grow {
    /// The limit per move.
    pub limit: Duration,
}

impl Default for Grow {
    fn default() -> Self {
        Self { limit: LIMIT }
    }
}

/// A move in `side`'s own view, from player 1's (or back: mirroring is its own inverse).
/// Side 1 sees the grid mirrored and answers in that view.
fn own_view(side: Side, m: Move) -> Move {
    if side == 0 { m } else { State::mirror_move(m) }
}

/// What a player's turn came to: the move (in player 1's view), its time and memory.
enum Turn {
    Played(Move, u64, u64),
    Forfeit(String),
}

fn turn(player: &Player, state: &State, rng: &mut Xoshiro256PlusPlus, limit: Duration) -> Turn {
    let side = state.to_move();
    match &player.program {
        Program::Builtin(builtin) => {
            let start = Instant::now();
            let m = builtin.choose_move(state, rng);
            Turn::Played(m, start.elapsed().as_micros() as u64, 0)
        }
        Program::Command(command) => {
            let run = run_once(command, format_grid(state, side).as_bytes(), limit);
            if run.timed_out {
                return Turn::Forfeit(format!("no answer within {} ms", limit.as_millis()));
            }
            if let Exit::SpawnFailed(message) = run.exit {
                return Turn::Forfeit(message);
            }
            if !run.stderr.is_empty() {
                let text = String::from_utf8_lossy(&run.stderr);
                return Turn::Forfeit(format!(
                    "wrote to standard error: {:?}",
                    text.lines().next().unwrap_or("")
                ));
            }
            // The judge ignores the exit status: a bot that crashed after a valid answer
            // still moved, and one that crashed before has an empty answer.
            let text = String::from_utf8_lossy(&run.stdout);
            let answer = match text.parse::<Move>() {
                Ok(answer) => answer,
                Err(error) => {
                    let how = match run.exit {
                        Exit::Signal(signal) => format!(" (killed by signal {signal})"),
                        _ => String::new(),
                    };
                    return Turn::Forfeit(format!("malformed answer{how}: {error}"));
                }
            };
            let m = own_view(side, answer);
            if !state.is_legal(m) {
                return Turn::Forfeit(format!("invalid move {}", text.trim_end()));
            }
            Turn::Played(m, run.elapsed.as_micros() as u64, run.peak_rss_kib)
        }
    }
}

impl Referee for Grow {
    type State = State;
    const NAME: &'static str = "grow";
    const SEATS: [&'static str; 2] = ["player 1", "player 2"];
    const LEGEND: [&'static str; 2] = crate::html::GROW_LEGEND;
    const TEXT_LEGEND: &'static str = "player 1 (moves first, seed on the left): O nodes, o \
        leaves, f frozen leaves; player 2 (seed on the right): X, x, F; . free points";

    fn new(settings: &Settings) -> Result<Self, String> {
        settings.reject(Self::NAME, true, true, true)?;
        Ok(Self {
            limit: settings.limit.unwrap_or(LIMIT),
        })
    }

    /// Every game starts from the empty grid: the seed only drives the built-ins.
    fn start(&self, _seed: u64) -> String {
        String::new()
    }

    fn play(&self, _start: &str, players: [&Player; 2], seed: u64) -> GameRecord {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let limits = players.map(|player| player_limit(player, self.limit));
        let mut record = GameRecord::new(
            Self::NAME,
            seed,
            String::new(),
            players.map(|player| player.name.clone()),
            limits.map(|limit| limit.as_millis() as u64),
        );
        let mut state = State::default();
        while !state.is_over() {
            let side: Side = state.to_move();
            match turn(players[side], &state, &mut rng, limits[side]) {
                Turn::Played(m, micros, peak) => {
                    record.push_move(side as u8, own_view(side, m).to_string(), micros, peak);
                    state = state.play(m).0;
                }
                Turn::Forfeit(reason) => {
                    record.forfeit(side as u8, reason);
                    break;
                }
            }
        }
        record.points = state.scores().map(i64::from);
        if record.forfeit.is_none() {
            record.winner = state.winner().map(|side| side as u8);
        }
        record
    }

    fn states(record: &GameRecord) -> Result<Vec<State>, String> {
        let mut states = vec![State::default()];
        for m in &record.moves {
            let state = states.last().expect("the start");
            let parsed = format!("{}\n", m.text)
                .parse::<Move>()
                .ok()
                .map(|parsed| own_view(usize::from(m.seat), parsed))
                .filter(|&parsed| state.is_legal(parsed))
                .ok_or_else(|| format!("{:?} is not a valid move here", m.text))?;
            states.push(state.play(parsed).0);
        }
        Ok(states)
    }

    fn text(state: &State, colour: bool) -> String {
        use grow_core::points::Point;
        let mut out = String::new();
        for i in 0..20 {
            for j in 0..20 {
                let point = Point::new(i, j);
                let (glyph, side) = if state.nodes(0).contains(point) {
                    ('O', Some(0))
                } else if state.nodes(1).contains(point) {
                    ('X', Some(1))
                } else if state.frozen(0).contains(point) {
                    ('f', Some(0))
                } else if state.frozen(1).contains(point) {
                    ('F', Some(1))
                } else if state.leaves(0).contains(point) {
                    ('o', Some(0))
                } else if state.leaves(1).contains(point) {
                    ('x', Some(1))
                } else {
                    ('.', None)
                };
                match side {
                    Some(0) if colour => out.push_str(&format!("\x1b[1;34m{glyph}\x1b[0m")),
                    Some(_) if colour => out.push_str(&format!("\x1b[1;31m{glyph}\x1b[0m")),
                    _ => out.push(glyph),
                }
            }
            out.push('\n');
        }
        out
    }

    fn picture(state: &State) -> Picture {
        crate::html::grow(state)
    }

    fn scores(state: &State) -> [i64; 2] {
        state.scores().map(i64::from)
    }
}
