//! Going on with a run that was stopped or killed (`--resume`): the complete board pairs its
//! `--jsonl` file holds, checked to be of this run (the game, the seed, the players, their
//! limits, the clock and the margins), are taken as played, and only the missing pairs are played ([`play_remaining`]).
//! A pair is written whole, in one write followed by a sync ([`crate::jsonl::JsonlWriter`]), so
//! a run killed at any moment leaves whole pairs, and at most one game of a pair that was still
//! being played (a pair with one game is played again).

use std::collections::{BTreeMap, HashSet};
use std::ops::ControlFlow;

use crate::clock::TimeControl;
use crate::error::Error;
use crate::jsonl::JsonlFile;
use crate::matchup::{MatchGame, Schedule, play_pairs_among};
use crate::player::Player;
use crate::record::GameRecord;
use crate::referee::Referee;

/// What makes a file's games those of one match (an SPRT's, or one pairing of a tournament):
/// the game, the match seed, the players' names (`a`, then `b`), their time limits, the clock
/// and their margins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchKey {
    /// The game's name.
    pub game: &'static str,
    /// The match seed.
    pub seed: u64,
    /// The names of `a` and `b`.
    pub names: [String; 2],
    /// The time limits of `a` and `b`, in milliseconds.
    pub limits_ms: [u64; 2],
    /// The clock over the game (`--tc`), if there is one.
    pub time_control: Option<TimeControl>,
    /// The margins of `a` and `b` past their time limits (`--margin-ms`), in milliseconds.
    pub margins_ms: [u64; 2],
}

impl MatchKey {
    /// Whether the game of `record`, in which `a` sat in `a_seat`, is one of this match.
    fn holds(&self, record: &GameRecord, match_seed: u64, a_seat: usize) -> bool {
        let seats = [a_seat, 1 - a_seat];
        record.game == self.game
            && match_seed == self.seed
            && seats.map(|seat| &record.players[seat]) == [&self.names[0], &self.names[1]]
            && seats.map(|seat| record.limits_ms[seat]) == self.limits_ms
            && record.time_control == self.time_control
            && seats.map(|seat| record.margins_ms[seat]) == self.margins_ms
    }
}

/// The complete pairs of each of `matches` in a `--jsonl` file, in pair order (a pair with one
/// game is left out, to be played again); an error if a line is of none of them.
pub fn resumed(file: &JsonlFile, matches: &[MatchKey]) -> Result<Vec<Vec<[MatchGame; 2]>>, Error> {
    let mut halves: Vec<BTreeMap<usize, [Option<MatchGame>; 2]>> =
        vec![BTreeMap::new(); matches.len()];
    for line in &file.lines {
        let seat = usize::from(line.a_seat);
        let record = &line.record;
        let of = |key: &MatchKey| key.holds(record, line.match_seed, seat);
        let Some(index) = matches.iter().position(of) else {
            let [a, b] = &record.players;
            return Err(Error::Record(format!(
                "{} holds a game ({a} against {b}, game {}, seed {}) of no match of this run \
                 (the game, the seed, the players, their limits, the clock and the margins): \
                 give another --jsonl file, or leave out --resume",
                file.name, record.game, line.match_seed
            )));
        };
        halves[index].entry(line.pair).or_default()[seat] = Some(MatchGame::from(line));
    }
    let complete = |pairs: BTreeMap<usize, [Option<MatchGame>; 2]>| {
        let both = pairs
            .into_values()
            .filter_map(|[first, second]| Some([first?, second?]));
        both.collect()
    };
    Ok(halves.into_iter().map(complete).collect())
}

/// The pairs of `done` (a resumed file's complete pairs) that `schedule` plans: a file of a run
/// with more pairs, or of another shard, counts only for the pairs of this one.
pub fn planned_of(schedule: &Schedule, done: Vec<[MatchGame; 2]>) -> Vec<[MatchGame; 2]> {
    let kept: HashSet<usize> = schedule.planned().into_iter().collect();
    done.into_iter()
        .filter(|pair| kept.contains(&pair[0].pair))
        .collect()
}

/// Plays the pairs of `schedule` between `players` that `done` (a resumed file's complete pairs)
/// lacks, handing each to `on_pair` as it finishes, and returns all the games of the schedule's
/// pairs, the resumed ones with them, in pair order.
pub fn play_remaining<R: Referee>(
    referee: &R,
    players: [&Player; 2],
    schedule: Schedule,
    done: Vec<[MatchGame; 2]>,
    on_pair: impl FnMut(&[MatchGame; 2]) -> ControlFlow<()>,
) -> Vec<MatchGame> {
    let mut planned = schedule.planned();
    let mut games: Vec<MatchGame> = planned_of(&schedule, done).into_iter().flatten().collect();
    let resumed: HashSet<usize> = games.iter().map(|game| game.pair).collect();
    planned.retain(|pair| !resumed.contains(pair));
    games.extend(play_pairs_among(
        referee, players, schedule, &planned, on_pair,
    ));
    games.sort_by_key(|game| (game.pair, game.a_seat));
    games
}
