//! Matches past one machine: a match's board pairs dealt to N runs (`--shard K/N`), each run
//! on a machine of its own writing its games to a JSONL file, and the files read back as one
//! match ([`merge`]) or as the pairs of an SPRT ([`pool`]), the way fishtest and OpenBench
//! pool their workers' pairs.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::error::Error;
use crate::jsonl::JsonlFile;
use crate::matchup::MatchGame;
use crate::record::MatchLine;
use crate::shard::Shard;
use crate::sprt::Pentanomial;
use crate::tournament::{Pairing, Tournament};

/// Shards' files read back as one match (a tournament of one pairing) or one tournament.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The game's name.
    pub game: String,
    /// The players in the order of the run, by first appearance, and each pairing's games by
    /// pair and then `a`'s seat, as one run returns them, in the order the run plays them.
    pub tournament: Tournament,
}

/// What every game of one match (or tournament) shares, from its first line.
struct Common<'a> {
    game: &'a str,
    match_seed: u64,
    boards: Option<usize>,
    count: Option<usize>,
    from: &'a str,
}

impl<'a> Common<'a> {
    /// What the first game of `files` says every game shares, and that game; an error when
    /// there is none, or when a player's limit is not the same throughout.
    fn of_files(files: &'a [JsonlFile]) -> Result<(Self, &'a MatchLine), Error> {
        let (file, line) = files
            .iter()
            .find_map(|file| Some((file, file.lines.first()?)))
            .ok_or_else(|| Error::Record("no games in the files given".into()))?;
        check_limits(files)?;
        let common = Self {
            game: &line.record.game,
            match_seed: line.match_seed,
            boards: line.boards,
            count: line.shard.map(Shard::count),
            from: &file.name,
        };
        Ok((common, line))
    }

    /// Refuses `line` of `file` when it is not of the same match.
    fn check(&self, file: &JsonlFile, line: &MatchLine, same_seed: bool) -> Result<(), Error> {
        let differ = |what: &str, here: String, there: String| {
            Err(Error::Record(format!(
                "{} and {} are not of one match: {what} {here} against {there}",
                self.from, file.name
            )))
        };
        if line.record.game != self.game {
            return differ("game", self.game.to_string(), line.record.game.clone());
        }
        if same_seed && line.match_seed != self.match_seed {
            return differ(
                "seed",
                self.match_seed.to_string(),
                line.match_seed.to_string(),
            );
        }
        if same_seed && line.boards != self.boards {
            let boards = |b: Option<usize>| b.map_or("unknown".into(), |b| b.to_string());
            return differ("boards", boards(self.boards), boards(line.boards));
        }
        let count = line.shard.map(Shard::count);
        if same_seed && count != self.count {
            let shown = |c: Option<usize>| c.map_or("none".into(), |c| format!("of {c}"));
            return differ("shards", shown(self.count), shown(count));
        }
        Ok(())
    }
}

/// `a`'s and `b`'s names in a line.
fn players_of(line: &MatchLine) -> [String; 2] {
    let seat = usize::from(line.a_seat);
    let players = &line.record.players;
    [players[seat].clone(), players[1 - seat].clone()]
}

/// Checks that every player keeps one limit across `files`.
fn check_limits(files: &[JsonlFile]) -> Result<(), Error> {
    let mut limits: HashMap<&str, (u64, &str)> = HashMap::new();
    for file in files {
        for line in &file.lines {
            let record = &line.record;
            for seat in 0..2 {
                let name = record.players[seat].as_str();
                let limit = record.limits_ms[seat];
                let (known, from) = *limits.entry(name).or_insert((limit, &file.name));
                if known != limit {
                    return Err(Error::Record(format!(
                        "{from} and {} are not of one match: {name} has a limit of {known} ms \
                         in one and {limit} ms in the other",
                        file.name
                    )));
                }
            }
        }
    }
    Ok(())
}

/// A pairing's games found so far, by pair and `a`'s seat, with the file each came from.
type Found<'f> = BTreeMap<(usize, u8), (MatchGame, &'f str)>;

