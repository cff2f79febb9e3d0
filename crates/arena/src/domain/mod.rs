//! Domain Expansion: the referee, as CodinGame's referee runs bots (docs/domain.md): each
//! player is one process for the whole game, spoken to in lines; 1000 ms for a player's first
//! turn, 100 ms after. An illegal action loses with -5, an unparsable answer with -6, a late
//! answer or a bot that died with -7 (the opponent keeps 0). Plus the built-in players
//! ([`builtins`]), the `alphabeta` baseline ([`baseline`]) and the replay picture
//! ([`picture`]).

pub mod baseline;
pub mod builtins;
pub mod picture;

use std::time::Duration;

use domain_core::codec::parse_answer;
use domain_core::state::{Action, State};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::error::Error;
use crate::html::Picture;
use crate::player::Builtin;
use crate::process::Session;
use crate::record::GameRecord;
use crate::referee::{Referee, Serve, Settings, replay_moves};
use crate::termination::{Awaited, Loss};
use crate::turn::{Answer, Judge, Points, Turn, exchange};

/// The judge's limit for a player's first turn.
pub const FIRST_TURN: Duration = Duration::from_millis(1000);
/// The judge's limit for every later turn.
pub const LATER_TURN: Duration = Duration::from_millis(100);

/// The Domain Expansion referee (every game starts alike: it has no settings).
#[derive(Clone, Copy, Debug, Default)]
pub struct Domain;

/// Starts a player's process on its first turn and sends it the initial lines.
fn start(command: &[String], state: &State) -> Result<Session, Loss> {
    let mut session = Session::start(command).map_err(|e| Loss::CannotStart(e.to_string()))?;
    let me = state.to_move();
    let init = format!("7 7\n{}\n{}", state.token(me), state.token(1 - me));
    // A bot that dies at once shows up as closed output below.
    let _ = session.send(&init);
    Ok(session)
}

impl Judge for Domain {
    type Position = State;
    type Move = Action;
    /// A player's process, started on its first turn.
    type Link = Session;

    /// Every game starts from the same position (the protocol cannot send another).
    fn position(&self, _: &str) -> State {
        State::default()
    }

    fn to_move(&self, state: &State) -> Option<usize> {
        (!state.is_over()).then(|| usize::from(state.to_move()))
    }

    fn builtin_move(
        &self,
        builtin: Builtin,
        state: &State,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Action {
        builtin.choose_action(state, rng)
    }

    /// Starts the process on the player's first turn (whose limit is scaled with the later
    /// ones'), sends the last action and judges the answer.
    fn ask(
        &self,
        link: &mut Option<Session>,
        turn: Turn<'_, State>,
    ) -> Result<Answer<Action>, Loss> {
        let state = turn.position;
        let session = match link {
            Some(session) => session,
            None => link.insert(start(turn.command, state)?),
        };
        let limit = if turn.first {
            FIRST_TURN.mul_f64(turn.limit.as_secs_f64() / LATER_TURN.as_secs_f64())
        } else {
            turn.limit
        };
        let line = turn.last.unwrap_or("-1 -1 _");
        // CodinGame counts a bot that died as one that did not answer in time.
        let (answer, took) = exchange(session, line, limit, Awaited::Answer)?;
        match parse_answer(&answer) {
            Ok((played, _message)) if state.is_legal(played) => Ok(Answer::timed(played, took)),
            Ok((action, _)) => Err(Loss::Illegal(format!("illegal action {action}"))),
            Err(error) => Err(Loss::Malformed(format!("unparsable answer: {error}"))),
        }
    }

    fn notation(&self, _: &State, _: usize, action: Action) -> String {
        action.to_string()
    }

    fn apply(&self, state: &mut State, _: usize, action: Action) {
        *state = state.play(action);
    }

    fn close(&self, session: Session) -> u64 {
        session.finish(Duration::from_millis(100)).peak_rss_kib
    }

    fn final_points(&self, state: &State) -> Points {
        Points::higher_wins(Self::scores(state))
    }

    /// CodinGame's: the offender gets -5 for an illegal action, -6 for an unparsable answer,
    /// -7 for no answer; the other 0.
    fn forfeit_points(&self, _: &State, seat: usize, loss: &Loss) -> [i64; 2] {
        let mut points = [0; 2];
        points[seat] = match loss {
            Loss::Illegal(_) => -5,
            Loss::Malformed(_) => -6,
            _ => -7,
        };
        points
    }
}

impl Referee for Domain {
    type State = State;
    const NAME: &'static str = "domain";
    const SUMMARY: &'static str =
        "Domain Expansion (one process per game; 1000 ms first turn, 100 ms after)";
    const SEATS: [&'static str; 2] = ["player 0", "player 1"];
    /// The limit of every turn after a player's first (the first gets ten times as long).
    const LIMIT: Duration = LATER_TURN;
    const SERVE: Option<Serve> = Some(builtins::serve);
    const LEGEND: [&'static str; 2] = picture::LEGEND;
    const PICTURE: fn(&Self::State) -> Picture = picture::picture;
    const TEXT_LEGEND: &'static str = "0, 1: the tokens of player 0 (starts top-left, moves \
        first) and player 1 (bottom-right); | a wall right of a cell, - a wall below it";

    fn new(settings: &Settings) -> Result<Self, Error> {
        settings.refuse_starts(Self::NAME)?;
        Ok(Self)
    }

    fn states(record: &GameRecord) -> Result<Vec<State>, Error> {
        replay_moves(State::default(), record, "legal action", |state, m| {
            let (action, _) = parse_answer(&m.text).ok()?;
            state.is_legal(action).then(|| state.play(action))
        })
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

    fn scores(state: &State) -> [i64; 2] {
        state.domain_sizes().map(i64::from)
    }
}
