//! Domain Expansion: the referee, as CodinGame's referee runs bots (docs/domain.md): each
//! player is one process for the whole game, spoken to in lines; 1000 ms for a player's first
//! turn, 100 ms after. An illegal action loses with -5, an unparsable answer with -6, a late
//! answer or a bot that died with -7 (the opponent keeps 0). Every game starts from the same
//! position; a start file chooses the games' seeds ([`start`]). Plus the built-in players
//! ([`builtins`]), the `alphabeta` and `reach` baselines ([`baseline`]) and the replay: states, text and
//! pictures ([`picture`]).

pub mod baseline;
pub mod builtins;
pub mod picture;
pub mod start;

use std::time::Duration;

use floodgate_domain_core::codec::parse_answer;
use floodgate_domain_core::state::{Action, State};
use rand_xoshiro::Xoshiro256PlusPlus;

pub use start::DomainStart;

use crate::error::Error;
use crate::player::Builtin;
use crate::process::{ProcessLimits, Session};
use crate::referee::{Referee, Serve, Settings, Unused};
use crate::replay::Replay;
use crate::start_file::StartList;
use crate::termination::{Awaited, Loss};
use crate::turn::{FinalPoints, Judge, Reply, Turn, exchange};

/// The judge's limit for a player's first turn.
pub const FIRST_TURN: Duration = Duration::from_millis(1000);
/// The judge's limit for every later turn.
pub const LATER_TURN: Duration = Duration::from_millis(100);

/// The Domain Expansion referee: every game starts alike; a start file gives the games'
/// seeds.
#[derive(Clone, Debug, Default)]
pub struct Domain {
    /// The seeds of a start file (or the one of `--board`), played instead of the pairs' own.
    pub listed: Option<StartList<DomainStart>>,
}

/// Starts a player's process on its first turn and sends it the initial lines.
fn start_process(
    command: &[String],
    state: &State,
    limits: &ProcessLimits,
) -> Result<Session, Loss> {
    let mut session =
        Session::start(command, limits).map_err(|e| Loss::CannotStart(e.to_string()))?;
    let me = state.to_move();
    let init = format!("7 7\n{}\n{}", state.token(me), state.token(1 - me));
    // A bot that dies at once shows up as closed output below.
    let _ = session.send(&init);
    Ok(session)
}

impl Judge for Domain {
    type Start = DomainStart;
    type Position = State;
    type Move = Action;
    /// A player's process, started on its first turn.
    type Link = Session;

    /// Every game starts from the same position (the protocol cannot send another).
    fn position(&self, _: &DomainStart) -> State {
        State::default()
    }

    fn to_move(&self, state: &State) -> Option<usize> {
        (!state.is_over()).then(|| usize::from(state.to_move()))
    }

    /// Every built-in plays Domain Expansion, `reach` included.
    fn check_builtin(_: Builtin) -> Result<(), Loss> {
        Ok(())
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
    ) -> Result<Reply<Action>, Loss> {
        let state = turn.position;
        let session = match link {
            Some(session) => session,
            None => link.insert(start_process(turn.command, state, &turn.limits)?),
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
            Ok((played, _message)) if state.is_legal(played) => Ok(Reply::timed(played, took)),
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

    fn final_points(&self, state: &State) -> FinalPoints {
        FinalPoints::higher_wins(Self::scores(state))
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
    const NAME: &'static str = "domain";
    /// The limit of every turn after a player's first (the first gets ten times as long).
    const LIMIT: Duration = LATER_TURN;
    const SERVE: Serve = builtins::serve;

    /// Seeds from a start file (`--starts`, `--board`); no sizes, pre-fill, adjudication or
    /// clock.
    fn new(settings: &Settings) -> Result<Self, Error> {
        settings.refuse(Self::NAME, &Unused::ALL_BUT_STARTS)?;
        Ok(Self {
            listed: settings.start_list()?,
        })
    }

    fn listed(&self) -> Option<&StartList<DomainStart>> {
        self.listed.as_ref()
    }

    /// The fixed start with the pair's own seed.
    fn start(&self, _: u64) -> DomainStart {
        DomainStart::PairSeed
    }

    /// A listed seed, else the pair's.
    fn game_seed(start: &DomainStart, pair_seed: u64) -> u64 {
        start.game_seed(pair_seed)
    }
}