/// The two games of a board pair (`a` in seat 0, then 1) found so far, with their files.
type Halves<'f> = [Option<(MatchGame, &'f str)>; 2];

/// Checks that every file (but empty ones) holds the same pairings of players, `a` against
/// `b`: one for a match, every pair of players of a round robin for a tournament, one player
/// against each other one for a gauntlet.
fn check_pairings(files: &[JsonlFile]) -> Result<(), Error> {
    let sets: Vec<(&str, BTreeSet<[String; 2]>)> = files
        .iter()
        .filter(|file| !file.lines.is_empty())
        .map(|file| {
            (
                file.name.as_str(),
                file.lines.iter().map(players_of).collect(),
            )
        })
        .collect();
    let shown = |set: &BTreeSet<[String; 2]>| {
        let pairings: Vec<String> = set
            .iter()
            .map(|[a, b]| format!("{a} against {b}"))
            .collect();
        pairings.join(", ")
    };
    let Some((first, pairings)) = sets.first() else {
        return Ok(());
    };
    if let Some((other, theirs)) = sets.iter().find(|(_, set)| set != pairings) {
        return Err(Error::Record(format!(
            "{first} and {other} are not of one match: {} in one, {} in the other",
            shown(pairings),
            shown(theirs)
        )));
    }
    let players: BTreeSet<&String> = pairings.iter().flatten().collect();
    let round_robin = pairings.len() == players.len() * (players.len() - 1) / 2;
    // A gauntlet: one player in every pairing, and one pairing for each other player.
    let gauntlet = players.iter().any(|player| {
        pairings.iter().all(|pair| pair.contains(*player)) && pairings.len() + 1 == players.len()
    });
    if !(round_robin || gauntlet) {
        return Err(Error::Record(format!(
            "{first} holds games of players who did not all meet, neither one match, a round \
             robin nor a gauntlet: {}",
            shown(pairings)
        )));
    }
    Ok(())
}

/// Reads shards' files as the match (or tournament) one run of the same command would have
/// played: refuses files of different matches (game, seed, boards, shard count, players'
/// limits) and a game found twice, and says which pairs are missing, with the shard that
/// should have played them.
pub fn merge(files: &[JsonlFile]) -> Result<Merged, Error> {
    let (common, _) = Common::of_files(files)?;
    check_pairings(files)?;
    let mut names: Vec<String> = Vec::new();
    let mut pairings: BTreeMap<(usize, usize), Found<'_>> = BTreeMap::new();
    for file in files {
        for line in &file.lines {
            common.check(file, line, true)?;
            let index = players_of(line).map(|name| match names.iter().position(|n| *n == name) {
                Some(index) => index,
                None => {
                    names.push(name);
                    names.len() - 1
                }
            });
            let games = pairings.entry((index[0], index[1])).or_default();
            let game = MatchGame::from(line);
            if let Some((_, other)) = games.insert((line.pair, line.a_seat), (game, &file.name)) {
                let (a, b) = (&names[index[0]], &names[index[1]]);
                return Err(Error::Record(format!(
                    "pair {} of {a} against {b} (a in seat {}) is in {other} and in {}: \
                     a shard given twice?",
                    line.pair, line.a_seat, file.name
                )));
            }
        }
    }
    let mut missing = BTreeSet::new();
    let pairings: Vec<Pairing> = pairings
        .into_iter()
        .map(|((a, b), games)| {
            let last = games.keys().map(|&(pair, _)| pair).max().unwrap_or(0);
            let expected = common.boards.unwrap_or(last + 1);
            missing.extend(
                (0..expected.max(last + 1))
                    .filter(|&pair| (0..2).any(|seat| !games.contains_key(&(pair, seat)))),
            );
            let games = games.into_values().map(|(game, _)| game).collect();
            Pairing { a, b, games }
        })
        .collect();
    if !missing.is_empty() {
        return Err(Error::Record(missing_pairs(&missing, common.count)));
    }
    Ok(Merged {
        game: common.game.to_string(),
        tournament: Tournament { names, pairings },
    })
}

