//! The Go referee (docs/rules/go.md): two GTP engines play a game by the Tromp-Taylor rules.
//!
//! Each engine is one process for the whole game. The referee sets it up with `boardsize`,
//! `clear_board`, `komi 7` and `time_settings 0 S 1` (S seconds per move: the limit, rounded
//! up), then asks the player to move for `genmove` and tells the other engine the move with
//! `play`. go-core is the judge: a move it finds illegal (an occupied point, positional
//! superko), a reply that is not a move, a late reply (the limit per move, 5 s unless
//! `--limit-ms`), an engine that dies or refuses a legal move of its opponent, all lose the
//! game. `resign` loses it too. Two passes in a row end the game, as does a cap of four moves
//! per point; the final board is scored by area, komi 7 for White. Black is seat 0.
//!
//! The built-ins play in the referee's process: `random` (a random legal point that does not
//! fill its own eye; a pass when none is left) and `greedy` (the point that captures most,
//! else like random).

use std::time::{Duration, Instant};

use go_core::gtp::{GtpMove, colour_word};
use go_core::{Cell, Colour, Game, MAX_PLAY_SIZE, MIN_PLAY_SIZE, Move, Point, Position};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use crate::html::Picture;
use crate::player::{Builtin, Player, Program};
use crate::process::{Received, Session};
use crate::record::GameRecord;
use crate::referee::{Referee, Settings, player_limit};

/// The limit per move unless `--limit-ms` says otherwise.
pub const MOVE_LIMIT: Duration = Duration::from_secs(5);
/// Komi, added to White's points.
pub const KOMI: i64 = 7;
/// The board side unless `--min-size`/`--max-size` say otherwise.
pub const DEFAULT_SIZE: usize = 9;

impl Builtin {
    /// The move this strategy picks for `colour` in `game`.
    pub fn choose_go_move(self, game: &Game, colour: Colour, rng: &mut Xoshiro256PlusPlus) -> Move {
        let position = game.position();
        let candidates: Vec<Cell> = game
            .legal_points(colour)
            .into_iter()
            .filter(|&v| !position.is_eye(v, colour))
            .collect();
        if candidates.is_empty() {
            return Move::Pass;
        }
        let pick = |points: &[Cell], rng: &mut Xoshiro256PlusPlus| {
            Move::Play(points[(rng.next_u64() % points.len() as u64) as usize])
        };
        match self {
            Self::Greedy => {
                let before = stones(position, colour.other());
                let captured: Vec<usize> = candidates
                    .iter()
                    .map(|&v| {
                        let mut next = position.clone();
                        next.set_to_move(colour);
                        next.play(Move::Play(v));
                        before - stones(&next, colour.other())
                    })
                    .collect();
                let most = captured.iter().copied().max().unwrap_or(0);
                let best: Vec<Cell> = candidates
                    .iter()
                    .zip(&captured)
                    .filter(|&(_, &n)| n == most)
                    .map(|(&v, _)| v)
                    .collect();
                pick(&best, rng)
            }
            _ => pick(&candidates, rng),
        }
    }
}

/// The stones of `colour` on the board.
fn stones(position: &Position, colour: Colour) -> usize {
    let board = position.board();
    match colour {
        Colour::Black => board.black().len(),
        Colour::White => board.white().len(),
    }
}

/// The Go referee.
#[derive(Clone, Copy, Debug)]
pub struct Go {
    /// The limit per move.
    pub limit: Duration,
    /// The smallest and largest board side.
    pub sizes: (usize, usize),
}

