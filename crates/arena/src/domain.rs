//! The Domain Expansion referee (specs/domain.md): each player is one process for the whole
//! game, spoken to in lines; 1000 ms for a player's first turn, 100 ms after; an illegal,
//! unparsable or late answer loses at once. Plus the built-in players.

use std::time::{Duration, Instant};

use domain_core::codec::parse_answer;
use domain_core::engine::evaluate;
use domain_core::state::{Action, State};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use crate::matchup::GameResult;
pub use crate::player::{Builtin, Player};
use crate::process::{Received, Session};

impl Builtin {
    /// The action this strategy picks in a Domain Expansion `state` (which must not be over).
    pub fn choose_action(self, state: &State, rng: &mut Xoshiro256PlusPlus) -> Action {
        let mut actions = Vec::new();
        state.legal_actions(&mut actions);
        match self {
            Self::Random => actions[(rng.next_u64() % actions.len() as u64) as usize],
            Self::Greedy => {
                let me = state.to_move();
                let value = |action: &Action| {
                    let next = state.play(*action);
                    if next.is_over() {
                        let domains = next.domain_sizes();
                        1_000_000
                            * (i64::from(domains[me as usize])
                                - i64::from(domains[1 - me as usize]))
                    } else {
                        -i64::from(evaluate(&next))
                    }
                };
                let best = actions.iter().map(value).max().expect("a legal action");
                let best_actions: Vec<Action> =
                    actions.into_iter().filter(|a| value(a) == best).collect();
                best_actions[(rng.next_u64() % best_actions.len() as u64) as usize]
            }
        }
    }
}

/// The time limits of a game.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// A player's first turn.
    pub first: Duration,
    /// Every later turn.
    pub later: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            first: Duration::from_millis(1000),
            later: Duration::from_millis(100),
        }
    }
}

/// A finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Names of player 0 and player 1.
    pub players: [String; 2],
    /// The actions in order (`x y D`), with the time each took in microseconds.
    pub actions: Vec<(String, u64)>,
    /// The player who lost by a bad answer, and why.
    pub forfeit: Option<(u8, String)>,
    /// Points: domain sizes, or for a forfeit -5 (illegal), -6 (unparsable) or -7 (late) for
    /// the offender and 0 for the other.
    pub points: [i64; 2],
    /// Peak resident memory of each player's process over the game, in KiB (0 for built-ins).
    pub peak_kib: [u64; 2],
}

/// Plays a game between `players` (player 0's, then player 1's); `seed` drives the built-ins.
pub fn play_game(players: [&Player; 2], seed: u64, limits: Limits) -> GameRecord {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut state = State::default();
    let mut sessions: [Option<Session>; 2] = [None, None];
    let mut last: Option<Action> = None;
    let mut record = GameRecord {
        players: players.map(Player::name),
        actions: Vec::new(),
        forfeit: None,
        points: [0, 0],
        peak_kib: [0, 0],
    };
    let mut turns = [0usize; 2];
    while !state.is_over() {
        let me = state.to_move();
        let answer = match players[me as usize] {
            Player::Builtin(builtin) => {
                let start = Instant::now();
                let action = builtin.choose_action(&state, &mut rng);
                Ok((action, start.elapsed()))
            }
            Player::Command(command) => {
                let limit = if turns[me as usize] == 0 {
                    limits.first
                } else {
                    limits.later
                };
                command_turn(&mut sessions[me as usize], command, &state, last, limit)
            }
        };
        match answer {
            Ok((action, took)) => {
                record
                    .actions
                    .push((action.to_string(), took.as_micros() as u64));
                state = state.play(action);
                last = Some(action);
                turns[me as usize] += 1;
            }
            Err((points, reason)) => {
                record.points[me as usize] = points;
                record.forfeit = Some((me, reason));
                break;
            }
        }
    }
    if record.forfeit.is_none() {
        record.points = state.domain_sizes().map(i64::from);
    }
    for (seat, session) in sessions.into_iter().enumerate() {
        if let Some(session) = session {
            record.peak_kib[seat] = session.finish(Duration::from_millis(100)).peak_rss_kib;
        }
    }
    record
}

/// One turn of an external player: start it if needed, send its input, judge its answer.
/// A forfeit comes back as the offender's points and the reason.
fn command_turn(
    session: &mut Option<Session>,
    command: &[String],
    state: &State,
    last: Option<Action>,
    limit: Duration,
) -> Result<(Action, Duration), (i64, String)> {
    let me = state.to_move();
    if session.is_none() {
        let mut started = Session::start(command).map_err(|e| (-5, e))?;
        let init = format!("7 7\n{}\n{}", state.token(me), state.token(1 - me));
        // A bot that dies at once shows up as closed output below.
        let _ = started.send(&init);
        *session = Some(started);
    }
    let session = session.as_mut().expect("started above");
    let line = last.map_or_else(|| "-1 -1 _".to_string(), |action| action.to_string());
    let _ = session.send(&line);
    match session.receive(limit) {
        Received::Line(answer, took) => match parse_answer(&answer) {
            Ok((action, _message)) if state.is_legal(action) => Ok((action, took)),
            Ok((action, _)) => Err((-5, format!("illegal action {action}"))),
            Err(error) => Err((-6, format!("unparsable answer: {error}"))),
        },
        Received::Timeout => Err((-7, format!("no answer within {} ms", limit.as_millis()))),
        Received::Closed => Err((-6, "closed its output (it exited or crashed)".to_string())),
    }
}

/// A game of a match, with the seat of player `a`.
pub type MatchGame = crate::matchup::SeatedGame<GameRecord>;

impl MatchGame {
    /// The game from player `a`'s side.
    pub fn result(&self) -> GameResult {
        let record = &self.record;
        GameResult::from_seats(
            &record.players,
            usize::from(self.a_seat),
            record.points[0] - record.points[1],
            record.peak_kib,
            record
                .actions
                .iter()
                .enumerate()
                .map(|(ply, (_, micros))| (ply % 2, *micros)),
            record
                .forfeit
                .as_ref()
                .map(|(seat, why)| (usize::from(*seat), why.as_str())),
        )
    }
}

/// Plays `pairs` pairs of games between `a` and `b`, each pair once from each seat, with the
/// built-ins seeded from `seed`.
pub fn run_match(
    a: &Player,
    b: &Player,
    pairs: usize,
    seed: u64,
    jobs: usize,
    limits: Limits,
) -> Vec<MatchGame> {
    crate::matchup::play_both_seats(a, b, pairs, jobs, |players, game| {
        play_game(players, seed.wrapping_add(game as u64 / 2), limits)
    })
}