/// The message for missing pairs (missing a game or both), by shard when the files say how
/// many there were.
fn missing_pairs(pairs: &BTreeSet<usize>, count: Option<usize>) -> String {
    let shown: Vec<String> = pairs.iter().take(12).map(usize::to_string).collect();
    let more = if pairs.len() > 12 { ", ..." } else { "" };
    let mut text = format!(
        "incomplete: {} board pair(s) missing, or missing a game: {}{more}",
        pairs.len(),
        shown.join(", ")
    );
    if let Some(count) = count {
        let shards: BTreeSet<usize> = pairs
            .iter()
            .map(|&pair| Shard::of(pair, count).index())
            .collect();
        let shards: Vec<String> = shards.iter().map(|k| format!("{k}/{count}")).collect();
        text.push_str(&format!(" (shard {})", shards.join(", ")));
    }
    text
}

/// Board pairs pooled from the files of an SPRT's waves: the pentanomial of `a` over `b` and
/// what was left out.
#[derive(Clone, Debug, PartialEq)]
pub struct Pool {
    /// `a`'s and `b`'s names.
    pub names: [String; 2],
    /// Every complete pair, scored.
    pub pentanomial: Pentanomial,
    /// Pairs with one game only (a shard stopped mid-pair), left out.
    pub incomplete: usize,
}

/// How a pooled pair is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PairScore {
    /// By its two games' results (pentanomial).
    Results,
    /// As one game, by the point margin summed over both.
    Margin,
}

/// Pools the complete board pairs of `files`, the waves and shards of one SPRT: one game, the
/// same two players with the same limits; the seeds may differ (each wave its own), but a
/// game found twice is refused. Pairs are counted in the order of their seed and pair.
pub fn pool(files: &[JsonlFile], by: PairScore) -> Result<Pool, Error> {
    let (common, first) = Common::of_files(files)?;
    let players = players_of(first);
    let mut games: BTreeMap<(u64, usize), Halves<'_>> = BTreeMap::new();
    for file in files {
        for line in &file.lines {
            common.check(file, line, false)?;
            if players_of(line) != players {
                return Err(Error::Record(format!(
                    "{} and {} are not of one test: {} against {} in one, {} against {} \
                     in the other",
                    common.from,
                    file.name,
                    players[0],
                    players[1],
                    players_of(line)[0],
                    players_of(line)[1]
                )));
            }
            let slot = &mut games.entry((line.match_seed, line.pair)).or_default()
                [usize::from(line.a_seat)];
            let game = MatchGame::from(line);
            if let Some((_, other)) = slot.replace((game, &file.name)) {
                return Err(Error::Record(format!(
                    "pair {} of seed {} (a in seat {}) is in {other} and in {}: \
                     a file given twice?",
                    line.pair, line.match_seed, line.a_seat, file.name
                )));
            }
        }
    }
    let mut pentanomial = Pentanomial::default();
    let mut incomplete = 0;
    for pair in games.into_values() {
        match pair {
            [Some((first, _)), Some((second, _))] => {
                score_pair(&mut pentanomial, [&first, &second], by);
            }
            _ => incomplete += 1,
        }
    }
    Ok(Pool {
        names: players,
        pentanomial,
        incomplete,
    })
}

