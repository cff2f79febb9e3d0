//! Flood Wars: the referee, one process per move, exactly as the judge runs bots
//! (docs/floodwars.md): `J` or `S` and the board on standard input, then end of input; the
//! answer is the other letter and the board after a legal move. A late, malformed or illegal
//! answer, a crash or a non-zero exit loses, and the opponent gets width x height points.
//! Plus random boards, the built-in players ([`builtins`]), the `alphabeta` baseline
//! ([`baseline`]) and the replay: states, text and pictures ([`picture`]).

pub mod balance;
pub mod baseline;
pub mod builtins;
pub mod picture;

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use floodgate_floodwars_core::codec::parse;
use floodgate_floodwars_core::{Colour, Position};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use crate::error::Error;
use crate::player::Builtin;
use crate::process::{Exit, run_once};
use crate::referee::{Balance, Referee, Serve, Settings, Unused, draw_side};
use crate::replay::Replay;
use crate::start_file::StartList;
use crate::termination::{Awaited, Loss};
use crate::turn::{FinalPoints, Judge, Reply, Turn, other_seat_scores};

/// The judge's limit per move.
pub const LIMIT: Duration = Duration::from_secs(1);

/// The Flood Wars referee.
#[derive(Clone, Debug)]
pub struct FloodWars {
    /// Smallest and largest width and height of random boards.
    pub sizes: (usize, usize),
    /// The boards of a start file (or the one of `--board`), played instead of random ones.
    pub listed: Option<StartList<StartBoard>>,
}

impl Default for FloodWars {
    fn default() -> Self {
        Self {
            sizes: (10, floodgate_floodwars_core::MAX_SIDE),
            listed: None,
        }
    }
}

/// Why an answer is not the board after a legal move.
fn bad_answer(position: &Position, answer: &[u8]) -> Loss {
    let expected_letter = position.to_move().other().letter();
    match parse(answer) {
        Err(error) => Loss::Malformed(format!("malformed answer: {error}")),
        Ok(answer) if answer.to_move().letter() != expected_letter => {
            Loss::Illegal(format!("the answer must start with {expected_letter}"))
        }
        Ok(_) => Loss::Illegal("the answer is not the board after a legal move".to_string()),
    }
}

/// The start position of a record's board rows (J to move).
pub fn start_position(rows: &str) -> Result<Position, floodgate_floodwars_core::ParseError> {
    parse(format!("J\n{}\n", rows.trim_end()).as_bytes())
}

/// Where a Flood Wars game starts: a board with J to move. It prints as its rows (as records
/// keep it), and reads from its rows, with or without a `J`/`S` line before them (as `--board`
/// files hold it), the rows on lines of their own or on one line separated by `/` (as start
/// files hold it: `@#/*+`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartBoard(pub Position);

impl fmt::Display for StartBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&rows(&self.0))
    }
}

impl FromStr for StartBoard {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        let text = text.replace('/', "\n");
        let rows = (text
            .strip_prefix("J\n")
            .or_else(|| text.strip_prefix("S\n")))
        .unwrap_or(&text);
        let board = start_position(rows).map_err(|e| Error::Start(e.to_string()))?;
        Ok(StartBoard(board))
    }
}

/// A board's rows, without the `J`/`S` line.
fn rows(position: &Position) -> String {
    let text = position.to_string();
    text.split_once('\n')
        .map(|(_, rows)| rows.trim_end().to_string())
        .unwrap_or_default()
}

impl Judge for FloodWars {
    type Start = StartBoard;
    type Position = Position;
    type Move = Colour;
    type Link = ();

    /// The statement's 128 MB.
    const MEMORY_LIMIT_MIB: Option<u64> = Some(128);

    fn position(&self, start: &StartBoard) -> Position {
        start.0.clone()
    }

    fn to_move(&self, position: &Position) -> Option<usize> {
        (!position.is_over()).then(|| position.to_move().index())
    }

    fn builtin_move(
        &self,
        builtin: Builtin,
        position: &Position,
        _: &mut Xoshiro256PlusPlus,
    ) -> Colour {
        builtin.choose_colour(position)
    }

    fn ask(&self, _: &mut Option<()>, turn: Turn<'_, Position>) -> Result<Reply<Colour>, Loss> {
        let position = turn.position;
        let run = run_once(
            turn.command,
            position.to_string().as_bytes(),
            turn.limit,
            &turn.limits,
        );
        turn.check_limits(&run)?;
        if run.timed_out {
            return Err(Loss::late(Awaited::Exit, turn.limit));
        }
        match run.exit {
            Exit::Code(0) => {}
            Exit::Code(code) => {
                let first_line = run.stderr_first_line();
                return Err(Loss::ExitStatus { code, first_line });
            }
            Exit::Signal(signal) => return Err(Loss::Crashed { signal }),
            Exit::SpawnFailed(message) => return Err(Loss::CannotStart(message)),
        }
        let legal = position
            .legal_moves()
            .find(|&c| position.play(c).to_string().as_bytes() == run.stdout);
        let played = legal.ok_or_else(|| bad_answer(position, &run.stdout))?;
        Ok(Reply {
            played,
            took: run.elapsed,
            peak_kib: run.peak_rss_kib,
        })
    }

    fn notation(&self, _: &Position, _: usize, colour: Colour) -> String {
        (colour.to_byte() as char).to_string()
    }

    fn apply(&self, position: &mut Position, _: usize, colour: Colour) {
        *position = position.play(colour);
    }

    fn final_points(&self, position: &Position) -> FinalPoints {
        FinalPoints::higher_wins(Self::scores(position))
    }

    /// The opponent gets width x height points.
    fn forfeit_points(&self, position: &Position, seat: usize, _: &Loss) -> [i64; 2] {
        other_seat_scores(seat, (position.width() * position.height()) as i64)
    }
}

impl Referee for FloodWars {
    const NAME: &'static str = "floodwars";
    const LIMIT: Duration = LIMIT;
    const SERVE: Serve = builtins::serve;
    const BALANCE: Option<Balance<Self>> = Some(balance::candidate);

    fn new(settings: &Settings) -> Result<Self, Error> {
        // Its judge ends a game once the score can no longer change: nothing to adjudicate.
        let unused = [
            Unused::Prefill,
            Unused::Adjudicate,
            Unused::Resign,
            Unused::TimeControl,
        ];
        settings.refuse(Self::NAME, &unused)?;
        let sizes = settings.sizes_or(
            (10, floodgate_floodwars_core::MAX_SIDE),
            floodgate_floodwars_core::MAX_SIDE,
        )?;
        if sizes.1 < 2 {
            let words = "a board needs two cells: --max-size at least 2";
            return Err(Error::Setting(words.to_string()));
        }
        let listed = settings.start_list()?;
        Ok(Self { sizes, listed })
    }

    fn listed(&self) -> Option<&StartList<StartBoard>> {
        self.listed.as_ref()
    }

    /// The rows separated by `/`.
    fn start_line(board: &StartBoard) -> String {
        rows(&board.0).replace('\n', "/")
    }

    fn start(&self, seed: u64) -> StartBoard {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let (mut width, mut height) = (
            draw_side(&mut rng, self.sizes),
            draw_side(&mut rng, self.sizes),
        );
        if width * height < 2 {
            (width, height) = (2, 1);
        }
        StartBoard(random_board(width, height, rng.next_u64()))
    }
}

/// A random board of `width x height` (each cell's colour uniform; the corners differ), J to
/// move. Panics on a board of fewer than two cells, whose corners cannot differ.
pub fn random_board(width: usize, height: usize, seed: u64) -> Position {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    Position::random(width, height, || rng.next_u64())
}
