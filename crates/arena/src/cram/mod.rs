//! Cram: the referee, behaving as the course judge does (docs/cram.md): each player is one
//! process for the whole game; player 1 is started and must say `OK` within 1000 ms of its
//! start, then player 2 likewise; `START` goes to player 1 only; each move is forwarded to the
//! other player, who answers with its own within 500 ms; a player is never asked to move when
//! no domino fits (it has lost), and both get `STOP` at the end. A late, malformed or illegal
//! answer loses at once. Unlike the judge, this referee also checks that an answer's two cells
//! are adjacent (a bot that plays otherwise is wrong). Plus the built-in players
//! ([`builtins`]), the `alphabeta` baseline ([`baseline`]) and the replay: states, text and
//! pictures ([`picture`]).

pub mod balance;
pub mod baseline;
pub mod builtins;
pub mod picture;

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::time::{Duration, Instant};

use floodgate_cram_core::board::{Board, Domino, position_value};
use floodgate_cram_core::codec::{parse_init, parse_move};
use floodgate_cram_core::solver::{Budget, Solver};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use crate::error::Error;
use crate::player::Builtin;
use crate::process::{ProcessLimits, Received, Session};
use crate::record::GameRecord;
use crate::referee::{Balance, Referee, Serve, Settings, Unused, draw_side};
use crate::start_file::StartList;
use crate::termination::{Awaited, Loss, Termination};
use crate::turn::{FinalPoints, Judge, Reply, Turn, exchange, other_seat_scores};

/// The init line of a seeded game: an `n x n` board with `n` in `sizes`, and about
/// `prefill_percent` of its cells pre-filled (listed in random order, some twice, as the
/// judge may).
pub fn init_line(seed: u64, sizes: (usize, usize), prefill_percent: u32) -> String {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let n = draw_side(&mut rng, sizes);
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
    /// The init lines of a start file (or the one of `--board`), played instead of random
    /// ones.
    pub listed: Option<StartList<InitLine>>,
    /// End a game once the solver values its position within [`ADJUDICATION_WORK`].
    pub adjudicate: bool,
}

/// The solver's work for an adjudication: the regions it may value by mex or search after a
/// move; past it the game goes on.
pub const ADJUDICATION_WORK: u64 = 2_000;

impl Default for Cram {
    fn default() -> Self {
        Self {
            sizes: (5, 21),
            prefill_percent: 0,
            listed: None,
            adjudicate: false,
        }
    }
}

/// A board and the dominoes played on it: the game during play and in replays.
#[derive(Clone, Debug)]
pub struct Played {
    /// The board as it stands.
    pub board: Board,
    /// The dominoes played so far, in order.
    pub dominoes: Vec<Domino>,
}

impl Played {
    /// The seat to move: the players alternate, player 1 first.
    fn mover(&self) -> usize {
        self.dominoes.len() % 2
    }
}

/// Starts a player and waits for its `OK` (compared case-insensitively, as the judge does).
/// A player that fails is stopped at once and its peak memory kept in `peak_kib`.
fn start(
    command: &[String],
    init: &str,
    limit: Duration,
    limits: &ProcessLimits,
    peak_kib: &mut u64,
) -> Result<(Session, Duration), Loss> {
    let started = Instant::now();
    let mut session =
        Session::start(command, limits).map_err(|e| Loss::CannotStart(e.to_string()))?;
    // A bot that dies at once shows up as closed output below.
    let _ = session.send(init);
    let remaining = limit.saturating_sub(started.elapsed());
    let loss = match session.receive(remaining) {
        Received::Line(answer, _) if answer.eq_ignore_ascii_case("OK") => {
            return Ok((session, started.elapsed()));
        }
        Received::Line(answer, _) => Loss::NotOk { answer },
        Received::Timeout => Loss::late(Awaited::Ok, limit),
        Received::Closed => Loss::Closed {
            awaited: Awaited::Ok,
        },
        Received::Broke(breach) => breach.into(),
    };
    *peak_kib = finish(session);
    Err(loss)
}

/// Ends a session (its input closed after `STOP`) and returns its peak memory in KiB.
fn finish(session: Session) -> u64 {
    session.finish(Duration::from_millis(200)).peak_rss_kib
}

/// Where a Cram game starts: the judge's init line, as sent (the record keeps it so), and the
/// board it describes.
#[derive(Clone, Debug)]
pub struct InitLine {
    line: String,
    board: Board,
}

impl fmt::Display for InitLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.line)
    }
}

impl FromStr for InitLine {
    type Err = Error;

    /// An init line, its line end (if any) left out.
    fn from_str(text: &str) -> Result<Self, Error> {
        let line = text.trim_end_matches(['\n', '\r']);
        let board = parse_init(line).map_err(|e| Error::Start(e.to_string()))?;
        Ok(Self {
            line: line.to_string(),
            board,
        })
    }
}

impl Judge for Cram {
    type Start = InitLine;
    type Position = Played;
    type Move = Domino;
    type Link = Session;