/// Sends one command and waits for its reply within `limit`: the reply's text after `=`, or
/// why there is none.
fn call(
    session: &mut Session,
    command: &str,
    limit: Duration,
) -> Result<(String, Duration), String> {
    let start = Instant::now();
    let _ = session.send(command);
    let mut reply: Option<String> = None;
    loop {
        match session.receive(limit.saturating_sub(start.elapsed())) {
            Received::Line(line, _) => match &reply {
                None if line.trim().is_empty() => {}
                None => reply = Some(line),
                Some(_) if line.trim().is_empty() => break,
                Some(_) => {}
            },
            Received::Timeout => {
                return Err(format!(
                    "no reply to {command:?} within {} ms",
                    limit.as_millis()
                ));
            }
            Received::Closed => {
                return Err(format!(
                    "closed its output (it exited or crashed) before replying to {command:?}"
                ));
            }
        }
    }
    let took = start.elapsed();
    let reply = reply.expect("a reply line before the empty line");
    let text = |rest: &str| {
        rest.trim_start_matches(|c: char| c.is_ascii_digit())
            .trim()
            .to_string()
    };
    match reply.strip_prefix('=') {
        Some(rest) => Ok((text(rest), took)),
        None => match reply.strip_prefix('?') {
            Some(rest) => Err(format!("refused {command:?}: {}", text(rest))),
            None => Err(format!("{reply:?} is not a GTP reply (to {command:?})")),
        },
    }
}

/// Starts `command` and sets it up for a game on a `size` board.
fn start_engine(command: &[String], size: usize, limit: Duration) -> Result<Session, String> {
    let mut session = Session::start(command)?;
    let seconds = limit.as_secs_f64().ceil().max(1.0);
    for setup in [
        format!("boardsize {size}"),
        "clear_board".to_string(),
        format!("komi {KOMI}"),
        format!("time_settings 0 {seconds} 1"),
    ] {
        call(&mut session, &setup, limit.max(Duration::from_secs(10)))?;
    }
    Ok(session)
}

