//! Matches for any game: board pairs (each start played once from each seat), in parallel,
//! with a progress line, and their summary.

use std::fmt;
use std::io::IsTerminal;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::player::Player;
use crate::record::{GameRecord, MatchLine};
use crate::referee::Referee;
use crate::shard::Shard;
use crate::sprt::{GameScore, Pentanomial};
use crate::stats::{elo_with_interval, percentile};

/// One game of a match between players `a` and `b`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchGame {
    /// The board pair (from 0): both games of a pair start alike.
    pub pair: usize,
    /// `a`'s seat: 0 when `a` moved first (the first game of each pair).
    pub a_seat: u8,
    /// The game.
    pub record: GameRecord,
}

/// The game a line of a `--jsonl` file records.
impl From<&MatchLine> for MatchGame {
    fn from(line: &MatchLine) -> Self {
        Self {
            pair: line.pair,
            a_seat: line.a_seat,
            record: line.record.clone(),
        }
    }
}

impl MatchGame {
    /// `a`'s margin over `b` ([`GameRecord::margin`] from `a`'s side).
    pub fn a_margin(&self) -> i64 {
        if self.a_seat == 0 {
            self.record.margin()
        } else {
            -self.record.margin()
        }
    }

    /// `a`'s result.
    pub fn a_result(&self) -> GameScore {
        match self.a_margin().signum() {
            1 => GameScore::Win,
            0 => GameScore::Draw,
            _ => GameScore::Loss,
        }
    }

    /// `a`'s score: 1 for a win, 0.5 for a draw, 0 for a loss.
    pub fn a_score(&self) -> f64 {
        self.a_result().half_points() as f64 / 2.0
    }
}

/// How the pairs of a match are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// Pair `k` starts from the referee's start of seed `seed + k` (or the start file's for
    /// pair `k`), and its games' built-ins play with that seed.
    pub seed: u64,
    /// The most board pairs to play.
    pub pairs: usize,
    /// Games played at once.
    pub jobs: usize,
    /// The share of the pairs this run plays ([`Shard::WHOLE`]: all of them).
    pub shard: Shard,
}

impl Schedule {
    /// The pairs this run plays, in order: the shard's share of the match.
    pub fn planned(&self) -> Vec<usize> {
        self.shard.pairs(self.pairs).collect()
    }
}

/// Plays the board pairs of `schedule` ([`Schedule::planned`]) between `a` and `b`, as
/// [`play_pairs_among`] does.
pub fn play_pairs<R: Referee>(
    referee: &R,
    players: [&Player; 2],
    schedule: Schedule,
    on_pair: impl FnMut(&[MatchGame; 2]) -> ControlFlow<()>,
) -> Vec<MatchGame> {
    play_pairs_among(referee, players, schedule, &schedule.planned(), on_pair)
}

