//! Matches: two players on seeded random boards, each board played from both seats.

use std::fmt;
use std::io::IsTerminal;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use floodwars_core::Side;
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use crate::floodwars::{GameRecord, Player, play_game, random_board};
use crate::stats::{elo_with_interval, percentile};

/// How a match is played.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Boards; each is played twice, once from each seat.
    pub boards: usize,
    /// Seed of the board generator.
    pub seed: u64,
    /// Smallest and largest width and height (each drawn uniformly).
    pub sizes: (usize, usize),
    /// Wall-clock limit per move.
    pub limit: Duration,
    /// Games played at once.
    pub jobs: usize,
    /// A fixed board to play instead of random ones.
    pub board: Option<floodwars_core::Position>,
}

/// One game of a match.
#[derive(Clone, Debug)]
pub struct MatchGame {
    /// Board number (from 0).
    pub board: usize,
    /// The seat of the first player (`a`).
    pub a_plays: Side,
    /// The game.
    pub record: GameRecord,
}

impl MatchGame {
    /// Player `a`'s points minus `b`'s.
    pub fn a_margin(&self) -> i64 {
        match self.a_plays {
            Side::J => self.record.margin(),
            Side::S => -self.record.margin(),
        }
    }
}

/// Plays the match between `a` and `b`, `config.jobs` games at a time, with a progress bar on
/// standard error when it is a terminal. Games come back in board order, `a` as J first.
pub fn run_match(a: &Player, b: &Player, config: &MatchConfig) -> Vec<MatchGame> {
    let games = play_both_seats(a, b, config.boards, config.jobs, |players, game| {
        play_game(&board_for(config, game / 2), players, config.limit)
    });
    games
        .into_iter()
        .enumerate()
        .map(|(game, seated)| MatchGame {
            board: game / 2,
            a_plays: if seated.a_seat == 0 { Side::J } else { Side::S },
            record: seated.record,
        })
        .collect()
}

/// A game of a match between `a` and `b`, with `a`'s seat (0 when `a` moved first).
#[derive(Clone, Debug)]
pub struct SeatedGame<R> {
    /// 0 when `a` moved first.
    pub a_seat: u8,
    /// The game.
    pub record: R,
}

/// Plays `pairs` pairs of games between `a` and `b`, `jobs` at a time, each pair once from
/// each seat (`a` first in the even games): `play(players, game)` plays game number `game`
/// (pair `game / 2`) with the players in seat order. Games come back in order.
pub fn play_both_seats<P: Sync, R: Send>(
    a: &P,
    b: &P,
    pairs: usize,
    jobs: usize,
    play: impl Fn([&P; 2], usize) -> R + Sync,
) -> Vec<SeatedGame<R>> {
    run_parallel(2 * pairs, jobs, |game| {
        let a_seat = (game % 2) as u8;
        let players = if a_seat == 0 { [a, b] } else { [b, a] };
        SeatedGame {
            a_seat,
            record: play(players, game),
        }
    })
}

/// Runs `play(0..total)` on `jobs` threads and returns the results in order, with a progress
/// bar on standard error when it is a terminal.
pub fn run_parallel<T: Send>(
    total: usize,
    jobs: usize,
    play: impl Fn(usize) -> T + Sync,
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(total));
    let show_progress = std::io::stderr().is_terminal() && total > 1;
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= total {
                        break;
                    }
                    let result = play(index);
                    results
                        .lock()
                        .expect("no panics while holding the lock")
                        .push((index, result));
                    let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if show_progress {
                        let filled = finished * 30 / total;
                        eprint!(
                            "\r[{}{}] {finished}/{total} games",
                            "=".repeat(filled),
                            " ".repeat(30 - filled)
                        );
                    }
                }
            });
        }
    });
    if show_progress {
        eprintln!();
    }
    let mut results = results
        .into_inner()
        .expect("no panics while holding the lock");
    results.sort_by_key(|(index, _)| *index);
    results.into_iter().map(|(_, result)| result).collect()
}

