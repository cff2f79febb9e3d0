//! What a match, an SPRT and a tournament set up alike from the command line: the referee of
//! the start options, the players (each checked to start), and how pairs are played.

use std::path::Path;
use std::time::Duration;

use floodgate_arena::error::Error;
use floodgate_arena::game_files::{GameFiles, SgfFolder};
use floodgate_arena::jsonl::{self, JsonlWriter};
use floodgate_arena::matchup::{MatchGame, Schedule, summarize};
use floodgate_arena::player::{Offer, Player, Program};
use floodgate_arena::referee::{Referee, Settings};
use floodgate_arena::resume::{MatchKey, resumed};
use floodgate_arena::sandbox;
use floodgate_arena::shard::Shard;
use floodgate_arena::start_file::{StartForm, StartOrder, StartSource};

use crate::args::StartArgs;

/// What a match, an SPRT and a tournament set up alike: the referee, the players, the file of
/// games and how pairs are played.
pub(crate) struct Setup<R> {
    pub(crate) referee: R,
    pub(crate) players: Vec<Player>,
    pub(crate) schedule: Schedule,
}

impl<R: Referee> Setup<R> {
    /// Reads the start options and the players (each checked to start), before any game.
    pub(crate) fn new(
        start: &StartArgs,
        specs: &[String],
        pairs: u64,
        shard: Option<Shard>,
    ) -> Result<Self, Error> {
        if start.sgf.is_some() && R::SGF.is_none() {
            return Err(Error::Setting(format!(
                "--sgf is for Go only: SGF does not record {} games (--jsonl records every game)",
                R::NAME
            )));
        }
        let referee = referee::<R>(start)?;
        let players = specs
            .iter()
            .map(|spec| player::<R>(spec, start))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self {
            referee,
            players,
            schedule: Schedule {
                seed: start.seed,
                pairs: pairs as usize,
                jobs: start.jobs as usize,
                shard: shard.unwrap_or(Shard::WHOLE),
            },
        })
    }

    /// The files the games are written to as they finish: the `--jsonl` file (added to with
    /// `--resume`) and the `--sgf` folder, where given.
    pub(crate) fn files(&self, start: &StartArgs) -> Result<GameFiles, Error> {
        let jsonl = JsonlWriter::create(start.jsonl.as_deref(), start.resume)?;
        let sgf = match (start.sgf.as_deref(), R::SGF) {
            (Some(dir), Some(file)) => Some(SgfFolder::create(dir, file)?),
            _ => None,
        };
        Ok(GameFiles::new(jsonl, sgf))
    }

    /// Players `a` and `b`.
    pub(crate) fn pair(&self) -> [&Player; 2] {
        [&self.players[0], &self.players[1]]
    }

    /// What makes a file's games those of the match of players `a` and `b` (indices into
    /// the players): the game, the seed, the two, their limits, the clock and their margins.
    pub(crate) fn match_key(&self, a: usize, b: usize) -> MatchKey {
        let pair = [&self.players[a], &self.players[b]];
        let limits = pair.map(|player| player.limit.unwrap_or(R::LIMIT));
        MatchKey {
            game: R::NAME,
            seed: self.schedule.seed,
            names: pair.map(|player| player.name.clone()),
            limits_ms: limits.map(|limit| limit.as_millis() as u64),
            time_control: self.referee.time_control(),
            margins_ms: pair.map(|player| player.margin.as_millis() as u64),
        }
    }

    /// The complete pairs of each of `matches` (pairs of player indices) in the `--jsonl`
    /// file, where `--resume` asks for them and the file is there; else none.
    pub(crate) fn resumed(
        &self,
        start: &StartArgs,
        matches: &[(usize, usize)],
    ) -> Result<Vec<Vec<[MatchGame; 2]>>, Error> {
        let none = || vec![Vec::new(); matches.len()];
        match start.jsonl.as_deref() {
            Some(path) if start.resume && path.exists() => {
                let tests: Vec<MatchKey> =
                    matches.iter().map(|&(a, b)| self.match_key(a, b)).collect();
                let done = resumed(&jsonl::read(path)?, &tests)?;
                self.check_starts(path, &done)?;
                Ok(done)
            }
            _ => Ok(none()),
        }
    }

    /// An error if a resumed game of `file` started elsewhere than this run starts its pair
    /// (another start file, order, `--board` or sizes): its pairs would not be the match's.
    fn check_starts(&self, file: &Path, done: &[Vec<[MatchGame; 2]>]) -> Result<(), Error> {
        let seed = self.schedule.seed;
        let games = done.iter().flatten().flatten();
        let mut drawn: Option<(usize, String)> = None;
        for game in games {
            if drawn.as_ref().is_none_or(|(pair, _)| *pair != game.pair) {
                let start = self.referee.start_of_pair(seed, game.pair).to_string();
                drawn = Some((game.pair, start));
            }
            let (_, start) = drawn.as_ref().expect("drawn above");
            if game.record.start != *start {
                return Err(Error::Record(format!(
                    "{} holds board pair {} from another start than this run gives it \
                     (another --starts file, order, --board or size?): give another --jsonl \
                     file, or the options of the run that wrote it",
                    file.display(),
                    game.pair
                )));
            }
        }
        Ok(())
    }

    /// The match summary of `games` between `a` and `b`.
    pub(crate) fn summary(&self, games: &[MatchGame]) -> String {
        let names = self.pair().map(|player| player.name.as_str());
        summarize(names, R::SEATS, games).to_string()
    }
}

