//! The one turn loop every game is played with. A game's [`Judge`] supplies only its hooks:
//! the position a start describes, who moves, how a built-in moves, how a program is started
//! and asked for a move (the judge's exact protocol and checks), how a move is applied and
//! written, and the points at the end. The loop starts the players, asks them in turn, records
//! every move with its time and memory, ends the game with one [`Termination`] and stops the
//! processes.

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::time::{Duration, Instant};

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

use crate::clock::{Clock, ClockReading, TimeControl};
use crate::error::Error;
use crate::player::{Builtin, Player, Program};
use crate::process::{FILE_LIMIT, PROCESS_LIMIT, ProcessLimits, Received, Session};
use crate::record::{GameRecord, MoveRecord};
pub use crate::termination::FinalPoints;
use crate::termination::{Awaited, Loss, Termination};

/// A player's reply on its turn: the move it made, and what it cost.
#[derive(Clone, Copy, Debug)]
pub struct Reply<M> {
    /// The move.
    pub played: M,
    /// The time the referee measured.
    pub took: Duration,
    /// The peak resident memory of a process started for the move, in KiB (0 otherwise).
    pub peak_kib: u64,
}

impl<M> Reply<M> {
    /// A move of a built-in or of a process that lives for the game: its time, no memory of
    /// its own.
    pub fn timed(played: M, took: Duration) -> Self {
        Self {
            played,
            took,
            peak_kib: 0,
        }
    }
}

/// Sends `line` to a process that lives for the game and waits at most `limit` for its answer
/// line; `awaited` says what the answer is, for the loss when none comes.
pub fn exchange(
    session: &mut Session,
    line: &str,
    limit: Duration,
    awaited: Awaited,
) -> Result<(String, Duration), Loss> {
    // A process that has gone shows up as closed output.
    let _ = session.send(line);
    match session.receive(limit) {
        Received::Line(answer, took) => Ok((answer, took)),
        Received::Timeout => Err(Loss::late(awaited, limit)),
        Received::Closed => Err(Loss::Closed { awaited }),
        Received::Broke(breach) => Err(breach.into()),
    }
}

/// What a program is asked on its turn.
#[derive(Debug)]
pub struct Turn<'a, P> {
    /// The program and its arguments.
    pub command: &'a [String],
    /// The game as it stands.
    pub position: &'a P,
    /// The last move of the game, as recorded (`None` before the first).
    pub last: Option<&'a str>,
    /// The limit of this turn: with a clock, the time on it (the player's margin comes on
    /// top of either, in [`Turn::limits`]).
    pub limit: Duration,
    /// What the player's clock shows, in a game with a clock (`--tc`): what the referee tells
    /// it before it is asked (Go's `time_left`).
    pub clock: Option<ClockReading>,
    /// Whether this is the seat's first turn of the game.
    pub first: bool,
    /// What the program is held to beyond time: its judge's stated memory and the arena's own
    /// process and file size limits, unless its limits are off; and its margin past the limit.
    pub limits: ProcessLimits,
}

impl<P> Turn<'_, P> {
    /// The loss of a process started for this move that went over one of its limits.
    pub fn check_limits(&self, run: &crate::process::Run) -> Result<(), Loss> {
        run.breach.map_or(Ok(()), |breach| Err(breach.into()))
    }
}

/// Points where only the seat other than `seat` scores: `points`.
pub fn other_seat_scores(seat: usize, points: i64) -> [i64; 2] {
    let mut both = [0; 2];
    both[1 - seat] = points;
    both
}

/// A game's judge: the hooks of the turn loop.
pub trait Judge: Sync {
    /// Where a game starts, typed once when the referee draws or reads it; it prints as the
    /// record writes it, and reads back from a record ([`FromStr`]).
    type Start: fmt::Display + FromStr<Err = Error> + Clone + Send + Sync;
    /// The game as it stands during play.
    type Position;
    /// A move.
    type Move: Copy;
    /// What the referee keeps of a program over a game (a process that lives for the game).
    type Link;

    /// The peak resident memory the judge states for a process started for one move, in MiB,
    /// enforced by the referee unless a player's limits are off; `None`: no limit stated.
    const MEMORY_LIMIT_MIB: Option<u64> = None;

    /// The position the game starts from.
    fn position(&self, start: &Self::Start) -> Self::Position;

    /// The clock each program plays under over a game (`--tc`), where the judge's protocol has
    /// one (Go); by default none: each move has its limit.
    fn time_control(&self) -> Option<TimeControl> {
        None
    }

    /// The seat to move, or `None` when the game is over.
    fn to_move(&self, position: &Self::Position) -> Option<usize>;

    /// Whether the built-in has a strategy for this game: by default all but `reach`, which
    /// only Domain Expansion has.
    fn check_builtin(builtin: Builtin) -> Result<(), Loss> {
        match builtin {
            Builtin::Reach(_) => Err(Loss::NoSuchBuiltin {
                builtin: "reach".to_string(),
                game: "any game but Domain Expansion".to_string(),
            }),
            Builtin::Random | Builtin::Greedy | Builtin::AlphaBeta(_) => Ok(()),
        }
    }

