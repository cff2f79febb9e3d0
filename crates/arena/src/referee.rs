//! The one interface every game's referee implements: where games start, how one game is
//! played under the judge's protocol and limits, and how a record replays. Matches,
//! tournaments, SPRT, JSONL and replays are written once on top of it.

use std::time::Duration;

use crate::html::Picture;
use crate::player::Player;
use crate::record::GameRecord;

/// What the command line says about starts and limits; a game rejects what does not apply.
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
    /// The limit per move (or turn) instead of the judge's, for both players.
    pub limit: Option<Duration>,
}

impl Settings {
    /// An error unless the options that `game` cannot use are unset.
    pub fn reject(
        &self,
        game: &str,
        sizes: bool,
        prefill: bool,
        start: bool,
    ) -> Result<(), String> {
        let unused = [
            (
                sizes && (self.min_size.is_some() || self.max_size.is_some()),
                "--min-size/--max-size",
            ),
            (prefill && self.prefill_percent.is_some(), "--prefill"),
            (start && self.start.is_some(), "--board"),
        ];
        match unused.iter().find(|(set, _)| *set) {
            Some((_, option)) => Err(format!("{option} does not apply to {game}")),
            None => Ok(()),
        }
    }

    /// The smallest and largest sizes, each `default` where unset, checked against
    /// `1..=max_side`.
    pub fn sizes_or(
        &self,
        default: (usize, usize),
        max_side: usize,
    ) -> Result<(usize, usize), String> {
        let (low, high) = (
            self.min_size.unwrap_or(default.0),
            self.max_size.unwrap_or(default.1),
        );
        if low < 1 || low > high || high > max_side {
            return Err(format!("sizes must satisfy 1 <= min <= max <= {max_side}"));
        }
        Ok((low, high))
    }
}

/// One game's referee, exactly as its judge runs bots.
pub trait Referee: Sync + Sized {
    /// What a replay shows at each step.
    type State;

    /// The game's name on the command line and in records.
    const NAME: &'static str;

    /// The seats' names (who moves first, then the other), as the game's statement calls them.
    const SEATS: [&'static str; 2];

    /// The referee for `settings`, or why they do not apply to this game.
    fn new(settings: &Settings) -> Result<Self, String>;

    /// The start of a game drawn from `seed` (both games of a board pair use the same seed).
    fn start(&self, seed: u64) -> String;

    /// Plays one game from `start` between `players` (seat 0, then seat 1); `seed` drives the
    /// built-ins.
    fn play(&self, start: &str, players: [&Player; 2], seed: u64) -> GameRecord;

    /// The states of a recorded game: the start, then the state after each move.
    fn states(record: &GameRecord) -> Result<Vec<Self::State>, String>;

    /// A state as text, with terminal colours or without.
    fn text(state: &Self::State, colour: bool) -> String;

    /// How to read [`Referee::text`]: what the characters are and whose they are.
    const TEXT_LEGEND: &'static str;

    /// A state as a picture.
    fn picture(state: &Self::State) -> Picture;

    /// Each seat's score in a state.
    fn scores(state: &Self::State) -> [i64; 2];

    /// How each seat is shown in pictures (its colour or marker), for the legend.
    const LEGEND: [&'static str; 2];
}

/// The limit `player` gets where the referee's is `limit`.
pub fn player_limit(player: &Player, limit: Duration) -> Duration {
    player.limit.unwrap_or(limit)
}
