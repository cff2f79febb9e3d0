//! The Cram referee (specs/cram.md), behaving as the course judge does: each player is one
//! process for the whole game; player 1 is started and must say `OK` within 1000 ms of its
//! start, then player 2 likewise; `START` goes to player 1 only; each move is forwarded to the
//! other player, who answers with its own within 500 ms; a player is never asked to move when
//! no domino fits (it has lost), and both get `STOP` at the end. A late, malformed or illegal
//! answer loses at once. Unlike the judge, this referee also checks that an answer's two cells
//! are adjacent (a bot that plays otherwise is wrong). Plus the built-in players.

use std::time::{Duration, Instant};

use cram_core::board::{Board, Domino, Square, parse_init, parse_move};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use crate::matchup::GameResult;
pub use crate::player::{Builtin, Player};
use crate::process::{Received, Session};

impl Builtin {
    /// The domino this strategy plays on `board` (which must have one).
    ///
    /// Random: uniform over the legal dominoes. Greedy: the domino that leaves the opponent
    /// the fewest moves, that is whose two cells have the most empty neighbours (a domino
    /// takes away every move through its cells), ties broken at random.
    pub fn choose_domino(self, board: &Board, rng: &mut Xoshiro256PlusPlus) -> Domino {
        if self == Self::Random {
            // Uniform over (cell, direction) pairs until one is legal: uniform over the legal
            // dominoes without listing them (a 999 x 999 board has two million).
            let n = board.rows();
            for _ in 0..64 {
                let number = (rng.next_u64() % (2 * n * n) as u64) as usize;
                let domino = Domino::numbered(number, n);
                if board.is_legal(domino) {
                    return domino;
                }
            }
        }
        let (right, below) = board.move_starts();
        let domino = |cell: bitgrid::Cell, vertical: bool| {
            let first = Square {
                row: cell.y,
                column: cell.x,
            };
            Domino::from_first(first, vertical)
        };
        let dominoes = || {
            right
                .iter()
                .map(move |c| domino(c, false))
                .chain(below.iter().map(move |c| domino(c, true)))
        };
        match self {
            Self::Random => {
                let count = right.len() + below.len();
                let pick = (rng.next_u64() % count as u64) as usize;
                dominoes().nth(pick).expect("a legal domino")
            }
            Self::Greedy => {
                let score =
                    |d: &Domino| board.empty_neighbours(d.first) + board.empty_neighbours(d.second);
                let best = dominoes().map(|d| score(&d)).max().expect("a legal domino");
                let ties = dominoes().filter(|d| score(d) == best).count();
                let pick = (rng.next_u64() % ties as u64) as usize;
                dominoes()
                    .filter(|d| score(d) == best)
                    .nth(pick)
                    .expect("a tie")
            }
        }
    }
}

/// The time limits of a game.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// From a player's start to its `OK`.
    pub init: Duration,
    /// From sending a line to reading the move that answers it.
    pub per_move: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            init: Duration::from_millis(1000),
            per_move: Duration::from_millis(500),
        }
    }
}

/// A finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Names of player 1 (who moves first) and player 2.
    pub players: [String; 2],
    /// The init line both players got.
    pub init: String,
    /// The moves in order (`AxB_CxD`), with the time each took in microseconds.
    pub moves: Vec<(String, u64)>,
    /// How long each player took to say `OK`, in microseconds (0 for built-ins).
    pub ok_micros: [u64; 2],
    /// The seat that won (0 = player 1).
    pub winner: u8,
    /// The seat that lost by a bad answer (or no `OK`), and why.
    pub forfeit: Option<(u8, String)>,
    /// Peak resident memory of each player's process over the game, in KiB (0 for built-ins).
    pub peak_kib: [u64; 2],
}

/// The init line of a seeded game: an `n x n` board with `n` in `sizes`, and about
/// `prefill_percent` of its cells pre-filled (listed in random order, some twice, as the
/// judge may).
pub fn init_line(seed: u64, sizes: (usize, usize), prefill_percent: u32) -> String {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let n = sizes.0 + (rng.next_u64() % (sizes.1 - sizes.0 + 1) as u64) as usize;
    let mut line = n.to_string();
    let cells = n * n;
    let filled = cells * prefill_percent as usize / 100;
    for i in 0..filled {
        let cell = (rng.next_u64() % cells as u64) as usize;
        line.push_str(&format!("_{}x{}", cell / n, cell % n));
        if i % 10 == 0 {
            // A duplicate, which players must tolerate.
            line.push_str(&format!("_{}x{}", cell / n, cell % n));
        }
    }
    line
}

/// A seat's player during a game: a built-in, or the process of an external one.
enum Seat {
    Builtin(Builtin),
    Command(Session),
}