/// The board of game number `board` of a match: the fixed board if there is one, else a size
/// and colours drawn from the seed.
pub fn board_for(config: &MatchConfig, board: usize) -> floodwars_core::Position {
    if let Some(fixed) = &config.board {
        return fixed.clone();
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(config.seed.wrapping_add(board as u64));
    let (low, high) = config.sizes;
    let span = (high - low + 1) as u64;
    let width = low + (rng.next_u64() % span) as usize;
    let height = low + (rng.next_u64() % span) as usize;
    random_board(width, height, rng.next_u64())
}

/// The result table of a match, from player `a`'s side.
#[derive(Clone, Debug)]
pub struct Summary {
    /// Names of `a` and `b`.
    pub names: [String; 2],
    /// Games `a` won, drew and lost.
    pub wins: usize,
    /// Draws.
    pub draws: usize,
    /// Losses.
    pub losses: usize,
    /// Mean of `a`'s points minus `b`'s.
    pub mean_margin: f64,
    /// Elo difference of `a` over `b`, with its 95% interval.
    pub elo: (f64, f64, f64),
    /// Per player: move time p50, p99 and max, in milliseconds.
    pub move_ms: [(f64, f64, f64); 2],
    /// Per player: the largest peak resident memory of a move, in MiB.
    pub peak_mib: [f64; 2],
    /// Forfeits: game number, who, and why.
    pub forfeits: Vec<(usize, String, String)>,
}

/// One game as a match summary sees it, from player `a`'s side (any game).
#[derive(Clone, Debug, Default)]
pub struct GameResult {
    /// Names of `a` and `b`.
    pub names: [String; 2],
    /// `a`'s points minus `b`'s.
    pub a_margin: i64,
    /// Move times of `a` and of `b`, in milliseconds.
    pub move_ms: [Vec<f64>; 2],
    /// Largest peak resident memory of a move (or a session) of `a` and of `b`, in KiB.
    pub peak_kib: [u64; 2],
    /// Who forfeited, and why.
    pub forfeit: Option<(String, String)>,
}

impl GameResult {
    /// A game seen from player `a`, who sat in seat `a_seat` (0 or 1): the seats' names, seat
    /// 0's margin over seat 1, each seat's peak memory, each move as (seat, microseconds),
    /// and a forfeit as (seat, reason).
    pub fn from_seats(
        players: &[String; 2],
        a_seat: usize,
        seat_0_margin: i64,
        peak_kib: [u64; 2],
        moves: impl IntoIterator<Item = (usize, u64)>,
        forfeit: Option<(usize, &str)>,
    ) -> Self {
        let (a, b) = (a_seat, 1 - a_seat);
        let mut result = Self {
            names: [players[a].clone(), players[b].clone()],
            a_margin: if a == 0 {
                seat_0_margin
            } else {
                -seat_0_margin
            },
            peak_kib: [peak_kib[a], peak_kib[b]],
            ..Self::default()
        };
        for (seat, micros) in moves {
            result.move_ms[usize::from(seat != a)].push(micros as f64 / 1000.0);
        }
        result.forfeit = forfeit.map(|(seat, reason)| (players[seat].clone(), reason.to_string()));
        result
    }
}

impl MatchGame {
    /// The game from player `a`'s side.
    pub fn result(&self) -> GameResult {
        let a_seat = self.a_plays.index();
        let players = &self.record.players;
        let mut result = GameResult {
            names: [players[a_seat].clone(), players[1 - a_seat].clone()],
            a_margin: self.a_margin(),
            ..GameResult::default()
        };
        for (ply, record) in self.record.moves.iter().enumerate() {
            // J moves on even plies.
            let player = usize::from((ply % 2 == 0) != (a_seat == 0));
            result.move_ms[player].push(record.micros as f64 / 1000.0);
            result.peak_kib[player] = result.peak_kib[player].max(record.peak_rss_kib);
        }
        if let Some((side, reason)) = &self.record.forfeit {
            let seat = if *side == 'J' { 0 } else { 1 };
            result.forfeit = Some((players[seat].clone(), reason.clone()));
        }
        result
    }
}

/// Summarises the games of a match.
pub fn summarize(games: &[GameResult]) -> Summary {
    let mut summary = Summary {
        names: ["a".into(), "b".into()],
        wins: 0,
        draws: 0,
        losses: 0,
        mean_margin: 0.0,
        elo: (0.0, 0.0, 0.0),
        move_ms: [(0.0, 0.0, 0.0); 2],
        peak_mib: [0.0; 2],
        forfeits: Vec::new(),
    };
    let mut scores = Vec::new();
    let mut times: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    for (number, game) in games.iter().enumerate() {
        summary.names = game.names.clone();
        match game.a_margin.signum() {
            1 => summary.wins += 1,
            0 => summary.draws += 1,
            _ => summary.losses += 1,
        }
        scores.push((game.a_margin.signum() as f64 + 1.0) / 2.0);
        summary.mean_margin += game.a_margin as f64;
        for ((times, peak), (game_times, game_peak)) in times
            .iter_mut()
            .zip(&mut summary.peak_mib)
            .zip(game.move_ms.iter().zip(game.peak_kib))
        {
            times.extend_from_slice(game_times);
            *peak = peak.max(game_peak as f64 / 1024.0);
        }
        if let Some((who, why)) = &game.forfeit {
            summary.forfeits.push((number, who.clone(), why.clone()));
        }
    }
    summary.mean_margin /= games.len().max(1) as f64;
    summary.elo = elo_with_interval(&scores);
    summary.move_ms = times.map(|t| {
        (
            percentile(&t, 0.5),
            percentile(&t, 0.99),
            t.iter().copied().fold(0.0, f64::max),
        )
    });
    summary
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let games = self.wins + self.draws + self.losses;
        writeln!(f, "{} vs {}: {games} games", self.names[0], self.names[1])?;
        writeln!(
            f,
            "  W/D/L {}/{}/{}  mean point difference {:+.1}  Elo {:+.0} [{:+.0}, {:+.0}] (95%)",
            self.wins,
            self.draws,
            self.losses,
            self.mean_margin,
            self.elo.0,
            self.elo.1,
            self.elo.2
        )?;
        writeln!(
            f,
            "  {:<40} {:>9} {:>9} {:>9} {:>9}",
            "player", "p50 ms", "p99 ms", "max ms", "peak MiB"
        )?;
        for player in 0..2 {
            let (p50, p99, max) = self.move_ms[player];
            let name: String = self.names[player].chars().take(40).collect();
            writeln!(
                f,
                "  {name:<40} {p50:>9.2} {p99:>9.2} {max:>9.2} {:>9.1}",
                self.peak_mib[player]
            )?;
        }
        for (game, who, reason) in &self.forfeits {
            writeln!(f, "  game {game}: {who} forfeited: {reason}")?;
        }
        Ok(())
    }
}

