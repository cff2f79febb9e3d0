//! The Domain Expansion referee (docs/domain.md), as CodinGame's referee runs bots: each
//! player is one process for the whole game, spoken to in lines; 1000 ms for a player's first
//! turn, 100 ms after. An illegal action loses with -5, an unparsable answer with -6, a late
//! answer or a bot that died with -7 (the opponent keeps 0). Plus the built-in players.

use std::time::{Duration, Instant};

use domain_core::codec::parse_answer;
use domain_core::engine::evaluate;
use domain_core::state::{Action, State};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use crate::html::Picture;
use crate::player::{Builtin, Player, Program};
use crate::process::{Received, Session};
use crate::record::GameRecord;
use crate::referee::{Referee, Settings, player_limit};

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
            Self::AlphaBeta(limit) => crate::baseline::domain(state, limit),
        }
    }
}

/// The judge's limit for a player's first turn.
pub const FIRST_TURN: Duration = Duration::from_millis(1000);
/// The judge's limit for every later turn.
pub const LATER_TURN: Duration = Duration::from_millis(100);

/// The Domain Expansion referee.
#[derive(Clone, Copy, Debug)]
pub struct Domain {
    /// The limit of every turn after a player's first (the first gets ten times as long).
    pub limit: Duration,
}

impl Default for Domain {
    fn default() -> Self {
        Self { limit: LATER_TURN }
    }
}

/// A player's limits: its first turn and later ones.
fn limits(player: &Player, limit: Duration) -> [Duration; 2] {
    let later = player_limit(player, limit);
    [
        FIRST_TURN.mul_f64(later.as_secs_f64() / LATER_TURN.as_secs_f64()),
        later,
    ]
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
        let mut started = Session::start(command).map_err(|e| (-7, e))?;
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
        // CodinGame counts a bot that died as one that did not answer in time.
        Received::Closed => Err((-7, "closed its output (it exited or crashed)".to_string())),
    }
}

impl Referee for Domain {
    type State = State;
    const NAME: &'static str = "domain";
    const SEATS: [&'static str; 2] = ["player 0", "player 1"];
    const LEGEND: [&'static str; 2] = crate::html::DOMAIN_LEGEND;
    const TEXT_LEGEND: &'static str = "0, 1: the tokens of player 0 (starts top-left, moves \
        first) and player 1 (bottom-right); | a wall right of a cell, - a wall below it";

    fn new(settings: &Settings) -> Result<Self, String> {
        settings.reject(Self::NAME, true, true, true)?;
        Ok(Self {
            limit: settings.limit.unwrap_or(LATER_TURN),
        })
    }

    /// Every game starts from the same position (the protocol cannot send another): the
    /// seed only drives the built-ins.
    fn start(&self, _seed: u64) -> String {
        String::new()
    }

    fn play(&self, _start: &str, players: [&Player; 2], seed: u64) -> GameRecord {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let limits = players.map(|player| limits(player, self.limit));
        let mut record = GameRecord::new(
            Self::NAME,
            seed,
            String::new(),
            players.map(|player| player.name.clone()),
            limits.map(|limits| limits[1].as_millis() as u64),
        );
        let mut state = State::default();
        let mut sessions: [Option<Session>; 2] = [None, None];
        let mut last: Option<Action> = None;
        let mut turns = [0usize; 2];
        while !state.is_over() {
            let me = usize::from(state.to_move());
            let answer = match &players[me].program {
                Program::Builtin(builtin) => {
                    let start = Instant::now();
                    let action = builtin.choose_action(&state, &mut rng);
                    Ok((action, start.elapsed()))
                }
                Program::Command(command) => {
                    let limit = limits[me][usize::from(turns[me] > 0)];
                    command_turn(&mut sessions[me], command, &state, last, limit)
                }
            };
            match answer {
                Ok((action, took)) => {
                    record.push_move(me as u8, action.to_string(), took.as_micros() as u64, 0);
                    state = state.play(action);
                    last = Some(action);
                    turns[me] += 1;
                }
                Err((points, reason)) => {
                    record.points[me] = points;
                    record.forfeit(me as u8, reason);
                    break;
                }
            }
        }
        if record.forfeit.is_none() {
            record.finish_by_points(state.domain_sizes().map(i64::from));
        }
        for (seat, session) in sessions.into_iter().enumerate() {
            if let Some(session) = session {
                record.peak_kib[seat] = session.finish(Duration::from_millis(100)).peak_rss_kib;
            }
        }
        record
    }

    fn states(record: &GameRecord) -> Result<Vec<State>, String> {
        let mut states = vec![State::default()];
        for m in &record.moves {
            let state = states.last().expect("the start");
            let action = parse_answer(&m.text)
                .ok()
                .map(|(action, _)| action)
                .filter(|&action| state.is_legal(action))
                .ok_or_else(|| format!("{:?} is not a legal action here", m.text))?;
            states.push(state.play(action));
        }
        Ok(states)
    }

    fn text(state: &State, colour: bool) -> String {
        let mut out = String::new();
        let walls = state.walls();
        let cell = |x: u8, y: u8| domain_core::board::Cell::new(x, y);
        use domain_core::board::Dir;
        for y in 0..7 {
            // The row's cells with the walls on their right, then the walls below.
            for x in 0..7 {
                let here = cell(x, y);
                let token = (0..2).find(|&p| state.token(p) == here);
                let glyph = match token {
                    Some(0) if colour => "\x1b[1;34m0\x1b[0m".to_string(),
                    Some(1) if colour => "\x1b[1;31m1\x1b[0m".to_string(),
                    Some(p) => p.to_string(),
                    None => ".".to_string(),
                };
                out.push_str(&glyph);
                if x < 6 {
                    out.push(if walls.has(here, Dir::R) { '|' } else { ' ' });
                }
            }
            out.push('\n');
            if y < 6 {
                for x in 0..7 {
                    out.push(if walls.has(cell(x, y), Dir::D) {
                        '-'
                    } else {
                        ' '
                    });
                    if x < 6 {
                        out.push(' ');
                    }
                }
                out.truncate(out.trim_end().len());
                out.push('\n');
            }
        }
        out
    }

    fn picture(state: &State) -> Picture {
        crate::html::domain(state)
    }

    fn scores(state: &State) -> [i64; 2] {
        state.domain_sizes().map(i64::from)
    }
}
