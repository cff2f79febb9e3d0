//! The one interface every game's referee implements: its name and limit, which settings apply,
//! where games start. One game is played by the turn loop ([`crate::turn`]) with the referee's
//! [`Judge`] hooks; what a record replays to and how its positions are shown is the game's
//! [`Replay`]. Matches, tournaments, SPRT, JSONL and replays are written once on top of it.

use std::time::Duration;

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::Rng;

use std::str::FromStr;

use crate::clock::TimeControl;
use crate::error::Error;
use crate::player::{Builtin, Player};
use crate::record::{GameRecord, MatchLine};
use crate::replay::Replay;
use crate::start_file::{StartList, StartSource};
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
    /// The starts of a file (`--starts`, or `--board` for one), played instead of the starts
    /// the referee draws.
    pub starts: Option<StartSource>,
    /// End a game as soon as its outcome is known (Cram: the solver values the position
    /// within a small budget; Go: both engines' scores agree), recording it as adjudicated.
    pub adjudicate: bool,
    /// Go: the moves in a row after which both engines must have agreed.
    pub resign_moves: Option<u32>,
    /// Go: the smallest lead, in points, that counts as agreeing.
    pub resign_score: Option<u32>,
    /// A clock over the whole game for each program (`--tc`), where the judge's protocol has
    /// one (Go).
    pub time_control: Option<TimeControl>,
}

/// A setting a game has no use for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unused {
    /// `--min-size` and `--max-size`.
    Sizes,
    /// `--prefill`.
    Prefill,
    /// `--adjudicate`.
    Adjudicate,
    /// `--resign-moves` and `--resign-score`.
    Resign,
    /// `--tc`: the judge holds each move to a fixed limit.
    TimeControl,
}

impl Unused {
    /// Every setting but the start files: what a game whose only setting is its starts refuses.
    pub const ALL_BUT_STARTS: [Self; 5] = [
        Self::Sizes,
        Self::Prefill,
        Self::Adjudicate,
        Self::Resign,
        Self::TimeControl,
    ];
}

impl Settings {
    /// An error if any of the `unused` settings of `game` is set.
    pub fn refuse(&self, game: &'static str, unused: &[Unused]) -> Result<(), Error> {
        let set = |setting: &Unused| match setting {
            Unused::Sizes => self.min_size.is_some() || self.max_size.is_some(),
            Unused::Prefill => self.prefill_percent.is_some(),
            Unused::Adjudicate => self.adjudicate,
            Unused::Resign => self.resign_moves.is_some() || self.resign_score.is_some(),
            Unused::TimeControl => self.time_control.is_some(),
        };
        match unused.iter().find(|setting| set(setting)) {
            Some(Unused::Sizes) => Err(does_not_apply("--min-size/--max-size", game)),
            Some(Unused::Prefill) => Err(does_not_apply("--prefill", game)),
            Some(Unused::Adjudicate) => Err(does_not_apply("--adjudicate", game)),
            Some(Unused::Resign) => Err(does_not_apply("--resign-moves/--resign-score", game)),
            Some(Unused::TimeControl) => Err(Error::Setting(format!(
                "--tc does not apply to {game}: its judge holds each move to a fixed limit \
                 (--limit-ms); only go keeps a clock over the game"
            ))),
            None => Ok(()),
        }
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

    /// The starts of the start file, read and checked as starts of type `S`, if one is given.
    pub fn start_list<S: FromStr<Err = Error>>(&self) -> Result<Option<StartList<S>>, Error> {
        self.starts.as_ref().map(StartList::read).transpose()
    }
}

/// The error of an `option` that does not apply to `game`.
fn does_not_apply(option: &'static str, game: &'static str) -> Error {
    Error::DoesNotApply { option, game }
}

/// How `arena player GAME NAME --seed N` plays a built-in over the game's protocol, its random
/// choices drawn from the seed (and its input).
pub type Serve = fn(Builtin, u64) -> Result<(), Error>;

/// How a game writes a recorded game of a match as the text of an SGF file (`--sgf`), given
/// the date it is written (`YYYY-MM-DD`); an error where the record does not read as the game's.
pub type SgfFile = fn(&MatchLine, &str) -> Result<String, Error>;

/// How game `R` draws a candidate start from a seed and judges it (`arena starts`).
pub type Balance<R> = fn(&R, u64) -> Candidate<<R as Judge>::Start>;

/// A candidate for a balanced start set (`arena starts`): a start drawn from a seed, and
/// whether the game's own engine finds it undecided.
#[derive(Clone, Debug)]
pub struct Candidate<S> {
    /// The start.
    pub start: S,
    /// Whether the engine's evaluation leaves the game open (neither side's win).
    pub balanced: bool,
}

/// One game's referee, exactly as its judge runs bots, and its replays ([`Replay`]). Its default
/// is the referee when no setting is given.
pub trait Referee: Judge + Replay + Default {
    /// The game's name on the command line and in records.
    const NAME: &'static str;

    /// The judge's limit per move (or turn), for a player without a limit of its own
    /// ([`Player::limit`]).
    const LIMIT: Duration;

    /// How a built-in plays as a process of its own (`self:NAME`, `arena player GAME NAME`).
    const SERVE: Serve;

    /// The referee for `settings`, or why they do not apply to this game (each game refuses
    /// the settings it has no use for with [`Settings::refuse`]).
    fn new(settings: &Settings) -> Result<Self, Error>;

    /// How the game draws a candidate start from a seed and judges it with its own engine, for
    /// `arena starts`; `None` where it has no such way.
    const BALANCE: Option<Balance<Self>> = None;

    /// How the game writes its records as SGF files (`--sgf`); `None` for a game SGF does not
    /// record (every game but Go).
    const SGF: Option<SgfFile> = None;

    /// The start of a game drawn from `seed` (both games of a board pair use the same seed;
    /// Grow's is the empty grid and Domain Expansion's its fixed start, whatever the seed).
    fn start(&self, seed: u64) -> Self::Start;

    /// The starts of a start file (`--starts`, `--board`) the referee was given, if any.
    fn listed(&self) -> Option<&StartList<Self::Start>> {
        None
    }

    /// The start of board pair `pair` of the match of seed `match_seed`: the start file's start
    /// for the pair where there is a file, else the start drawn from `match_seed + pair`.
    fn start_of_pair(&self, match_seed: u64, pair: usize) -> Self::Start {
        match self.listed() {
            Some(list) => list.for_pair(match_seed, pair).clone(),
            None => self.start(match_seed.wrapping_add(pair as u64)),
        }
    }

    /// The seed of the games of a pair that start from `start` and that the match gives
    /// `pair_seed` (`--seed` + k for pair k): by default `pair_seed`; Domain Expansion's start
    /// may name the seed instead.
    fn game_seed(_start: &Self::Start, pair_seed: u64) -> u64 {
        pair_seed
    }

    /// A start as one line of a start file: what it prints as, by default.
    fn start_line(start: &Self::Start) -> String {
        start.to_string()
    }

    /// Plays one game from `start` between `players` (seat 0, then seat 1); `seed` drives the
    /// built-ins.
    fn play(&self, start: &Self::Start, players: [&Player; 2], seed: u64) -> GameRecord {
        play(self, Self::NAME, Self::LIMIT, start, players, seed)
    }
}

/// A board side drawn uniformly from `low..=high` with one number of `rng` (the sizes of a
/// seeded start).
pub fn draw_side(rng: &mut Xoshiro256PlusPlus, (low, high): (usize, usize)) -> usize {
    low + (rng.next_u64() % (high - low + 1) as u64) as usize
}