/// What game `R` offers as built-ins.
pub(crate) fn offer<R: Referee>() -> Offer {
    Offer {
        game: R::NAME,
        strategies: R::check_builtin,
    }
}

/// The referee for the start options, or why they do not apply.
pub(crate) fn referee<R: Referee>(start: &StartArgs) -> Result<R, Error> {
    R::new(&Settings {
        adjudicate: start.adjudicate,
        resign_moves: start.resign_moves,
        resign_score: start.resign_score,
        min_size: start.boards.min_size,
        max_size: start.boards.max_size,
        prefill_percent: start.boards.prefill,
        starts: start_source(start)?,
        time_control: start.tc,
    })
}

/// The file of starts `--board` or `--starts` names, read, if either does.
fn start_source(start: &StartArgs) -> Result<Option<StartSource>, Error> {
    let order = match start.shuffle_starts {
        true => StartOrder::Shuffled,
        false => StartOrder::AsWritten,
    };
    let (path, form) = match (&start.board, &start.starts) {
        (Some(path), _) => (path, StartForm::Whole),
        (None, Some(path)) => (path, StartForm::Lines(order)),
        (None, None) => return Ok(None),
    };
    let text = std::fs::read_to_string(path).map_err(|e| Error::file("read", path, e))?;
    Ok(Some(StartSource {
        path: path.clone(),
        text,
        form,
    }))
}

/// A player of game `R` as the start options set it (`--limit-ms` where it has no limit of its
/// own, `--margin-ms`, `--no-limits`, `--sandbox`), checked to start as it will run. Under a
/// clock (`--tc`) a limit of its own is refused: the clock is its limit.
pub(crate) fn player<R: Referee>(spec: &str, start: &StartArgs) -> Result<Player, Error> {
    let mut player = Player::parse(spec, &offer::<R>())?;
    if let (Some(tc), Some(limit)) = (start.tc, player.limit) {
        return Err(Error::Player(format!(
            "player {:?} has limit_ms={} under --tc {tc}: the clock is its limit; leave out \
             one of them",
            player.name,
            limit.as_millis()
        )));
    }
    player.limit = player.limit.or(start.limit_ms.map(Duration::from_millis));
    player.margin = Duration::from_millis(start.margin_ms);
    player.limits &= !start.no_limits;
    if start.sandbox
        && let Program::Command(command) = &player.program
    {
        player.program = Program::Command(sandbox::wrap(command)?);
        player.sandboxed = true;
    }
    player.check_starts(&offer::<R>())?;
    Ok(player)
}