/// Plays the board pairs `planned` (each below `schedule.pairs`) between `a` and `b` with
/// `schedule.jobs` games at a time: pair `k` starts from `referee.start_of_pair(seed, k)`
/// (the start file's, or the one drawn from seed `seed + k`), its games played with seed
/// `seed + k` (or the seed a Domain start line names, [`Referee::game_seed`]), `a` first
/// in its game 0 and second in its game 1. `on_pair` sees each finished pair (in the order
/// pairs finish) and may stop the match; pairs finishing after that are dropped. A progress
/// line with `a`'s running W-D-L and the time left goes to standard error when it is a
/// terminal. Returns the games of the pairs `on_pair` saw, in pair order.
pub fn play_pairs_among<R: Referee>(
    referee: &R,
    players: [&Player; 2],
    schedule: Schedule,
    planned: &[usize],
    on_pair: impl FnMut(&[MatchGame; 2]) -> ControlFlow<()>,
) -> Vec<MatchGame> {
    let total = 2 * planned.len();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel();
    let mut kept = std::thread::scope(|scope| {
        for _ in 0..schedule.jobs.clamp(1, total.max(1)) {
            let sender = sender.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || {
                while let Some(game) = take_game(next, stop, total) {
                    let (pair, a_seat) = (planned[game / 2], (game % 2) as u8);
                    let finished = play_game(referee, players, schedule.seed, pair, a_seat);
                    if sender.send(finished).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        pair_up(receiver, schedule.pairs, total, &stop, on_pair)
    });
    kept.sort_by_key(|game| (game.pair, game.a_seat));
    kept
}

/// The number of the next game to play, unless all are taken or the match stopped.
fn take_game(next: &AtomicUsize, stop: &AtomicBool, total: usize) -> Option<usize> {
    let game = next.fetch_add(1, Ordering::Relaxed);
    (game < total && !stop.load(Ordering::Relaxed)).then_some(game)
}

/// Plays the game of board pair `pair` where `a` sits in seat `a_seat` (0 moves first).
fn play_game<R: Referee>(
    referee: &R,
    [a, b]: [&Player; 2],
    seed: u64,
    pair: usize,
    a_seat: u8,
) -> MatchGame {
    let start = referee.start_of_pair(seed, pair);
    let game_seed = R::game_seed(&start, seed.wrapping_add(pair as u64));
    let players = if a_seat == 0 { [a, b] } else { [b, a] };
    let record = referee.play(&start, players, game_seed);
    MatchGame {
        pair,
        a_seat,
        record,
    }
}

/// Collects finished games (of `games` in all, pair numbers below `pairs`) into pairs and
/// hands each pair to `on_pair`, with the progress line; raises `stop` when `on_pair` breaks.
/// Returns the games of the pairs handed over.
fn pair_up(
    finished: mpsc::Receiver<MatchGame>,
    pairs: usize,
    games: usize,
    stop: &AtomicBool,
    mut on_pair: impl FnMut(&[MatchGame; 2]) -> ControlFlow<()>,
) -> Vec<MatchGame> {
    let mut progress = Progress::new(games);
    let mut kept = Vec::new();
    let mut halves: Vec<Option<MatchGame>> = vec![None; pairs];
    for game in finished {
        progress.record(game.a_result());
        if stop.load(Ordering::Relaxed) {
            continue;
        }
        let pair = game.pair;
        let Some(other) = halves[pair].take() else {
            halves[pair] = Some(game);
            continue;
        };
        let both = if game.a_seat == 0 {
            [game, other]
        } else {
            [other, game]
        };
        if on_pair(&both).is_break() {
            stop.store(true, Ordering::Relaxed);
        }
        kept.extend(both);
    }
    progress.finish();
    kept
}

/// The progress line on standard error (only when it is a terminal).
struct Progress {
    shown: bool,
    total: usize,
    done: usize,
    wdl: [usize; 3],
    started: Instant,
}

impl Progress {
    fn new(total: usize) -> Self {
        Self {
            shown: std::io::stderr().is_terminal() && total > 1,
            total,
            done: 0,
            wdl: [0; 3],
            started: Instant::now(),
        }
    }

    fn record(&mut self, a_result: GameScore) {
        self.done += 1;
        self.wdl[2 - a_result.half_points()] += 1;
        if self.shown {
            let left = time_left(self.started.elapsed(), self.done, self.total);
            eprint!(
                "\r{}/{} games  a: {}-{}-{} (W-D-L)  about {} left   ",
                self.done,
                self.total,
                self.wdl[0],
                self.wdl[1],
                self.wdl[2],
                short_duration(left)
            );
        }
    }

    fn finish(&self) {
        if self.shown {
            eprintln!();
        }
    }
}

/// The time the rest of a run should take: `elapsed` for `done` of `total` games, so much
/// again for each game to come (the games played so far set the pace).
pub fn time_left(elapsed: Duration, done: usize, total: usize) -> Duration {
    elapsed.mul_f64(total.saturating_sub(done) as f64 / done.max(1) as f64)
}

/// `1h02m`, `3m05s` or `42s`.
pub fn short_duration(duration: Duration) -> String {
    let seconds = duration.as_secs();
    match seconds {
        0..60 => format!("{seconds}s"),
        60..3600 => format!("{}m{:02}s", seconds / 60, seconds % 60),
        _ => format!("{}h{:02}m", seconds / 3600, seconds / 60 % 60),
    }
}

/// One player's figures in a match.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerFigures {
    /// The name.
    pub name: String,
    /// Move times: median, 99th percentile and maximum, in milliseconds.
    pub move_ms: (f64, f64, f64),
    /// The longest first move of a game, in milliseconds.
    pub first_move_ms: f64,
    /// The longest time to get ready (Cram's `OK`), in milliseconds; 0 where the game has none.
    pub ready_ms: f64,
    /// The largest peak resident memory, in MiB.
    pub peak_mib: f64,
    /// The time its moves took over a game, in seconds: the mean and the most over the games.
    pub game_s: (f64, f64),
    /// With a clock (`--tc`): the least time left on its clock when a move of it came, in
    /// seconds; `None` without a clock.
    pub least_left_s: Option<f64>,
}

/// The result table of a match, from player `a`'s side.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Figures of `a` and of `b`.
    pub players: [PlayerFigures; 2],
    /// The game's seats, first mover first ([`crate::replay::Replay::SEATS`]).
    pub seats: [&'static str; 2],
    /// Games `a` won, drew and lost.
    pub wdl: [usize; 3],
    /// `a`'s wins, draws and losses as the first mover (seat 0) and as the second.
    pub wdl_by_seat: [[usize; 3]; 2],
    /// Mean of `a`'s margin over `b`.
    pub mean_margin: f64,
    /// Elo difference of `a` over `b` from single games, with its 95% interval (whose ends
    /// may be infinite), when the difference is finite.
    pub elo: Option<(f64, f64, f64)>,
    /// The pentanomial pair statistics of `a`.
    pub pairs: Pentanomial,
    /// Forfeits: game number, who, and why.
    pub forfeits: Vec<(usize, String, String)>,
}

/// What the games of a match say of one player's time and memory.
#[derive(Default)]
struct Costs {
    move_ms: Vec<f64>,
    first_move_ms: f64,
    ready_ms: f64,
    peak_mib: f64,
    /// The time of all its moves in each game, in seconds.
    game_s: Vec<f64>,
    /// The least time left on its clock, in seconds, once a game had a clock.
    least_left_s: Option<f64>,
}

impl Costs {
    /// Adds the moves and costs of `seat` in `record`.
    fn add(&mut self, record: &GameRecord, seat: u8) {
        let times = record.moves.iter().filter(|m| m.seat == seat);
        let times: Vec<f64> = times.map(|m| m.micros as f64 / 1000.0).collect();
        self.first_move_ms = self
            .first_move_ms
            .max(times.first().copied().unwrap_or(0.0));
        self.game_s.push(times.iter().sum::<f64>() / 1000.0);
        self.move_ms.extend(times);
        let own = record.moves.iter().filter(|m| m.seat == seat);
        for left_ms in own.filter_map(|m| m.clock_left_ms) {
            let left = left_ms as f64 / 1000.0;
            self.least_left_s = Some(self.least_left_s.map_or(left, |least| least.min(left)));
        }
        let seat = usize::from(seat);
        self.peak_mib = self.peak_mib.max(record.peak_kib[seat] as f64 / 1024.0);
        self.ready_ms = self.ready_ms.max(record.ready_micros[seat] as f64 / 1000.0);
    }

    /// The figures of the player named `name`.
    fn figures(&self, name: &str) -> PlayerFigures {
        let times = &self.move_ms;
        PlayerFigures {
            name: name.to_string(),
            move_ms: (
                percentile(times, 0.5),
                percentile(times, 0.99),
                times.iter().copied().fold(0.0, f64::max),
            ),
            first_move_ms: self.first_move_ms,
            ready_ms: self.ready_ms,
            peak_mib: self.peak_mib,
            game_s: (
                self.game_s.iter().sum::<f64>() / self.game_s.len().max(1) as f64,
                self.game_s.iter().copied().fold(0.0, f64::max),
            ),
            least_left_s: self.least_left_s,
        }
    }
}

/// Summarises the games of a match (as [`play_pairs`] returns them).
pub fn summarize(names: [&str; 2], seats: [&'static str; 2], games: &[MatchGame]) -> Summary {
    let mut wdl = [0; 3];
    let mut wdl_by_seat = [[0; 3]; 2];
    let mut costs = [Costs::default(), Costs::default()];
    let mut forfeits = Vec::new();
    let mut pairs = Pentanomial::default();
    for (number, game) in games.iter().enumerate() {
        let outcome = 2 - game.a_result().half_points();
        wdl[outcome] += 1;
        wdl_by_seat[usize::from(game.a_seat)][outcome] += 1;
        let record = &game.record;
        costs[0].add(record, game.a_seat);
        costs[1].add(record, 1 - game.a_seat);
        if let Some(forfeit) = &record.forfeit {
            let who = record.players[usize::from(forfeit.seat)].clone();
            forfeits.push((number, who, forfeit.reason.clone()));
        }
        if game.a_seat == 1 && number > 0 && games[number - 1].pair == game.pair {
            pairs.add_pair(games[number - 1].a_result(), game.a_result());
        }
    }
    let scores: Vec<f64> = games.iter().map(MatchGame::a_score).collect();
    let margin: f64 = games.iter().map(|game| game.a_margin() as f64).sum();
    let (mid, low, high) = elo_with_interval(&scores);
    Summary {
        players: [costs[0].figures(names[0]), costs[1].figures(names[1])],
        seats,
        wdl,
        wdl_by_seat,
        mean_margin: margin / games.len().max(1) as f64,
        elo: mid.is_finite().then_some((mid, low, high)),
        pairs,
        forfeits,
    }
}

impl Summary {
    /// The results: W/D/L overall and by seat, the mean margin, the Elo by games and by pairs.
    fn fmt_results(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [w, d, l] = self.wdl;
        let games = w + d + l;
        let score = (w as f64 + d as f64 / 2.0) / games.max(1) as f64;
        writeln!(
            f,
            "  a's W/D/L {w}/{d}/{l} (score {:.1}%), mean point difference {:+.1} (a minus b)",
            100.0 * score,
            self.mean_margin
        )?;
        for (seat, order) in ["first", "second"].iter().enumerate() {
            let [w, d, l] = self.wdl_by_seat[seat];
            writeln!(
                f,
                "    a as {} (moving {order}): {w}/{d}/{l}",
                self.seats[seat]
            )?;
        }
        match self.elo {
            Some((mid, low, high)) => writeln!(
                f,
                "  Elo of a over b, by games: {mid:+.0} [{low:+.0}, {high:+.0}] (95%, normal approximation)"
            )?,
            None => writeln!(
                f,
                "  Elo of a over b, by games: too few games (or no loss / no win) to say"
            )?,
        }
        writeln!(f, "  by board pairs: {}", self.pairs)
    }

    /// The table of move times, time used per game, time left on the clock (with a clock),
    /// readiness and memory.
    fn fmt_costs(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = &self.players;
        let width = a.name.len().max(b.name.len()).max(6);
        let ready = a.ready_ms > 0.0 || b.ready_ms > 0.0;
        let clock = a.least_left_s.is_some() || b.least_left_s.is_some();
        write!(
            f,
            "  {:<width$} {:>8} {:>8} {:>8} {:>10} {:>8} {:>10}",
            "player", "p50 ms", "p99 ms", "max ms", "1st max ms", "s/game", "max s/game"
        )?;
        if clock {
            write!(f, " {:>10}", "least left")?;
        }
        if ready {
            write!(f, " {:>9}", "ready ms")?;
        }
        writeln!(f, " {:>8}", "peak MiB")?;
        for player in [a, b] {
            let (p50, p99, max) = player.move_ms;
            let (game_mean, game_max) = player.game_s;
            write!(
                f,
                "  {:<width$} {p50:>8.1} {p99:>8.1} {max:>8.1} {:>10.1} {game_mean:>8.2} {game_max:>10.2}",
                player.name, player.first_move_ms
            )?;
            if clock {
                let least = player.least_left_s.map(|s| format!("{s:.2} s"));
                write!(f, " {:>10}", least.as_deref().unwrap_or("-"))?;
            }
            if ready {
                write!(f, " {:>9.1}", player.ready_ms)?;
            }
            writeln!(f, " {:>8.1}", player.peak_mib)?;
        }
        Ok(())
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = &self.players;
        let games: usize = self.wdl.iter().sum();
        writeln!(f, "a = {}\nb = {}\n{games} games", a.name, b.name)?;
        writeln!(
            f,
            "  (each board twice, a in each seat; W/D/L, points and Elo are a's, against b)"
        )?;
        self.fmt_results(f)?;
        self.fmt_costs(f)?;
        for (game, who, reason) in &self.forfeits {
            writeln!(f, "  game {game}: {who} forfeited: {reason}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_left_goes_at_the_pace_of_the_games_played() {
        let minute = Duration::from_secs(60);
        assert_eq!(time_left(minute, 10, 40), Duration::from_secs(180));
        assert_eq!(time_left(minute, 40, 40), Duration::ZERO);
        assert_eq!(time_left(Duration::ZERO, 0, 4), Duration::ZERO);
        assert_eq!(short_duration(time_left(minute, 1, 63)), "1h02m");
        assert_eq!(short_duration(Duration::from_secs(185)), "3m05s");
    }

    /// A game of `a` (seat `a_seat`) whose moves took `micros` each, alternating seats from
    /// seat 0, with `a`'s clock showing `left_ms` at each of its moves where given.
    fn game(pair: usize, a_seat: u8, micros: &[u64], left_ms: Option<u64>) -> MatchGame {
        let players = ["a", "b"].map(String::from);
        let players = if a_seat == 0 {
            players
        } else {
            [players[1].clone(), players[0].clone()]
        };
        let mut record = GameRecord::new("go", 1, "5".into(), players, [5000; 2]);
        for (number, &micros) in micros.iter().enumerate() {
            let seat = (number % 2) as u8;
            let clock_left_ms = left_ms
                .filter(|_| seat == a_seat)
                .map(|ms| ms + number as u64);
            record.push_move(crate::record::MoveRecord {
                seat,
                text: "pass".into(),
                micros,
                peak_kib: 0,
                clock_left_ms,
            });
        }
        MatchGame {
            pair,
            a_seat,
            record,
        }
    }

    #[test]
    fn the_table_shows_each_players_time_per_game_and_the_least_left_on_its_clock() {
        let games = [
            game(0, 0, &[1_000_000, 10, 2_000_000, 10], Some(500)),
            game(0, 1, &[10, 500_000, 10, 500_000], Some(7_000)),
        ];
        let summary = summarize(["a", "b"], ["Black", "White"], &games);
        let [a, b] = &summary.players;
        assert_eq!(a.game_s, (2.0, 3.0));
        assert_eq!(a.least_left_s, Some(0.5));
        assert_eq!(b.least_left_s, None);
        let table = summary.to_string();
        assert!(table.contains("s/game max s/game least left"), "{table}");
        assert!(table.contains("    2.00       3.00     0.50 s"), "{table}");
        assert!(table.contains("          -"), "{table}");
        let unclocked = [game(0, 0, &[1_000_000, 10], None)];
        let table = summarize(["a", "b"], ["Black", "White"], &unclocked).to_string();
        assert!(
            table.contains("s/game") && !table.contains("least left"),
            "{table}"
        );
    }
}