    /// The move `builtin` plays for the seat to move.
    fn builtin_move(
        &self,
        builtin: Builtin,
        position: &Self::Position,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Self::Move;

    /// Starts the program of `seat` before the first move, where the game keeps its programs
    /// for the whole game, held to `limits`; records what the start costs in `record`.
    fn connect(
        &self,
        _seat: usize,
        _command: &[String],
        _position: &Self::Position,
        _limit: Duration,
        _limits: &ProcessLimits,
        _record: &mut GameRecord,
    ) -> Result<Option<Self::Link>, Loss> {
        Ok(None)
    }

    /// Asks a program for its move and checks it as the judge does.
    fn ask(
        &self,
        link: &mut Option<Self::Link>,
        turn: Turn<'_, Self::Position>,
    ) -> Result<Reply<Self::Move>, Loss>;

    /// Tells the program of the other seat the move `seat` made (`notation`), where the game
    /// does that apart from asking for a move.
    fn tell(
        &self,
        _link: &mut Self::Link,
        _seat: usize,
        _notation: &str,
        _limit: Duration,
    ) -> Result<(), Loss> {
        Ok(())
    }

    /// The move as the record writes it.
    fn notation(&self, position: &Self::Position, seat: usize, played: Self::Move) -> String;

    /// Plays the move of `seat`.
    fn apply(&self, position: &mut Self::Position, seat: usize, played: Self::Move);

    /// Stops a program kept over the game and returns its peak memory in KiB.
    fn close(&self, _link: Self::Link) -> u64 {
        0
    }

    /// The points of a game played to its end.
    fn final_points(&self, position: &Self::Position) -> FinalPoints;

    /// After each move: whether the referee ends the game here (`--adjudicate`), with the
    /// points it is known to end with ([`Termination::Adjudicated`]), or because a program
    /// failed what adjudication asked of it ([`Termination::Forfeit`]). `links` are the
    /// programs kept over the game. By default never: the game is played to its end.
    fn adjudicate(
        &self,
        _position: &mut Self::Position,
        _links: &mut [Option<Self::Link>; 2],
    ) -> ControlFlow<Termination> {
        ControlFlow::Continue(())
    }

    /// The points when `seat` forfeits for `loss` (the other seat wins).
    fn forfeit_points(&self, position: &Self::Position, seat: usize, loss: &Loss) -> [i64; 2];
}

/// The players of one game and what the loop keeps of them.
struct Table<'a, J: Judge> {
    judge: &'a J,
    players: [Player; 2],
    limits: [Duration; 2],
    /// Each program's clock, in a game with one (built-ins play off the clock).
    clocks: [Option<Clock>; 2],
    links: [Option<J::Link>; 2],
    record: GameRecord,
}

/// Plays one game of `judge` named `game` from `start` between `players` (seat 0, then seat
/// 1), each under its own limit or else the judge's `limit`; `seed` drives the built-ins and
/// stands for `{seed}` in the players' commands.
pub fn play<J: Judge>(
    judge: &J,
    game: &str,
    limit: Duration,
    start: &J::Start,
    players: [&Player; 2],
    seed: u64,
) -> GameRecord {
    let limits = players.map(|player| player.limit.unwrap_or(limit));
    let mut record = GameRecord::new(
        game,
        seed,
        start.to_string(),
        players.map(|player| player.name.clone()),
        limits.map(|limit| limit.as_millis() as u64),
    );
    record.time_control = judge.time_control();
    record.margins_ms = players.map(|player| player.margin.as_millis() as u64);
    let clocks = players.map(|player| match player.program {
        Program::Command(_) => judge.time_control().map(Clock::new),
        Program::Builtin(_) => None,
    });
    let mut table = Table {
        judge,
        players: players.map(|player| player.for_game(seed)),
        limits,
        clocks,
        links: [None, None],
        record,
    };
    let mut position = judge.position(start);
    let termination = match table.connect(&position) {
        Err(forfeit) => forfeit,
        Ok(()) => table.turns(&mut position, seed),
    };
    table.close();
    table.end(&position, termination)
}

