//! Tournaments for any game: a round robin (every pair of players plays a match on the same
//! board pairs) or a gauntlet (the first player against each of the others); standings with each
//! player's Elo against the field, and a crosstable.

use std::fmt;

use crate::matchup::{MatchGame, Schedule};
use crate::player::Player;
use crate::referee::Referee;
use crate::resume::play_remaining;
use crate::stats::elo;
use std::ops::ControlFlow;

/// One pairing of a tournament: the players' indices and their match (`a` is the first).
#[derive(Clone, Debug)]
pub struct Pairing {
    /// The first player's index.
    pub a: usize,
    /// The second player's index.
    pub b: usize,
    /// Their games.
    pub games: Vec<MatchGame>,
}

/// A finished round robin.
#[derive(Clone, Debug)]
pub struct Tournament {
    /// The players' names.
    pub names: Vec<String>,
    /// Every pairing.
    pub pairings: Vec<Pairing>,
}

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every pair of players.
    RoundRobin,
    /// The first player against each of the others (and the others not among themselves).
    Gauntlet,
}

impl Format {
    /// The pairings of `players` players, in the order they are played: `(a, b)` with `a < b`.
    pub fn pairings(self, players: usize) -> Vec<(usize, usize)> {
        let firsts = match self {
            Format::RoundRobin => players,
            Format::Gauntlet => players.min(1),
        };
        (0..firsts)
            .flat_map(|a| (a + 1..players).map(move |b| (a, b)))
            .collect()
    }
}

/// Plays a tournament of `format`: each pairing of `players` plays a match of `schedule`, less
/// the pairs `resumed` already holds for it (one list a pairing, in [`Format::pairings`]'
/// order; missing lists are empty). `on_pair` sees each pair played as it finishes, `on_match`
/// each pairing's match, the resumed pairs with it, once it is over.
pub fn run_tournament<R: Referee>(
    referee: &R,
    players: &[Player],
    (schedule, format): (Schedule, Format),
    resumed: Vec<Vec<[MatchGame; 2]>>,
    mut on_pair: impl FnMut(&[MatchGame; 2]),
    mut on_match: impl FnMut(&Pairing),
) -> Tournament {
    let mut pairings = Vec::new();
    let mut resumed = resumed.into_iter();
    for (a, b) in format.pairings(players.len()) {
        let done = resumed.next().unwrap_or_default();
        let pair = [&players[a], &players[b]];
        let games = play_remaining(referee, pair, schedule, done, |pair| {
            on_pair(pair);
            ControlFlow::Continue(())
        });
        let pairing = Pairing { a, b, games };
        on_match(&pairing);
        pairings.push(pairing);
    }
    Tournament {
        names: players.iter().map(|player| player.name.clone()).collect(),
        pairings,
    }
}

/// A player's line in the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The player's index.
    pub player: usize,
    /// Games played.
    pub games: usize,
    /// One point a win, half a draw.
    pub points: f64,
    /// Mean point difference per game.
    pub mean_margin: f64,
    /// Elo against the field (from the share of points), when finite.
    pub elo: Option<f64>,
}

impl Tournament {
    /// The points of `row` against `column` and the games they played.
    pub fn head_to_head(&self, row: usize, column: usize) -> (f64, usize) {
        let mut points = 0.0;
        let mut games = 0;
        for pairing in &self.pairings {
            let sign = if (pairing.a, pairing.b) == (row, column) {
                1.0
            } else if (pairing.a, pairing.b) == (column, row) {
                -1.0
            } else {
                continue;
            };
            for game in &pairing.games {
                points += 0.5 + sign * (game.a_score() - 0.5);
                games += 1;
            }
        }
        (points, games)
    }

    /// The standings, best first.
    pub fn standings(&self) -> Vec<Standing> {
        let mut table: Vec<Standing> = (0..self.names.len())
            .map(|player| Standing {
                player,
                games: 0,
                points: 0.0,
                mean_margin: 0.0,
                elo: None,
            })
            .collect();
        for pairing in &self.pairings {
            for game in &pairing.games {
                for (player, sign) in [(pairing.a, 1), (pairing.b, -1)] {
                    let standing = &mut table[player];
                    standing.games += 1;
                    standing.points += 0.5 + sign as f64 * (game.a_score() - 0.5);
                    standing.mean_margin += (sign * game.a_margin()) as f64;
                }
            }
        }
        for standing in &mut table {
            let games = standing.games.max(1) as f64;
            standing.mean_margin /= games;
            standing.elo = Some(elo(standing.points / games)).filter(|e| e.is_finite());
        }
        table.sort_by(|x, y| y.points.total_cmp(&x.points));
        table
    }
}

impl fmt::Display for Tournament {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self.names.iter().map(String::len).max().unwrap_or(0).max(6);
        writeln!(
            f,
            "{:<4} {:<width$} {:>6} {:>7} {:>10} {:>8}",
            "rank", "player", "games", "points", "mean diff", "Elo"
        )?;
        let standings = self.standings();
        for (rank, standing) in standings.iter().enumerate() {
            let elo = standing
                .elo
                .map_or_else(|| "-".to_string(), |elo| format!("{elo:+.0}"));
            writeln!(
                f,
                "{:<4} {:<width$} {:>6} {:>7.1} {:>+10.1} {:>8}",
                rank + 1,
                self.names[standing.player],
                standing.games,
                standing.points,
                standing.mean_margin,
                elo
            )?;
        }
        writeln!(
            f,
            "\ncrosstable (points of the row's player against the column's, of the games played)"
        )?;
        write!(f, "{:<4} {:<width$}", "", "")?;
        for column in 1..=standings.len() {
            write!(f, " {:>9}", column)?;
        }
        writeln!(f)?;
        for (rank, row) in standings.iter().enumerate() {
            write!(f, "{:<4} {:<width$}", rank + 1, self.names[row.player])?;
            for column in &standings {
                if column.player == row.player {
                    write!(f, " {:>9}", "-")?;
                } else {
                    let (points, games) = self.head_to_head(row.player, column.player);
                    write!(f, " {:>9}", format!("{points}/{games}"))?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gauntlet_pairs_the_first_player_with_each_other_one() {
        assert_eq!(Format::Gauntlet.pairings(4), [(0, 1), (0, 2), (0, 3)]);
        assert_eq!(Format::RoundRobin.pairings(3), [(0, 1), (0, 2), (1, 2)]);
        assert!(Format::Gauntlet.pairings(1).is_empty());
    }
}
