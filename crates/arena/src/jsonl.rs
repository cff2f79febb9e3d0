//! The `--jsonl` files of matches, SPRTs and tournaments: written pair by pair as games finish
//! ([`JsonlWriter`]), and read back a recorded game a line ([`read`]).

use std::fs::{File, OpenOptions};
use std::io::Write as _;
use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::matchup::{MatchGame, Schedule};
use crate::record::MatchLine;

/// A `--jsonl` file being written, or none when no file was asked for (the default). A failure
/// to write is kept, not returned at once, so that the games go on; [`JsonlWriter::finish`]
/// reports it.
#[derive(Debug, Default)]
pub struct JsonlWriter {
    out: Option<(PathBuf, File)>,
    error: Option<Error>,
}

impl JsonlWriter {
    /// The file at `path`, if any: emptied first, or added to when `append`.
    pub fn create(path: Option<&Path>, append: bool) -> Result<Self, Error> {
        let out = match path {
            None => None,
            Some(path) => {
                let file = OpenOptions::new()
                    .create(true)
                    .write(true)
                    .append(append)
                    .truncate(!append)
                    .open(path)
                    .map_err(|e| Error::file("write", path, e))?;
                Some((path.to_path_buf(), file))
            }
        };
        Ok(Self { out, error: None })
    }

    /// Writes `games` (a finished pair), played to `schedule`, a line each: all of them in one
    /// write, then synced to the disk, so that a run killed at any moment leaves whole pairs.
    pub fn write(&mut self, schedule: &Schedule, games: &[MatchGame]) {
        let Some((path, out)) = &mut self.out else {
            return;
        };
        let mut lines = Vec::new();
        for game in games {
            let line = line_of(schedule, game);
            let serialized = serde_json::to_writer(&mut lines, &line).map_err(std::io::Error::from);
            if let Err(e) = serialized {
                self.error
                    .get_or_insert(Error::file("write", path.clone(), e));
                return;
            }
            lines.push(b'\n');
        }
        let written = out.write_all(&lines).and_then(|()| out.sync_data());
        if let Err(e) = written {
            self.error
                .get_or_insert(Error::file("write", path.clone(), e));
        }
    }

    /// The first failure to write, if there was one.
    pub fn finish(&mut self) -> Result<(), Error> {
        self.error.take().map_or(Ok(()), Err)
    }
}

/// The line of `game`, played to `schedule`, in a `--jsonl` file: the game with where it
/// stands in the match.
pub fn line_of(schedule: &Schedule, game: &MatchGame) -> MatchLine {
    MatchLine {
        match_seed: schedule.seed,
        pair: game.pair,
        a_seat: game.a_seat,
        record: game.record.clone(),
        boards: Some(schedule.pairs),
        shard: Some(schedule.shard),
    }
}

/// The lines of one `--jsonl` file, with its name for messages.
#[derive(Clone, Debug)]
pub struct JsonlFile {
    /// The file's name, as the user gave it.
    pub name: String,
    /// Its games.
    pub lines: Vec<MatchLine>,
}

/// Reads a `--jsonl` file: every line that is not blank a recorded game.
pub fn read(path: &Path) -> Result<JsonlFile, Error> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::file("read", path, e))?;
    let name = path.display().to_string();
    let lines = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(number, line)| {
            MatchLine::parse(line)
                .map_err(|e| Error::Record(format!("line {} of {name}: {e}", number + 1)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(JsonlFile { name, lines })
}

/// Reads each of `paths` ([`read`]).
pub fn read_all(paths: &[PathBuf]) -> Result<Vec<JsonlFile>, Error> {
    paths.iter().map(|path| read(path)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::GameRecord;
    use crate::shard::Shard;

    fn game(pair: usize, a_seat: u8) -> MatchGame {
        let players = ["a", "b"].map(String::from);
        let mut record = GameRecord::new("cram", 40 + pair as u64, "5x5".into(), players, [500; 2]);
        record.points = [pair as i64, 1];
        MatchGame {
            pair,
            a_seat,
            record,
        }
    }

    fn schedule() -> Schedule {
        Schedule {
            seed: 40,
            pairs: 3,
            jobs: 1,
            shard: Shard::WHOLE,
        }
    }

    fn scratch(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("arena-jsonl-{}-{name}", std::process::id()))
    }

    #[test]
    fn written_games_read_back_as_they_were_and_appending_keeps_them() {
        let path = scratch("round-trip");
        let mut writer = JsonlWriter::create(Some(&path), false).unwrap();
        writer.write(&schedule(), &[game(0, 0), game(0, 1)]);
        writer.finish().unwrap();
        let mut writer = JsonlWriter::create(Some(&path), true).unwrap();
        writer.write(&schedule(), &[game(1, 0)]);
        writer.finish().unwrap();
        let file = read(&path).unwrap();
        let games: Vec<MatchGame> = file.lines.iter().map(MatchGame::from).collect();
        assert_eq!(games, [game(0, 0), game(0, 1), game(1, 0)]);
        assert!(
            file.lines
                .iter()
                .all(|line| line.boards == Some(3) && line.match_seed == 40)
        );
        let mut writer = JsonlWriter::create(Some(&path), false).unwrap();
        writer.write(&schedule(), &[game(2, 1)]);
        writer.finish().unwrap();
        assert_eq!(
            read(&path).unwrap().lines.len(),
            1,
            "a new file starts empty"
        );
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_bad_line_is_named_by_its_number() {
        let path = scratch("bad-line");
        std::fs::write(&path, "\n{\"not\": \"a game\"}\n").unwrap();
        let error = read(&path).unwrap_err().to_string();
        std::fs::remove_file(&path).unwrap();
        assert!(error.contains("line 2 of"), "{error}");
    }

    #[test]
    fn without_a_file_nothing_is_written() {
        let mut writer = JsonlWriter::create(None, false).unwrap();
        writer.write(&schedule(), &[game(0, 0)]);
        assert!(writer.finish().is_ok());
    }
}
