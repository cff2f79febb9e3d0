//! The files a run writes its games to as they finish ([`GameFiles`]): the `--jsonl` file,
//! every game a line ([`JsonlWriter`]), and for Go the `--sgf` folder, every game a file
//! ([`SgfFolder`]).

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::error::Error;
use crate::jsonl::{JsonlWriter, line_of};
use crate::matchup::{MatchGame, Schedule};
use crate::referee::SgfFile;

/// Where a run writes its games: a `--jsonl` file, an `--sgf` folder, both or neither (the
/// default). Failures to write are kept so that the games go on; [`GameFiles::finish`] reports
/// the first.
#[derive(Debug, Default)]
pub struct GameFiles {
    jsonl: JsonlWriter,
    sgf: Option<SgfFolder>,
}

impl GameFiles {
    /// Games written to `jsonl` and, where given, into `sgf`.
    pub fn new(jsonl: JsonlWriter, sgf: Option<SgfFolder>) -> Self {
        Self { jsonl, sgf }
    }

    /// Writes `games` (a finished pair), played to `schedule`, to every file.
    pub fn write(&mut self, schedule: &Schedule, games: &[MatchGame]) {
        self.jsonl.write(schedule, games);
        if let Some(sgf) = &mut self.sgf {
            sgf.write(schedule, games);
        }
    }

    /// The first failure to write, if there was one (the JSONL file's first).
    pub fn finish(&mut self) -> Result<(), Error> {
        let jsonl = self.jsonl.finish();
        let sgf = self.sgf.as_mut().map_or(Ok(()), SgfFolder::finish);
        jsonl.and(sgf)
    }
}

/// An `--sgf` folder being written: each game a file, named by [`SgfFolder::file_name`].
#[derive(Debug)]
pub struct SgfFolder {
    dir: PathBuf,
    file: SgfFile,
    error: Option<Error>,
}

impl SgfFolder {
    /// The folder `dir`, created where it is missing and checked to take files, for games
    /// written as `file` writes them; an error before any game where it cannot be.
    pub fn create(dir: &Path, file: SgfFile) -> Result<Self, Error> {
        std::fs::create_dir_all(dir).map_err(|e| Error::file("create the folder", dir, e))?;
        let probe = dir.join(format!(".arena-sgf-probe-{}", std::process::id()));
        std::fs::write(&probe, b"")
            .and_then(|()| std::fs::remove_file(&probe))
            .map_err(|e| Error::file("write into the folder", dir, e))?;
        Ok(Self {
            dir: dir.to_path_buf(),
            file,
            error: None,
        })
    }

    /// The name of `game`'s file: `game-NNNN-B-BLACK-W-WHITE.sgf`, where game NNNN (from 1) is
    /// the first game of board pair k (`a` Black) for NNNN = 2k + 1, its second for 2k + 2, and
    /// BLACK and WHITE are the players' names, characters other than letters, digits, `-`, `_`
    /// and `.` written `_`, each cut to 32.
    pub fn file_name(game: &MatchGame) -> String {
        let number = 2 * game.pair + usize::from(game.a_seat) + 1;
        let [black, white] = game.record.players.each_ref().map(|name| file_word(name));
        format!("game-{number:04}-B-{black}-W-{white}.sgf")
    }

    /// Writes each of `games`, played to `schedule`, as its file, whole: to a `.part` file
    /// first, renamed when written.
    pub fn write(&mut self, schedule: &Schedule, games: &[MatchGame]) {
        let date = today();
        for game in games {
            let path = self.dir.join(Self::file_name(game));
            let part = path.with_extension("sgf.part");
            let written = (self.file)(&line_of(schedule, game), &date).and_then(|text| {
                std::fs::write(&part, text)
                    .and_then(|()| std::fs::rename(&part, &path))
                    .map_err(|e| Error::file("write", &path, e))
            });
            if let Err(error) = written {
                self.error.get_or_insert(error);
            }
        }
    }

    /// The first failure to write, if there was one.
    pub fn finish(&mut self) -> Result<(), Error> {
        self.error.take().map_or(Ok(()), Err)
    }
}

/// `name` as a part of a file name: letters, digits, `-`, `_` and `.` as they are, any other
/// character `_`, at most 32 characters.
fn file_word(name: &str) -> String {
    let kept = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    let word = name.chars().map(|c| if kept(c) { c } else { '_' });
    word.take(32).collect()
}

/// Today's date in UTC as SGF writes it: `YYYY-MM-DD`.
pub fn today() -> String {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    let (year, month, day) = civil_date((seconds / 86_400) as i64);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The date (year, month, day) of the day `days` after 1970-01-01, in the proleptic Gregorian
/// calendar (Howard Hinnant's `civil_from_days`).
fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * shifted_month + 2) / 5 + 1) as u32;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::GameRecord;

    #[test]
    fn dates_are_the_calendar_s() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(31 + 28), (1970, 3, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(20_161), (2025, 3, 14));
        assert_eq!(civil_date(-1), (1969, 12, 31));
        let today = today();
        assert_eq!(today.len(), 10, "{today}");
        assert!(today.as_str() >= "2025-01-01", "{today}");
    }

    #[test]
    fn file_names_sort_by_game_and_name_the_colours() {
        let players = [
            "go-gtp --budget-ms 100".to_string(),
            "self:random".to_string(),
        ];
        let record = GameRecord::new("go", 1, "9".into(), players, [1000; 2]);
        let game = |pair, a_seat| MatchGame {
            pair,
            a_seat,
            record: record.clone(),
        };
        assert_eq!(
            SgfFolder::file_name(&game(0, 0)),
            "game-0001-B-go-gtp_--budget-ms_100-W-self_random.sgf"
        );
        assert!(SgfFolder::file_name(&game(0, 1)).starts_with("game-0002-"));
        assert!(SgfFolder::file_name(&game(11, 1)).starts_with("game-0024-"));
        let long = "x".repeat(40);
        assert_eq!(file_word(&format!("{long}/é")), "x".repeat(32));
    }
}
