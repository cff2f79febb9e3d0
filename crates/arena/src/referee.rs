//! The one interface every game's referee implements: where games start, how a record
//! replays, how positions are shown. One game is played by the turn loop ([`crate::turn`])
//! with the referee's [`Judge`] hooks. Matches, tournaments, SPRT, JSONL and replays are
//! written once on top of it.

use std::time::Duration;

use crate::error::Error;
use crate::html::Picture;
use crate::player::{Builtin, Player};
use crate::record::{GameRecord, MoveRecord};
use crate::turn::{Judge, play};

/// What the command line says about starts and limits; a game refuses what does not apply.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// Smallest width and height of random boards.
    pub min_size: Option<usize>,
    /// Largest width and height of random boards.
    pub max_size: Option<usize>,
    /// Cram: pre-fill about this percentage of the cells.
    pub prefill_percent: Option<u32>,
    /// A start position read from a file (its text), played in every game instead of random
    /// starts.
    pub start: Option<String>,
}

/// A setting a game has no use for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unused {
    /// `--min-size` and `--max-size`.
    Sizes,
    /// `--prefill`.
    Prefill,
    /// `--board`.
    Start,
}

impl Settings {
    /// An error if any of the `unused` settings of `game` is set.
    pub fn refuse(&self, game: &'static str, unused: &[Unused]) -> Result<(), Error> {
        let set = |setting: &Unused| match setting {
            Unused::Sizes => self.min_size.is_some() || self.max_size.is_some(),
            Unused::Prefill => self.prefill_percent.is_some(),
            Unused::Start => self.start.is_some(),
        };
        match unused.iter().find(|setting| set(setting)) {
            Some(Unused::Sizes) => Err(does_not_apply("--min-size/--max-size", game)),
            Some(Unused::Prefill) => Err(does_not_apply("--prefill", game)),
            Some(Unused::Start) => Err(does_not_apply("--board", game)),
            None => Ok(()),
        }
    }

    /// An error if any start setting is set: `game`'s start is fixed.
    pub fn refuse_starts(&self, game: &'static str) -> Result<(), Error> {
        self.refuse(game, &[Unused::Sizes, Unused::Prefill, Unused::Start])
    }

    /// The smallest and largest sizes, each `default` where unset, checked against
    /// `1..=max_side`.
    pub fn sizes_or(
        &self,
        default: (usize, usize),
        max_side: usize,
    ) -> Result<(usize, usize), Error> {
        let (low, high) = (
            self.min_size.unwrap_or(default.0),
            self.max_size.unwrap_or(default.1),
        );
        if low < 1 || low > high || high > max_side {
            let words = format!("sizes must satisfy 1 <= min <= max <= {max_side}");
            return Err(Error::Setting(words));
        }
        Ok((low, high))
    }
}

/// The error of an `option` that does not apply to `game`.
fn does_not_apply(option: &'static str, game: &'static str) -> Error {
    Error::DoesNotApply { option, game }
}

/// How `arena player GAME NAME` plays a built-in over the game's protocol.
pub type Serve = fn(Builtin) -> Result<(), Error>;

/// One game's referee, exactly as its judge runs bots.
pub trait Referee: Judge + Sized {
    /// What a replay shows at each step.
    type State;

    /// The game's name on the command line and in records.
    const NAME: &'static str;

    /// The game and its judge's protocol in a few words, for the command line's help.
    const SUMMARY: &'static str;

    /// The seats' names (who moves first, then the other), as the game's statement calls them.
    const SEATS: [&'static str; 2];

    /// The judge's limit per move (or turn), for a player without a limit of its own
    /// ([`Player::limit`]).
    const LIMIT: Duration;

    /// How a built-in plays as a process of its own (`self:NAME`), where the game has that.
    const SERVE: Option<Serve>;

    /// The referee for `settings`, or why they do not apply to this game.
    fn new(settings: &Settings) -> Result<Self, Error>;

    /// The start of a game drawn from `seed` (both games of a board pair use the same seed);
    /// by default empty: every game starts alike, and the seed only drives the built-ins.
    fn start(&self, _seed: u64) -> String {
        String::new()
    }

    /// Plays one game from `start` between `players` (seat 0, then seat 1); `seed` drives the
    /// built-ins.
    fn play(&self, start: &str, players: [&Player; 2], seed: u64) -> GameRecord {
        play(self, Self::NAME, Self::LIMIT, start, players, seed)
    }

    /// The states of a recorded game: the start, then the state after each move.
    fn states(record: &GameRecord) -> Result<Vec<Self::State>, Error>;

    /// A state as text, with terminal colours or without.
    fn text(state: &Self::State, colour: bool) -> String;

    /// How to read [`Referee::text`]: what the characters are and whose they are.
    const TEXT_LEGEND: &'static str;

    /// A state as a picture (the `picture` module of the game's folder).
    const PICTURE: fn(&Self::State) -> Picture;

    /// Each seat's score in a state.
    fn scores(state: &Self::State) -> [i64; 2];

    /// How each seat is shown in pictures (its colour or marker), for the legend.
    const LEGEND: [&'static str; 2];
}

/// The states of a recorded game: `start`, then the state after each move, which `next` plays
/// on the state before it (`None` where the rules refuse the move, a `what` in the error).
pub fn replay_moves<S>(
    start: S,
    record: &GameRecord,
    what: &str,
    mut next: impl FnMut(&S, &MoveRecord) -> Option<S>,
) -> Result<Vec<S>, Error> {
    let mut states = vec![start];
    for m in &record.moves {
        let before = states.last().expect("the start");
        let refused = || Error::Record(format!("{:?} is not a {what} here", m.text));
        let after = next(before, m).ok_or_else(refused)?;
        states.push(after);
    }
    Ok(states)
}
