//! Grow: the referee, as the contest's deployed judge runs bots (docs/grow.md): one process
//! per move, the grid seen from the mover's side on standard input then end of input
//! (mirrored for the second player), 2 s of wall time; the answer is one line of numbers and
//! commas (the trailing newline is optional); anything on standard error, a late, malformed
//! or invalid answer loses at once, and the exit status is ignored. A kill gives the mover
//! another move. A game starts from the empty grid or after an opening ([`opening`]; balanced
//! openings: [`balance`]). Plus the built-in players ([`builtins`]), the `alphabeta` baseline
//! ([`baseline`]) and the replay: states, text and pictures ([`picture`]).

pub mod balance;
pub mod baseline;
pub mod builtins;
pub mod opening;
pub mod picture;

use std::time::Duration;

use floodgate_grow_core::codec::format_grid;
use floodgate_grow_core::state::{Move, Side, State};
use rand_xoshiro::Xoshiro256PlusPlus;

pub use opening::GrowOpening;

use crate::error::Error;
use crate::player::Builtin;
use crate::process::{Exit, run_once};
use crate::referee::{Balance, Referee, Serve, Settings, Unused};
use crate::replay::Replay;
use crate::start_file::StartList;
use crate::termination::{Awaited, Loss};
use crate::turn::{FinalPoints, Judge, Reply, Turn};

/// The judge's limit per move.
pub const LIMIT: Duration = Duration::from_secs(2);

/// The Grow referee: every game starts from the empty grid, unless a start file gives
/// openings.
#[derive(Clone, Debug, Default)]
pub struct Grow {
    /// The openings of a start file (or the one of `--board`), played instead of the empty grid.
    pub listed: Option<StartList<GrowOpening>>,
}

/// A move in `side`'s own view, from player 1's (or back: mirroring is its own inverse).
/// Side 1 sees the grid mirrored and answers in that view.
fn own_view(side: Side, m: Move) -> Move {
    if side == 0 { m } else { State::mirror_move(m) }
}

impl Judge for Grow {
    type Start = GrowOpening;
    type Position = State;
    /// A move in player 1's view.
    type Move = Move;
    type Link = ();

    /// The statement's 8 MB of peak resident memory (stated; the deployed judge did not
    /// measure it).
    const MEMORY_LIMIT_MIB: Option<u64> = Some(8);

    /// The grid after the opening (the empty grid without one).
    fn position(&self, opening: &GrowOpening) -> State {
        opening.position()
    }

    fn to_move(&self, state: &State) -> Option<usize> {
        (!state.is_over()).then(|| state.to_move())
    }

    fn builtin_move(&self, builtin: Builtin, state: &State, rng: &mut Xoshiro256PlusPlus) -> Move {
        builtin.choose_move(state, rng)
    }

    fn ask(&self, _: &mut Option<()>, turn: Turn<'_, State>) -> Result<Reply<Move>, Loss> {
        let (state, limit) = (turn.position, turn.limit);
        let side = state.to_move();
        let run = run_once(
            turn.command,
            format_grid(state, side).as_bytes(),
            limit,
            &turn.limits,
        );
        turn.check_limits(&run)?;
        if run.timed_out {
            return Err(Loss::late(Awaited::Answer, limit));
        }
        if let Exit::SpawnFailed(message) = run.exit {
            return Err(Loss::CannotStart(message));
        }
        if !run.stderr.is_empty() {
            let first_line = run.stderr_first_line();
            return Err(Loss::WroteToStandardError { first_line });
        }
        // The judge ignores the exit status: a bot that crashed after a valid answer
        // still moved, and one that crashed before has an empty answer.
        let text = String::from_utf8_lossy(&run.stdout);
        let answer = text.parse::<Move>().map_err(|error| {
            let how = match run.exit {
                Exit::Signal(signal) => format!(" (killed by signal {signal})"),
                _ => String::new(),
            };
            Loss::Malformed(format!("malformed answer{how}: {error}"))
        })?;
        let played = own_view(side, answer);
        if !state.is_legal(played) {
            return Err(Loss::Illegal(format!("invalid move {}", text.trim_end())));
        }
        Ok(Reply {
            played,
            took: run.elapsed,
            peak_kib: run.peak_rss_kib,
        })
    }

    /// The move in the mover's own view, as it answered.
    fn notation(&self, _: &State, seat: usize, played: Move) -> String {
        own_view(seat, played).to_string()
    }

    fn apply(&self, state: &mut State, _: usize, played: Move) {
        *state = state.play(played).0;
    }

    /// The scores, and the rules' winner (a side to move without a valid move loses whatever
    /// the scores).
    fn final_points(&self, state: &State) -> FinalPoints {
        FinalPoints {
            points: Self::scores(state),
            winner: state.winner().map(|side| side as u8),
        }
    }

    /// The scores as they stand.
    fn forfeit_points(&self, state: &State, _: usize, _: &Loss) -> [i64; 2] {
        Self::scores(state)
    }
}

impl Referee for Grow {
    const NAME: &'static str = "grow";
    const LIMIT: Duration = LIMIT;
    const SERVE: Serve = builtins::serve;
    const BALANCE: Option<Balance<Self>> = Some(balance::candidate);

    /// Openings from a start file (`--starts`, `--board`); no sizes, pre-fill, adjudication or
    /// clock.
    fn new(settings: &Settings) -> Result<Self, Error> {
        settings.refuse(Self::NAME, &Unused::ALL_BUT_STARTS)?;
        Ok(Self {
            listed: settings.start_list()?,
        })
    }

    fn listed(&self) -> Option<&StartList<GrowOpening>> {
        self.listed.as_ref()
    }

    /// The empty grid: a drawn start has no opening.
    fn start(&self, _: u64) -> GrowOpening {
        GrowOpening::default()
    }
}