impl Referee for Go {
    type State = Position;
    const NAME: &'static str = "go";
    const SEATS: [&'static str; 2] = ["Black", "White"];
    const LEGEND: [&'static str; 2] = crate::html::GO_LEGEND;
    const TEXT_LEGEND: &'static str =
        "X: Black's stones (moves first), O: White's, .: empty points";

    fn new(settings: &Settings) -> Result<Self, String> {
        settings.reject(Self::NAME, false, true, true)?;
        let sizes = settings.sizes_or((DEFAULT_SIZE, DEFAULT_SIZE), MAX_PLAY_SIZE)?;
        if sizes.0 < MIN_PLAY_SIZE {
            return Err(format!("a Go board has a side of at least {MIN_PLAY_SIZE}"));
        }
        Ok(Self {
            limit: settings.limit.unwrap_or(MOVE_LIMIT),
            sizes,
        })
    }

    /// The start is the board side, drawn from the seed between the smallest and largest.
    fn start(&self, seed: u64) -> String {
        let (low, high) = self.sizes;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        (low + (rng.next_u64() % (high - low + 1) as u64) as usize).to_string()
    }

    fn play(&self, start: &str, players: [&Player; 2], seed: u64) -> GameRecord {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let limits = players.map(|player| player_limit(player, self.limit));
        let mut record = GameRecord::new(
            Self::NAME,
            seed,
            start.to_string(),
            players.map(|player| player.name.clone()),
            limits.map(|limit| limit.as_millis() as u64),
        );
        let size = board_side(start).unwrap_or(DEFAULT_SIZE);
        let forfeit_points = (size * size) as i64;
        let mut game = Game::new(size, KOMI as f64);
        let mut sessions: [Option<Session>; 2] = [None, None];
        for seat in 0..2 {
            match &players[seat].program {
                Program::Command(command) => match start_engine(command, size, limits[seat]) {
                    Ok(session) => sessions[seat] = Some(session),
                    Err(reason) => {
                        record.points[1 - seat] = forfeit_points;
                        record.forfeit(seat as u8, reason);
                        return finish(record, sessions);
                    }
                },
                Program::Builtin(Builtin::AlphaBeta(_)) => {
                    record.points[1 - seat] = forfeit_points;
                    record.forfeit(seat as u8, "no alpha-beta built-in plays Go".to_string());
                    return finish(record, sessions);
                }
                Program::Builtin(_) => {}
            }
        }
        let cap = 4 * size * size;
        while !game.is_over() && game.moves().len() < cap {
            let colour = game.to_move();
            let seat = colour.index();
            let answer = match (&players[seat].program, &mut sessions[seat]) {
                (Program::Builtin(builtin), _) => {
                    let start = Instant::now();
                    let m = builtin.choose_go_move(&game, colour, &mut rng);
                    Ok((m, start.elapsed()))
                }
                (Program::Command(_), Some(session)) => {
                    engine_move(session, &game, colour, limits[seat])
                }
                (Program::Command(_), None) => unreachable!("every engine was started"),
            };
            let (m, took) = match answer {
                Ok(answer) => answer,
                Err(reason) => {
                    record.points[1 - seat] = forfeit_points;
                    record.forfeit(seat as u8, reason);
                    return finish(record, sessions);
                }
            };
            game.play(colour, m).expect("checked by engine_move");
            let text = GtpMove::from_move(m, size).to_string();
            record.push_move(seat as u8, text.clone(), took.as_micros() as u64, 0);
            if let Some(other) = &mut sessions[1 - seat] {
                let told = format!("play {} {text}", colour_word(colour));
                if let Err(reason) =
                    call(other, &told, limits[1 - seat].max(Duration::from_secs(10)))
                {
                    record.points[seat] = forfeit_points;
                    record.forfeit(1 - seat as u8, reason);
                    return finish(record, sessions);
                }
            }
        }
        let score = game.score();
        record.finish_by_points([score.black as i64, score.white as i64 + KOMI]);
        finish(record, sessions)
    }

    fn states(record: &GameRecord) -> Result<Vec<Position>, String> {
        let size = board_side(&record.start)
            .ok_or_else(|| format!("{:?} is not a Go board side", record.start))?;
        let mut game = Game::new(size, KOMI as f64);
        let mut states = vec![game.position().clone()];
        for m in &record.moves {
            let colour = if m.seat == 0 {
                Colour::Black
            } else {
                Colour::White
            };
            let played = m
                .text
                .parse::<GtpMove>()
                .ok()
                .and_then(|g| g.on_board(size))
                .filter(|&mv| game.check(colour, mv).is_ok())
                .ok_or_else(|| format!("{:?} is not a legal move here", m.text))?;
            game.play(colour, played).expect("checked");
            states.push(game.position().clone());
        }
        Ok(states)
    }

    fn text(state: &Position, colour: bool) -> String {
        let n = state.size();
        let mut out = String::new();
        for y in 0..n {
            for x in 0..n {
                if x > 0 {
                    out.push(' ');
                }
                let glyph = match (state.point(Cell::new(x, y)), colour) {
                    (Point::Black, true) => "\x1b[1;34mX\x1b[0m",
                    (Point::White, true) => "\x1b[1;31mO\x1b[0m",
                    (Point::Black, false) => "X",
                    (Point::White, false) => "O",
                    (Point::Empty, _) => ".",
                };
                out.push_str(glyph);
            }
            out.push('\n');
        }
        out
    }

    fn picture(state: &Position) -> Picture {
        crate::html::go(state)
    }

    fn scores(state: &Position) -> [i64; 2] {
        let score = state.board().score();
        [score.black as i64, score.white as i64 + KOMI]
    }
}

/// The board side a start names, if it is one go-core plays on.
fn board_side(start: &str) -> Option<usize> {
    start
        .trim()
        .parse()
        .ok()
        .filter(|n| (MIN_PLAY_SIZE..=MAX_PLAY_SIZE).contains(n))
}

/// Asks the engine for `colour`'s move and checks it.
fn engine_move(
    session: &mut Session,
    game: &Game,
    colour: Colour,
    limit: Duration,
) -> Result<(Move, Duration), String> {
    let (reply, took) = call(session, &format!("genmove {}", colour_word(colour)), limit)?;
    if reply.eq_ignore_ascii_case("resign") {
        return Err("resigned".to_string());
    }
    let m = reply
        .parse::<GtpMove>()
        .ok()
        .and_then(|m| m.on_board(game.size()))
        .ok_or_else(|| format!("{reply:?} is not a move on this board"))?;
    game.check(colour, m)
        .map_err(|e| format!("illegal move {reply}: {e}"))?;
    Ok((m, took))
}

/// Ends the engines (`quit`, then their process groups) and records their peak memory.
fn finish(mut record: GameRecord, sessions: [Option<Session>; 2]) -> GameRecord {
    for (seat, session) in sessions.into_iter().enumerate() {
        if let Some(mut session) = session {
            let _ = session.send("quit");
            record.peak_kib[seat] = session.finish(Duration::from_millis(500)).peak_rss_kib;
        }
    }
    record
}