/// Plays a game from `init` (a judge init line) between `players` (player 1's, then player
/// 2's); `seed` drives the built-ins.
pub fn play_game(players: [&Player; 2], init: &str, seed: u64, limits: Limits) -> GameRecord {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut board = parse_init(init).expect("the referee's init line is well formed");
    let mut record = GameRecord {
        players: players.map(Player::name),
        init: init.to_string(),
        moves: Vec::new(),
        ok_micros: [0, 0],
        winner: 0,
        forfeit: None,
        peak_kib: [0, 0],
    };
    let mut seats: Vec<Seat> = Vec::new();
    // Player 1 is started and must say OK before player 2 is started.
    for (index, player) in players.iter().enumerate() {
        let seat = match player {
            Player::Builtin(builtin) => Seat::Builtin(*builtin),
            Player::Command(command) => match start(command, init, limits.init) {
                Ok((session, took)) => {
                    record.ok_micros[index] = took.as_micros() as u64;
                    Seat::Command(session)
                }
                Err((session, reason)) => {
                    record.forfeit = Some((index as u8, reason));
                    record.winner = 1 - index as u8;
                    if let Some(session) = session {
                        record.peak_kib[index] = finish(session);
                    }
                    break;
                }
            },
        };
        seats.push(seat);
    }
    if record.forfeit.is_none() {
        let mut line = "START".to_string();
        let mut mover = 0;
        loop {
            if !board.has_move() {
                record.winner = 1 - mover as u8;
                break;
            }
            let answer = match &mut seats[mover] {
                Seat::Builtin(builtin) => {
                    let start = Instant::now();
                    let domino = builtin.choose_domino(&board, &mut rng);
                    Ok((domino, start.elapsed()))
                }
                Seat::Command(session) => ask(session, &line, &board, limits.per_move),
            };
            match answer {
                Ok((domino, took)) => {
                    board.play(domino);
                    line = domino.to_string();
                    record.moves.push((line.clone(), took.as_micros() as u64));
                    mover = 1 - mover;
                }
                Err(reason) => {
                    record.forfeit = Some((mover as u8, reason));
                    record.winner = 1 - mover as u8;
                    break;
                }
            }
        }
    }
    for (index, seat) in seats.into_iter().enumerate() {
        if let Seat::Command(mut session) = seat {
            let _ = session.send("STOP");
            record.peak_kib[index] = finish(session);
        }
    }
    record
}

/// Starts a player and waits for its `OK` (compared case-insensitively, as the judge does).
fn start(
    command: &[String],
    init: &str,
    limit: Duration,
) -> Result<(Session, Duration), (Option<Session>, String)> {
    let started = Instant::now();
    let mut session = Session::start(command).map_err(|e| (None, e))?;
    // A bot that dies at once shows up as closed output below.
    let _ = session.send(init);
    let remaining = limit.saturating_sub(started.elapsed());
    match session.receive(remaining) {
        Received::Line(answer, _) if answer.eq_ignore_ascii_case("OK") => {
            Ok((session, started.elapsed()))
        }
        Received::Line(answer, _) => Err((Some(session), format!("answered {answer:?}, not OK"))),
        Received::Timeout => Err((
            Some(session),
            format!("no OK within {} ms of starting", limit.as_millis()),
        )),
        Received::Closed => Err((
            Some(session),
            "closed its output before OK (it exited or crashed)".to_string(),
        )),
    }
}

/// Sends `line` (`START` or the opponent's move) and judges the answer.
fn ask(
    session: &mut Session,
    line: &str,
    board: &Board,
    limit: Duration,
) -> Result<(Domino, Duration), String> {
    let _ = session.send(line);
    match session.receive(limit) {
        Received::Line(answer, took) => match parse_move(&answer, board) {
            Ok(domino) if board.is_legal(domino) => Ok((domino, took)),
            Ok(domino) => Err(format!("illegal move {domino}: the cells are not adjacent")),
            Err(error) => Err(format!("bad move {answer:?}: {error}")),
        },
        Received::Timeout => Err(format!("no move within {} ms", limit.as_millis())),
        Received::Closed => Err("closed its output (it exited or crashed)".to_string()),
    }
}

/// Ends a session (its input closed after `STOP`) and returns its peak memory in KiB.
fn finish(session: Session) -> u64 {
    session.finish(Duration::from_millis(200)).peak_rss_kib
}

/// A game of a match, with the seat of player `a`.
pub type MatchGame = crate::matchup::SeatedGame<GameRecord>;

impl MatchGame {
    /// The game from player `a`'s side: 1 point for a win.
    pub fn result(&self) -> GameResult {
        let record = &self.record;
        GameResult::from_seats(
            &record.players,
            usize::from(self.a_seat),
            if record.winner == 0 { 1 } else { -1 },
            record.peak_kib,
            record
                .moves
                .iter()
                .enumerate()
                .map(|(ply, (_, micros))| (ply % 2, *micros)),
            record
                .forfeit
                .as_ref()
                .map(|(seat, why)| (usize::from(*seat), why.as_str())),
        )
    }
}

/// What boards a match is played on.
#[derive(Clone, Copy, Debug)]
pub struct Boards {
    /// Pairs of games (each board is played once from each seat).
    pub pairs: usize,
    /// Smallest and largest side.
    pub sizes: (usize, usize),
    /// About this share of cells is pre-filled.
    pub prefill_percent: u32,
    /// Seeds the boards and the built-ins.
    pub seed: u64,
}

/// Plays each board of `boards` twice between `a` and `b`, once from each seat.
pub fn run_match(
    a: &Player,
    b: &Player,
    boards: Boards,
    jobs: usize,
    limits: Limits,
) -> Vec<MatchGame> {
    crate::matchup::play_both_seats(a, b, boards.pairs, jobs, |players, game| {
        let seed = boards.seed.wrapping_add(game as u64 / 2);
        let init = init_line(seed, boards.sizes, boards.prefill_percent);
        play_game(players, &init, seed, limits)
    })
}