/// Adds a board pair (`a` first in the first game) to `pentanomial`, scored `by` its results
/// or its margin; returns `a`'s half points.
pub fn score_pair(pentanomial: &mut Pentanomial, pair: [&MatchGame; 2], by: PairScore) -> usize {
    match by {
        PairScore::Results => pentanomial.add_pair(pair[0].a_result(), pair[1].a_result()),
        PairScore::Margin => {
            pentanomial.add_pair_by_margin(pair[0].a_margin() + pair[1].a_margin())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::GameRecord;

    /// A line of a match of `boards` pairs between `a` and `b`, from shard `shard` of `count`.
    fn line(pair: usize, a_seat: u8, winner: Option<u8>, boards: usize, count: usize) -> MatchLine {
        let players = if a_seat == 0 { ["a", "b"] } else { ["b", "a"] };
        let mut record = GameRecord::new(
            "domain",
            7 + pair as u64,
            String::new(),
            players.map(String::from),
            [100, 100],
        );
        record.winner = winner;
        MatchLine {
            match_seed: 7,
            pair,
            a_seat,
            record,
            boards: Some(boards),
            shard: Some(Shard::of(pair, count)),
        }
    }

    fn file(name: &str, lines: Vec<MatchLine>) -> JsonlFile {
        JsonlFile {
            name: name.into(),
            lines,
        }
    }

    #[test]
    fn merged_shards_are_the_pairs_in_order_and_gaps_are_named() {
        let all: Vec<MatchLine> = (0..5)
            .flat_map(|pair| [line(pair, 0, Some(0), 5, 2), line(pair, 1, None, 5, 2)])
            .collect();
        let odd: Vec<MatchLine> = all.iter().filter(|l| l.pair % 2 == 1).cloned().collect();
        let even: Vec<MatchLine> = all.iter().filter(|l| l.pair % 2 == 0).cloned().collect();
        let merged = merge(&[file("odd", odd.clone()), file("even", even.clone())]).unwrap();
        assert_eq!(merged.tournament.names, ["a", "b"], "a first, then b");
        assert_eq!(merged.tournament.pairings.len(), 1);
        let order: Vec<(usize, u8)> = merged.tournament.pairings[0]
            .games
            .iter()
            .map(|g| (g.pair, g.a_seat))
            .collect();
        let expected: Vec<(usize, u8)> = all.iter().map(|l| (l.pair, l.a_seat)).collect();
        assert_eq!(order, expected);
        let error = merge(&[file("even", even.clone())])
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("2 board pair(s) missing") && error.contains("1, 3"),
            "{error}"
        );
        assert!(error.contains("(shard 2/2)"), "{error}");
        let error = merge(&[file("even", even.clone()), file("again", even.clone())])
            .unwrap_err()
            .to_string();
        assert!(error.contains("is in even and in again"), "{error}");
        let mut other = odd.clone();
        other[0].match_seed = 8;
        let error = merge(&[file("even", even.clone()), file("other", other)])
            .unwrap_err()
            .to_string();
        assert!(error.contains("seed 7 against 8"), "{error}");
        let mut slow = odd.clone();
        slow[1].record.limits_ms = [300, 100];
        let error = merge(&[file("even", even.clone()), file("slow", slow)])
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("limit of 100 ms in one and 300 ms"),
            "{error}"
        );
        let mut renamed = odd.clone();
        for line in &mut renamed {
            line.record.players[usize::from(1 - line.a_seat)] = "c".into();
        }
        let error = merge(&[file("even", even.clone()), file("renamed", renamed)])
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("a against b in one, a against c in the other"),
            "{error}"
        );
        let mut half = odd;
        half.pop();
        let error = merge(&[file("even", even), file("half", half)])
            .unwrap_err()
            .to_string();
        assert!(error.contains("missing a game: 3"), "{error}");
    }

    #[test]
    fn pooled_waves_count_complete_pairs_once() {
        let wave = |seed: u64, pairs: usize| -> Vec<MatchLine> {
            (0..pairs)
                .flat_map(|pair| {
                    let mut won = line(pair, 0, Some(0), pairs, 1);
                    let mut lost = line(pair, 1, Some(0), pairs, 1);
                    won.match_seed = seed;
                    lost.match_seed = seed;
                    [won, lost]
                })
                .collect()
        };
        let mut second = wave(20, 3);
        second.pop();
        let pool = pool(
            &[file("w1", wave(10, 4)), file("w2", second)],
            PairScore::Results,
        )
        .unwrap();
        assert_eq!(pool.pentanomial.pairs(), 6);
        assert_eq!(pool.incomplete, 1);
        assert_eq!(pool.names, ["a", "b"]);
        let error = super::pool(
            &[file("w1", wave(10, 2)), file("w1 again", wave(10, 1))],
            PairScore::Results,
        )
        .unwrap_err()
        .to_string();
        assert!(error.contains("a file given twice"), "{error}");
    }
}