impl<J: Judge> Table<'_, J> {
    /// What the program of `seat` is held to beyond time: the judge's stated memory, and the
    /// arena's own process and file size limits, unless the player's limits are off.
    fn held_to(&self, seat: usize) -> ProcessLimits {
        let player = &self.players[seat];
        let (sandboxed, margin) = (player.sandboxed, player.margin);
        if !player.limits {
            return ProcessLimits {
                sandboxed,
                margin,
                ..ProcessLimits::default()
            };
        }
        ProcessLimits {
            memory_kib: J::MEMORY_LIMIT_MIB.map(|mib| mib << 10),
            processes: Some(PROCESS_LIMIT),
            file_bytes: Some(FILE_LIMIT),
            sandboxed,
            margin,
        }
    }

    /// Starts the programs in seat order; the first that fails forfeits.
    fn connect(&mut self, position: &J::Position) -> Result<(), Termination> {
        for seat in 0..2 {
            let connected = match &self.players[seat].program {
                Program::Builtin(builtin) => J::check_builtin(*builtin).map(|()| None),
                Program::Command(command) => {
                    let (limit, limits) = (self.limits[seat], self.held_to(seat));
                    (self.judge).connect(seat, command, position, limit, &limits, &mut self.record)
                }
            };
            self.links[seat] = connected.map_err(|loss| Termination::Forfeit { seat, loss })?;
        }
        Ok(())
    }

    /// Asks the seat to move until the game is over or a seat forfeits.
    fn turns(&mut self, position: &mut J::Position, seed: u64) -> Termination {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut moved = [false; 2];
        while let Some(seat) = self.judge.to_move(position) {
            let answer = match &self.players[seat].program {
                Program::Builtin(builtin) => {
                    let start = Instant::now();
                    let played = self.judge.builtin_move(*builtin, position, &mut rng);
                    Ok(Reply::timed(played, start.elapsed()))
                }
                Program::Command(command) => {
                    let clock = self.clocks[seat].as_ref();
                    let turn = Turn {
                        command,
                        position,
                        last: self.record.moves.last().map(|m| m.text.as_str()),
                        limit: clock.map_or(self.limits[seat], Clock::allowance),
                        clock: clock.map(Clock::reading),
                        first: !moved[seat],
                        limits: self.held_to(seat),
                    };
                    self.judge.ask(&mut self.links[seat], turn)
                }
            };
            let (answer, clock_left) = match self.on_clock(seat, answer) {
                Ok(timed) => timed,
                Err(loss) => return Termination::Forfeit { seat, loss },
            };
            moved[seat] = true;
            if let Some(ended) = self.play_move(position, seat, answer, clock_left) {
                return ended;
            }
        }
        Termination::Normal
    }

    /// The answer of `seat` as its clock takes it, where it has one, with the time that was
    /// left on the clock when it came: no answer within the time on the clock and the margin
    /// (a late one) loses on time, as does a reply that came later.
    fn on_clock(
        &mut self,
        seat: usize,
        answer: Result<Reply<J::Move>, Loss>,
    ) -> Result<(Reply<J::Move>, Option<Duration>), Loss> {
        let margin = self.players[seat].margin;
        let Some(clock) = &mut self.clocks[seat] else {
            return answer.map(|reply| (reply, None));
        };
        match answer {
            Err(Loss::Late { .. }) => Err(clock.ran_out(margin)),
            Err(loss) => Err(loss),
            Ok(reply) => Ok((reply, Some(clock.charge(reply.took, margin)?))),
        }
    }

    /// Plays and records the move of `seat` (`clock_left`: the time left on its clock), tells
    /// the other seat, and adjudicates; the game's end if that ends it.
    fn play_move(
        &mut self,
        position: &mut J::Position,
        seat: usize,
        answer: Reply<J::Move>,
        clock_left: Option<Duration>,
    ) -> Option<Termination> {
        let text = self.judge.notation(position, seat, answer.played);
        self.judge.apply(position, seat, answer.played);
        self.record.push_move(MoveRecord {
            seat: seat as u8,
            text: text.clone(),
            micros: answer.took.as_micros() as u64,
            peak_kib: answer.peak_kib,
            clock_left_ms: clock_left.map(|left| left.as_millis() as u64),
        });
        if let Err(loss) = self.tell(seat, &text) {
            return Some(Termination::Forfeit {
                seat: 1 - seat,
                loss,
            });
        }
        self.judge
            .adjudicate(position, &mut self.links)
            .break_value()
    }

    /// Tells the other seat's program the move of `seat`.
    fn tell(&mut self, seat: usize, text: &str) -> Result<(), Loss> {
        let limit = self.limits[1 - seat];
        match &mut self.links[1 - seat] {
            Some(link) => self.judge.tell(link, seat, text, limit),
            None => Ok(()),
        }
    }

    /// Stops the programs kept over the game, in seat order, and records their peak memory.
    fn close(&mut self) {
        for (seat, link) in std::mem::take(&mut self.links).into_iter().enumerate() {
            if let Some(link) = link {
                let peak = &mut self.record.peak_kib[seat];
                *peak = (*peak).max(self.judge.close(link));
            }
        }
    }

    /// The record of the finished game.
    fn end(mut self, position: &J::Position, termination: Termination) -> GameRecord {
        match termination {
            Termination::Normal => {
                let FinalPoints { points, winner } = self.judge.final_points(position);
                self.record.points = points;
                self.record.winner = winner;
            }
            Termination::Forfeit { seat, loss } => {
                self.record.points = self.judge.forfeit_points(position, seat, &loss);
                self.record.forfeit(seat as u8, loss);
            }
            Termination::Adjudicated(FinalPoints { points, winner }) => {
                (self.record.points, self.record.winner) = (points, winner);
                self.record.adjudicated = true;
            }
        }
        self.record
    }
}