    fn position(&self, init: &InitLine) -> Played {
        Played {
            board: init.board.clone(),
            dominoes: Vec::new(),
        }
    }

    /// A player with no domino left is never asked: it has lost.
    fn to_move(&self, played: &Played) -> Option<usize> {
        played.board.has_move().then(|| played.mover())
    }

    fn builtin_move(
        &self,
        builtin: Builtin,
        played: &Played,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Domino {
        builtin.choose_domino(&played.board, rng)
    }

    /// Player 1 is started and says `OK` before player 2 is started; the time to say it is
    /// the judge's, scaled with the limit per move.
    fn connect(
        &self,
        seat: usize,
        command: &[String],
        _: &Played,
        limit: Duration,
        limits: &ProcessLimits,
        record: &mut GameRecord,
    ) -> Result<Option<Session>, Loss> {
        let init_limit = INIT_LIMIT.mul_f64(limit.as_secs_f64() / MOVE_LIMIT.as_secs_f64());
        let (session, took) = start(
            command,
            &record.start,
            init_limit,
            limits,
            &mut record.peak_kib[seat],
        )?;
        record.ready_micros[seat] = took.as_micros() as u64;
        Ok(Some(session))
    }

    /// Sends `START` (player 1's first turn) or the opponent's move and judges the answer.
    fn ask(
        &self,
        link: &mut Option<Session>,
        turn: Turn<'_, Played>,
    ) -> Result<Reply<Domino>, Loss> {
        let session = link.as_mut().expect("started before the first move");
        let (board, limit) = (&turn.position.board, turn.limit);
        let line = turn.last.unwrap_or("START");
        let (answer, took) = exchange(session, line, limit, Awaited::Move)?;
        match parse_move(&answer, board) {
            Ok(played) if board.is_legal(played) => Ok(Reply::timed(played, took)),
            Ok(domino) => Err(Loss::Illegal(format!(
                "illegal move {domino}: the cells are not adjacent"
            ))),
            Err(error) => Err(Loss::Malformed(format!("bad move {answer:?}: {error}"))),
        }
    }

    fn notation(&self, _: &Played, _: usize, domino: Domino) -> String {
        domino.to_string()
    }

    fn apply(&self, played: &mut Played, _: usize, domino: Domino) {
        played.board.play(domino);
        played.dominoes.push(domino);
    }

    /// Both players get `STOP`.
    fn close(&self, mut session: Session) -> u64 {
        let _ = session.send("STOP");
        finish(session)
    }

    /// The player to move has no domino left and loses: 1 point to the winner.
    fn final_points(&self, played: &Played) -> FinalPoints {
        let loser = played.mover();
        FinalPoints {
            points: other_seat_scores(loser, 1),
            winner: Some(1 - loser as u8),
        }
    }

    fn forfeit_points(&self, _: &Played, seat: usize, _: &Loss) -> [i64; 2] {
        other_seat_scores(seat, 1)
    }

    /// The winner under perfect play, where the solver values the position within
    /// [`ADJUDICATION_WORK`]: the player to move when its value is not 0, else the other.
    fn adjudicate(
        &self,
        played: &mut Played,
        _: &mut [Option<Session>; 2],
    ) -> ControlFlow<Termination> {
        if !self.adjudicate {
            return ControlFlow::Continue(());
        }
        let mut solver: Solver = Solver::with_table_bytes(1 << 20);
        let value = {
            let mut solver = solver.budgeted(Budget::work(ADJUDICATION_WORK));
            match position_value(&played.board, &mut solver) {
                Some(value) => value,
                None => return ControlFlow::Continue(()),
            }
        };
        let mover = played.mover();
        let loser = if value == 0 { mover } else { 1 - mover };
        ControlFlow::Break(Termination::Adjudicated(FinalPoints {
            points: other_seat_scores(loser, 1),
            winner: Some(1 - loser as u8),
        }))
    }
}

impl Referee for Cram {
    const NAME: &'static str = "cram";
    /// The limit per move (the time to say `OK` is scaled with it).
    const LIMIT: Duration = MOVE_LIMIT;
    const SERVE: Serve = builtins::serve;
    const BALANCE: Option<Balance<Self>> = Some(balance::candidate);

    fn new(settings: &Settings) -> Result<Self, Error> {
        settings.refuse(Self::NAME, &[Unused::Resign, Unused::TimeControl])?;
        let sizes = settings.sizes_or((5, 21), floodgate_cram_core::board::MAX_SIDE)?;
        let prefill_percent = settings.prefill_percent.unwrap_or(0);
        if prefill_percent > 100 {
            return Err(Error::Setting(
                "--prefill is a percentage (0 to 100)".to_string(),
            ));
        }
        Ok(Self {
            sizes,
            prefill_percent,
            listed: settings.start_list()?,
            adjudicate: settings.adjudicate,
        })
    }

    fn listed(&self) -> Option<&StartList<InitLine>> {
        self.listed.as_ref()
    }

    fn start(&self, seed: u64) -> InitLine {
        init_line(seed, self.sizes, self.prefill_percent)
            .parse()
            .expect("a drawn init line reads back")
    }
}
