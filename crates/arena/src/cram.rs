//! The Cram referee (docs/cram.md), behaving as the course judge does: each player is one
//! process for the whole game; player 1 is started and must say `OK` within 1000 ms of its
//! start, then player 2 likewise; `START` goes to player 1 only; each move is forwarded to the
//! other player, who answers with its own within 500 ms; a player is never asked to move when
//! no domino fits (it has lost), and both get `STOP` at the end. A late, malformed or illegal
//! answer loses at once. Unlike the judge, this referee also checks that an answer's two cells
//! are adjacent (a bot that plays otherwise is wrong). Plus the built-in players.

use std::time::{Duration, Instant};

use cram_core::board::{Board, Domino, Square};
use cram_core::codec::{parse_init, parse_move};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use crate::html::Picture;
use crate::player::{Builtin, Player, Program};
use crate::process::{Received, Session};
use crate::record::GameRecord;
use crate::referee::{Referee, Settings, player_limit};

impl Builtin {
    /// The domino this strategy plays on `board` (which must have one).
    ///
    /// Random: uniform over the legal dominoes. Greedy: the domino that leaves the opponent
    /// the fewest moves, that is whose two cells have the most empty neighbours (a domino
    /// takes away every move through its cells), ties broken at random.
    pub fn choose_domino(self, board: &Board, rng: &mut Xoshiro256PlusPlus) -> Domino {
        if let Self::AlphaBeta(limit) = self {
            return crate::baseline::cram(board, limit);
        }
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
            Self::Random | Self::AlphaBeta(_) => {
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

/// The judge's limit from a player's start to its `OK`.
pub const INIT_LIMIT: Duration = Duration::from_millis(1000);
/// The judge's limit per move.
pub const MOVE_LIMIT: Duration = Duration::from_millis(500);

/// The Cram referee.
#[derive(Clone, Debug)]
pub struct Cram {
    /// Smallest and largest side of random boards.
    pub sizes: (usize, usize),
    /// About this share of the cells of random boards is pre-filled.
    pub prefill_percent: u32,
    /// A fixed init line played in every game instead of random ones.
    pub init: Option<String>,
    /// The limit per move (the time to say `OK` is scaled with it).
    pub limit: Duration,
}

impl Default for Cram {
    fn default() -> Self {
        Self {
            sizes: (5, 21),
            prefill_percent: 0,
            init: None,
            limit: MOVE_LIMIT,
        }
    }
}

/// A seat's player during a game: a built-in, or the process of an external one.
enum Seat {
    Builtin(Builtin),
    Command(Session),
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

/// A board and the dominoes played on it, for replays.
#[derive(Clone, Debug)]
pub struct Played {
    /// The board as it stands.
    pub board: Board,
    /// The dominoes played so far, in order.
    pub dominoes: Vec<Domino>,
}

impl Referee for Cram {
    type State = Played;
    const NAME: &'static str = "cram";
    const SEATS: [&'static str; 2] = ["player 1", "player 2"];
    const LEGEND: [&'static str; 2] = crate::html::CRAM_LEGEND;
    const TEXT_LEGEND: &'static str = "1, 2: the dominoes of player 1 (moves first) and of \
        player 2; # cells filled before the game; . empty cells";

    fn new(settings: &Settings) -> Result<Self, String> {
        let sizes = settings.sizes_or((5, 21), cram_core::board::MAX_SIDE)?;
        let prefill_percent = settings.prefill_percent.unwrap_or(0);
        if prefill_percent > 100 {
            return Err("--prefill is a percentage (0 to 100)".to_string());
        }
        let init = match &settings.start {
            None => None,
            Some(text) => {
                let line = text.trim_end_matches(['\n', '\r']);
                parse_init(line).map_err(|e| format!("the init line file: {e}"))?;
                Some(line.to_string())
            }
        };
        Ok(Self {
            sizes,
            prefill_percent,
            init,
            limit: settings.limit.unwrap_or(MOVE_LIMIT),
        })
    }

    fn start(&self, seed: u64) -> String {
        match &self.init {
            Some(init) => init.clone(),
            None => init_line(seed, self.sizes, self.prefill_percent),
        }
    }

    fn play(&self, init: &str, players: [&Player; 2], seed: u64) -> GameRecord {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut board = parse_init(init).expect("the referee's init line is well formed");
        let limits = players.map(|player| player_limit(player, self.limit));
        let mut record = GameRecord::new(
            Self::NAME,
            seed,
            init.to_string(),
            players.map(|player| player.name.clone()),
            limits.map(|limit| limit.as_millis() as u64),
        );
        let mut seats: Vec<Seat> = Vec::new();
        // Player 1 is started and must say OK before player 2 is started.
        for (index, player) in players.iter().enumerate() {
            let seat = match &player.program {
                Program::Builtin(builtin) => Seat::Builtin(*builtin),
                Program::Command(command) => {
                    let scale = limits[index].as_secs_f64() / MOVE_LIMIT.as_secs_f64();
                    let init_limit = INIT_LIMIT.mul_f64(scale);
                    match start(command, init, init_limit) {
                        Ok((session, took)) => {
                            record.ready_micros[index] = took.as_micros() as u64;
                            Seat::Command(session)
                        }
                        Err((session, reason)) => {
                            record.forfeit(index as u8, reason);
                            if let Some(session) = session {
                                record.peak_kib[index] = finish(session);
                            }
                            break;
                        }
                    }
                }
            };
            seats.push(seat);
        }
        if record.forfeit.is_none() {
            let mut line = "START".to_string();
            let mut mover = 0;
            loop {
                if !board.has_move() {
                    record.winner = Some(1 - mover as u8);
                    break;
                }
                let answer = match &mut seats[mover] {
                    Seat::Builtin(builtin) => {
                        let start = Instant::now();
                        let domino = builtin.choose_domino(&board, &mut rng);
                        Ok((domino, start.elapsed()))
                    }
                    Seat::Command(session) => ask(session, &line, &board, limits[mover]),
                };
                match answer {
                    Ok((domino, took)) => {
                        board.play(domino);
                        line = domino.to_string();
                        record.push_move(mover as u8, line.clone(), took.as_micros() as u64, 0);
                        mover = 1 - mover;
                    }
                    Err(reason) => {
                        record.forfeit(mover as u8, reason);
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
        let winner = usize::from(record.winner.unwrap_or(0));
        record.points[winner] = 1;
        record
    }

    fn states(record: &GameRecord) -> Result<Vec<Played>, String> {
        let board =
            parse_init(&record.start).map_err(|e| format!("the recorded init line: {e}"))?;
        let mut states = vec![Played {
            board,
            dominoes: Vec::new(),
        }];
        for m in &record.moves {
            let mut next = states.last().expect("the start").clone();
            let domino = parse_move(&m.text, &next.board)
                .ok()
                .filter(|&domino| next.board.is_legal(domino))
                .ok_or_else(|| format!("{:?} is not a legal domino here", m.text))?;
            next.board.play(domino);
            next.dominoes.push(domino);
            states.push(next);
        }
        Ok(states)
    }

    fn text(state: &Played, colour: bool) -> String {
        let board = &state.board;
        let mut owner = vec![None; board.rows() * board.columns()];
        for (number, domino) in state.dominoes.iter().enumerate() {
            for square in [domino.first, domino.second] {
                owner[square.row * board.columns() + square.column] = Some(number % 2);
            }
        }
        let mut out = String::new();
        for row in 0..board.rows() {
            for column in 0..board.columns() {
                let square = Square { row, column };
                let glyph = match owner[row * board.columns() + column] {
                    Some(0) if colour => "\x1b[44;97m1\x1b[0m",
                    Some(_) if colour => "\x1b[41;97m2\x1b[0m",
                    Some(0) => "1",
                    Some(_) => "2",
                    None if board.is_empty(square) => ".",
                    None => "#",
                };
                out.push_str(glyph);
            }
            out.push('\n');
        }
        out
    }

    fn picture(state: &Played) -> Picture {
        crate::html::cram(&state.board, &state.dominoes)
    }

    /// Dominoes played by each player.
    fn scores(state: &Played) -> [i64; 2] {
        let first = state.dominoes.len().div_ceil(2) as i64;
        [first, state.dominoes.len() as i64 - first]
    }
}