/// One pairing of a tournament: the players' indices and their match.
pub type Pairing = (usize, usize, Vec<MatchGame>);

/// A round robin: every pair of players plays a match on the same boards.
pub fn run_tournament(players: &[Player], config: &MatchConfig) -> Vec<Pairing> {
    let mut pairings = Vec::new();
    for a in 0..players.len() {
        for b in a + 1..players.len() {
            pairings.push((a, b, run_match(&players[a], &players[b], config)));
        }
    }
    pairings
}

/// A player's line in the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The player.
    pub name: String,
    /// Games played.
    pub games: usize,
    /// One point a win, half a draw.
    pub points: f64,
    /// Mean point difference per game.
    pub mean_margin: f64,
}

/// The standings of a tournament, best first.
pub fn standings(players: &[Player], pairings: &[Pairing]) -> Vec<Standing> {
    let mut table: Vec<Standing> = players
        .iter()
        .map(|p| Standing {
            name: p.name(),
            games: 0,
            points: 0.0,
            mean_margin: 0.0,
        })
        .collect();
    for (a, b, games) in pairings {
        for game in games {
            let margin = game.a_margin();
            for (player, sign) in [(*a, 1), (*b, -1)] {
                let standing = &mut table[player];
                standing.games += 1;
                standing.points += ((sign * margin).signum() as f64 + 1.0) / 2.0;
                standing.mean_margin += (sign * margin) as f64;
            }
        }
    }
    for standing in &mut table {
        standing.mean_margin /= standing.games.max(1) as f64;
    }
    table.sort_by(|x, y| y.points.total_cmp(&x.points));
    table
}
