//! The Flood Wars referee: one process per move, exactly as the judge runs bots
//! (docs/floodwars.md): `J` or `S` and the board on standard input, then end of input;
//! the answer is the other letter and the board after a legal move. A late, malformed or
//! illegal answer, a crash or a non-zero exit loses, and the opponent gets width x height
//! points. Plus the built-in players and random boards.

use std::time::{Duration, Instant};

use floodwars_core::codec::parse;
use floodwars_core::{Colour, Position, Side};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use crate::html::Picture;
use crate::player::{Builtin, Player, Program};
use crate::process::{Exit, run_once};
use crate::record::GameRecord;
use crate::referee::{Referee, Settings, player_limit};

impl Builtin {
    /// The colour this strategy picks in a Flood Wars `position`.
    pub fn choose_colour(self, position: &Position) -> Colour {
        let moves = position.legal_moves();
        match self {
            Self::Random => {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(position.hash());
                let moves: Vec<Colour> = moves.collect();
                moves[(rng.next_u64() % moves.len() as u64) as usize]
            }
            Self::Greedy => {
                let mover = position.to_move();
                let mut best = None;
                for colour in moves {
                    let size = position.play(colour).area(mover).len();
                    if best.is_none_or(|(best_size, _)| size > best_size) {
                        best = Some((size, colour));
                    }
                }
                best.expect("three legal colours").1
            }
            Self::AlphaBeta(limit) => crate::baseline::floodwars(position, limit),
        }
    }

    /// The answer a Flood Wars bot with this strategy gives to a judge input (for `arena player`).
    pub fn answer(self, input: &[u8]) -> Result<String, floodwars_core::ParseError> {
        let position = parse(input)?;
        Ok(position.play(self.choose_colour(&position)).to_string())
    }
}

/// The Flood Wars referee.
#[derive(Clone, Debug)]
pub struct FloodWars {
    /// Smallest and largest width and height of random boards.
    pub sizes: (usize, usize),
    /// A fixed board played in every game instead of random ones.
    pub board: Option<Position>,
    /// The limit per move.
    pub limit: Duration,
}

impl Default for FloodWars {
    fn default() -> Self {
        Self {
            sizes: (10, floodwars_core::MAX_SIDE),
            board: None,
            limit: Duration::from_secs(1),
        }
    }
}

/// What a player's turn came to.
enum Turn {
    Played(Colour, u64, u64),
    Forfeit(String),
}

fn turn(player: &Player, position: &Position, limit: Duration) -> Turn {
    match &player.program {
        Program::Builtin(builtin) => {
            let start = Instant::now();
            let colour = builtin.choose_colour(position);
            Turn::Played(colour, start.elapsed().as_micros() as u64, 0)
        }
        Program::Command(command) => {
            let run = run_once(command, position.to_string().as_bytes(), limit);
            if run.timed_out {
                return Turn::Forfeit(format!("timed out after {} ms", limit.as_millis()));
            }
            match run.exit {
                Exit::Code(0) => {}
                Exit::Code(code) => {
                    let stderr = String::from_utf8_lossy(&run.stderr);
                    let first_line = stderr.lines().next().unwrap_or("");
                    return Turn::Forfeit(format!("exited with status {code}: {first_line}"));
                }
                Exit::Signal(signal) => {
                    return Turn::Forfeit(format!("killed by signal {signal} (a crash)"));
                }
                Exit::SpawnFailed(message) => return Turn::Forfeit(message),
            }
            let legal = position
                .legal_moves()
                .find(|&c| position.play(c).to_string().as_bytes() == run.stdout);
            match legal {
                Some(colour) => {
                    Turn::Played(colour, run.elapsed.as_micros() as u64, run.peak_rss_kib)
                }
                None => Turn::Forfeit(describe_bad_answer(position, &run.stdout)),
            }
        }
    }
}

/// Why an answer is not the board after a legal move.
fn describe_bad_answer(position: &Position, answer: &[u8]) -> String {
    let expected_letter = position.to_move().other().letter();
    match parse(answer) {
        Err(error) => format!("malformed answer: {error}"),
        Ok(answer) if answer.to_move().letter() != expected_letter => {
            format!("the answer must start with {expected_letter}")
        }
        Ok(_) => "the answer is not the board after a legal move".to_string(),
    }
}

/// The start position of a record's board rows (J to move).
pub fn start_position(rows: &str) -> Result<Position, String> {
    parse(format!("J\n{}\n", rows.trim_end()).as_bytes())
        .map_err(|e| format!("the recorded board: {e}"))
}

/// A board's rows, without the `J`/`S` line.
fn rows(position: &Position) -> String {
    let text = position.to_string();
    text.split_once('\n')
        .map(|(_, rows)| rows.trim_end().to_string())
        .unwrap_or_default()
}

impl Referee for FloodWars {
    type State = Position;
    const NAME: &'static str = "floodwars";
    const SEATS: [&'static str; 2] = ["J", "S"];
    const LEGEND: [&'static str; 2] = crate::html::FLOODWARS_LEGEND;
    const TEXT_LEGEND: &'static str = "J, S: the cells of J's area (from the bottom-left corner, \
        moves first) and of S's (from the top-right); @ # + . *: the colours of the other cells";

    fn new(settings: &Settings) -> Result<Self, String> {
        settings.reject(Self::NAME, false, true, false)?;
        let sizes = settings.sizes_or((10, floodwars_core::MAX_SIDE), floodwars_core::MAX_SIDE)?;
        if sizes.1 < 2 {
            return Err("a board needs two cells: --max-size at least 2".to_string());
        }
        let board = match &settings.start {
            None => None,
            Some(text) => {
                let rows = text
                    .strip_prefix("J\n")
                    .or_else(|| text.strip_prefix("S\n"))
                    .unwrap_or(text);
                Some(
                    start_position(rows)
                        .map_err(|e| e.replace("the recorded board", "the board file"))?,
                )
            }
        };
        Ok(Self {
            sizes,
            board,
            limit: settings.limit.unwrap_or(Duration::from_secs(1)),
        })
    }

    fn start(&self, seed: u64) -> String {
        if let Some(board) = &self.board {
            return rows(board);
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let (low, high) = self.sizes;
        let span = (high - low + 1) as u64;
        let mut side = || low + (rng.next_u64() % span) as usize;
        let (mut width, mut height) = (side(), side());
        if width * height < 2 {
            (width, height) = (2, 1);
        }
        rows(&random_board(width, height, rng.next_u64()))
    }

    fn play(&self, start: &str, players: [&Player; 2], seed: u64) -> GameRecord {
        let limits = players.map(|player| player_limit(player, self.limit));
        let mut record = GameRecord::new(
            Self::NAME,
            seed,
            start.to_string(),
            players.map(|player| player.name.clone()),
            limits.map(|limit| limit.as_millis() as u64),
        );
        let mut position = start_position(start).expect("the referee's board is well formed");
        while !position.is_over() {
            let seat = position.to_move().index();
            match turn(players[seat], &position, limits[seat]) {
                Turn::Played(colour, micros, peak) => {
                    record.push_move(
                        seat as u8,
                        (colour.to_byte() as char).to_string(),
                        micros,
                        peak,
                    );
                    position = position.play(colour);
                }
                Turn::Forfeit(reason) => {
                    let all = (position.width() * position.height()) as i64;
                    record.points = if seat == 0 { [0, all] } else { [all, 0] };
                    record.forfeit(seat as u8, reason);
                    return record;
                }
            }
        }
        record.finish_by_points(Self::scores(&position));
        record
    }

    fn states(record: &GameRecord) -> Result<Vec<Position>, String> {
        let mut states = vec![start_position(&record.start)?];
        for m in &record.moves {
            let position = states.last().expect("the start");
            let colour = m
                .text
                .bytes()
                .next()
                .and_then(Colour::from_byte)
                .filter(|&colour| position.is_legal(colour))
                .ok_or_else(|| format!("{:?} is not a legal colour here", m.text))?;
            states.push(position.play(colour));
        }
        Ok(states)
    }

    fn text(position: &Position, colour: bool) -> String {
        let (j, s) = (position.area(Side::J), position.area(Side::S));
        let mut out = String::new();
        for (y, line) in rows(position).lines().enumerate() {
            for (x, c) in line.chars().enumerate() {
                let cell = bitgrid::Cell { x, y };
                let owner = if j.contains(cell) {
                    'J'
                } else if s.contains(cell) {
                    'S'
                } else {
                    ' '
                };
                if colour {
                    let code = match c {
                        '@' => 41,
                        '#' => 42,
                        '+' => 43,
                        '.' => 44,
                        _ => 45,
                    };
                    let shown = if owner == ' ' { c } else { owner };
                    out.push_str(&format!("\x1b[{code};97m{shown}\x1b[0m"));
                } else {
                    out.push(if owner == ' ' { c } else { owner });
                }
            }
            out.push('\n');
        }
        out
    }

    fn picture(position: &Position) -> Picture {
        crate::html::floodwars(position)
    }

    fn scores(position: &Position) -> [i64; 2] {
        let score = position.score();
        [score.j as i64, score.s as i64]
    }
}

/// A random board of `width x height` (each cell's colour uniform; the corners differ), J to
/// move. Panics on a board of fewer than two cells, whose corners cannot differ.
pub fn random_board(width: usize, height: usize, seed: u64) -> Position {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    Position::random(width, height, || rng.next_u64())
}
