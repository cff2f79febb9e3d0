//! The Go scorer and each core engine's answer to its judge's input, within a time budget
//! counted from the call (the bots count theirs from the process's start). Each function or
//! method does what its bot does with one input or one line, through the same core calls (the
//! bots are in `bots/`); the searches run without the GIL. A malformed input is a ValueError
//! with the core's own message.

use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use floodgate_cram_core::codec::{parse_init, parse_move};
use floodgate_domain_core::MoveTime as DomainTime;
use floodgate_domain_core::bot::{Bot, SearchKind};
use floodgate_domain_core::codec::{parse_cell, parse_size};
use floodgate_go_core::Board;
use floodgate_go_core::engine::EngineOptions;
use floodgate_go_core::gtp::Session;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The search memories the bots use (`bots/*/src/main.rs`).
const FLOODWARS_TREE_BYTES: usize = 64 << 20;
/// Grow's table, as grow-bot's (the judge allows 8 MB in all).
const GROW_TABLE_BYTES: usize = 512 << 10;
/// Cram's table, as cram-bot's.
const CRAM_TABLE_BYTES: usize = 32 << 20;

/// A ValueError with `error`'s message.
fn value_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// The most memory a Go engine may be given, in MiB (64 GiB).
const MAX_MEMORY_MB: usize = 1 << 16;

/// The longest budget a call takes: a day.
const MAX_BUDGET_MS: u64 = 24 * 60 * 60 * 1000;

/// A budget of `budget_ms` milliseconds; ValueError past [`MAX_BUDGET_MS`] (a deadline must
/// stay a time the clock can hold).
fn millis(budget_ms: u64) -> PyResult<Duration> {
    if budget_ms > MAX_BUDGET_MS {
        return Err(value_error(format!(
            "budget_ms is at most {MAX_BUDGET_MS} (a day), not {budget_ms}"
        )));
    }
    Ok(Duration::from_millis(budget_ms))
}

/// The Tromp-Taylor result of a Go board, as the go-score judge answers: `B+k`, `W+k` or
/// `Jigo`.
///
/// `board`: the points as `X` (black), `O` (white) and `-` (empty), row by row; every other
/// character is ignored, and the count of points must be a square of a side up to 255 (else
/// ValueError). The empty string is the 0 x 0 board: `Jigo`.
#[pyfunction]
pub fn go_score(board: &str) -> PyResult<String> {
    let board = Board::from_bytes(board.as_bytes()).map_err(value_error)?;
    Ok(board.score().result().to_string())
}

/// floodwars-bot's answer to a Flood Wars position: the other side's letter and the board
/// after the move, one line a row, each ending in a newline.
///
/// `position`: the judge's input (`J` or `S`, then the rows); `budget_ms`: the thinking time
/// (the bot's default, 780 ms). ValueError on a malformed position.
#[pyfunction]
#[pyo3(signature = (position, budget_ms = 780))]
pub fn floodwars_move(py: Python<'_>, position: &str, budget_ms: u64) -> PyResult<String> {
    use floodgate_floodwars_core::{MoveTime, TimePolicy, TreeEngine};
    let started = Instant::now();
    let budget = millis(budget_ms)?;
    let position =
        floodgate_floodwars_core::codec::parse(position.as_bytes()).map_err(value_error)?;
    let colour = py.detach(|| {
        let clock = MoveTime::new(started, budget).clock(TimePolicy::WholeBudget);
        TreeEngine::new(FLOODWARS_TREE_BYTES)
            .search(&position, &clock)
            .best_move
    });
    let colour = colour.ok_or_else(|| value_error("the position has no colour to play"))?;
    Ok(position.play(colour).to_string())
}

/// grow-bot's answer to a Grow grid: its move, such as `3,0,4,1` (without a newline).
///
/// `grid`: the judge's 3600 characters (a final newline or none); `budget_ms`: the thinking
/// time (the bot's default, 1400 ms; no iteration starts after a third of it). ValueError on a
/// malformed grid, or one that leaves no leaf to split (the judge never asks then).
#[pyfunction]
#[pyo3(signature = (grid, budget_ms = 1400))]
pub fn grow_move(py: Python<'_>, grid: &str, budget_ms: u64) -> PyResult<String> {
    use floodgate_grow_core::{Engine, MoveTime, TimePolicy};
    let started = Instant::now();
    let budget = millis(budget_ms)?;
    let state = floodgate_grow_core::codec::parse_grid(grid.as_bytes()).map_err(value_error)?;
    let chosen = py.detach(|| {
        let clock = MoveTime::new(started, budget).clock(TimePolicy::OneThird);
        Engine::new(GROW_TABLE_BYTES)
            .search(&state, &clock)
            .best_move
    });
    let chosen = chosen.ok_or_else(|| value_error("the grid leaves no leaf to split"))?;
    Ok(chosen.to_string())
}

/// cram-bot for one game of Cram: made from the judge's init line (cram-bot answers it `OK`),
/// then given each later line of the judge's with `reply`.
#[pyclass(module = "floodgate")]
#[derive(Debug)]
pub struct CramBot {
    /// In a mutex only because Python objects must be `Sync` and the engine's solver is not;
    /// the methods take `&mut self` (PyO3 hands out one at a time) and reach it through
    /// `get_mut`, without locking.
    engine: Mutex<floodgate_cram_core::engine::Engine>,
}

#[pymethods]
impl CramBot {
    /// The game of the judge's init line (such as `5_0x0_0x2`: the side, then the filled
    /// cells). ValueError on a malformed line.
    #[new]
    fn new(init_line: &str) -> PyResult<Self> {
        let board = parse_init(init_line.trim_end_matches(['\r', '\n'])).map_err(value_error)?;
        Ok(Self {
            engine: Mutex::new(floodgate_cram_core::engine::Engine::new(
                board,
                CRAM_TABLE_BYTES,
            )),
        })
    }

    /// The answer to the judge's next line: `START` (we move first) or the opponent's domino
    /// (such as `4x0_4x1`) is answered with our domino, played on our board; `STOP`, or a
    /// position where no domino fits (the game is lost), with None. `budget_ms`: the thinking
    /// time (the bot's default, 250 ms). ValueError on a malformed or illegal domino.
    #[pyo3(signature = (line, budget_ms = 250))]
    fn reply(&mut self, py: Python<'_>, line: &str, budget_ms: u64) -> PyResult<Option<String>> {
        let arrived = Instant::now();
        let budget = millis(budget_ms)?;
        let engine = self
            .engine
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner);
        match line.trim_end_matches(['\r', '\n']) {
            "STOP" => return Ok(None),
            "START" => {}
            domino => {
                let domino = parse_move(domino, engine.board()).map_err(value_error)?;
                engine.play(domino);
            }
        }
        let chosen = py.detach(|| engine.choose(arrived + budget));
        Ok(chosen.map(|domino| {
            engine.play(domino);
            domino.to_string()
        }))
    }
}

/// domain-bot for one game of Domain Expansion: made from the referee's three initial lines,
/// then given each turn's line with `turn`.
#[pyclass(module = "floodgate")]
#[derive(Debug)]
pub struct DomainBot {
    bot: Bot,
    turns: u32,
}

#[pymethods]
impl DomainBot {
    /// The game of the referee's three initial lines, as one string (`7 7`, our token's cell,
    /// the opponent's: `"7 7\n0 0\n6 6\n"`); `mcts`: search with Monte Carlo tree search
    /// instead of alpha-beta (domain-bot's `--mcts`). ValueError on malformed lines.
    #[new]
    #[pyo3(signature = (initial_lines, mcts = false))]
    fn new(initial_lines: &str, mcts: bool) -> PyResult<Self> {
        let mut lines = initial_lines.lines();
        let mut line = || {
            lines
                .next()
                .ok_or_else(|| value_error("three initial lines are needed"))
        };
        parse_size(line()?).map_err(value_error)?;
        let mine = parse_cell(line()?).map_err(value_error)?;
        parse_cell(line()?).map_err(value_error)?;
        let kind = if mcts {
            SearchKind::Mcts
        } else {
            SearchKind::AlphaBeta
        };
        let bot = Bot::new(mine, kind).map_err(value_error)?;
        Ok(Self { bot, turns: 0 })
    }

    /// Our action (such as `2 1 U`) after the referee's turn line (the opponent's last
    /// action, `-1 -1 _` for none). `budget_ms`: the thinking time, by default domain-bot's:
    /// 800 ms on the first turn, 75 ms after. ValueError on a malformed line or one out of step.
    #[pyo3(signature = (line, budget_ms = None))]
    fn turn(&mut self, py: Python<'_>, line: &str, budget_ms: Option<u64>) -> PyResult<String> {
        let arrived = Instant::now();
        let budget = millis(budget_ms.unwrap_or(if self.turns == 0 { 800 } else { 75 }))?;
        let line = line.trim_end_matches(['\r', '\n']);
        let bot = &mut self.bot;
        let turn = py.detach(|| bot.turn(line, DomainTime::new(arrived, budget)));
        let turn = turn.map_err(value_error)?;
        self.turns += 1;
        Ok(turn.action.to_string())
    }
}

/// go-gtp's GTP session: a Go game and its engine, driven by GTP version 2 commands.
#[pyclass(module = "floodgate")]
#[derive(Debug)]
pub struct GtpSession {
    session: Session,
}

#[pymethods]
impl GtpSession {
    /// A session on an empty 19 x 19 board. `budget_ms`: the time a move without the
    /// controller's `time_settings`, and its cap with them (go-gtp's `--budget-ms`; none: 5 s
    /// a move, or what the time settings allow); `memory_mb`: the search trees' memory (1 to 65536);
    /// `threads`: searches at once (1 to 64); `seed`: the playouts' random numbers.
    #[new]
    #[pyo3(signature = (budget_ms = None, memory_mb = 256, threads = 1, seed = 1))]
    fn new(budget_ms: Option<u64>, memory_mb: usize, threads: usize, seed: u64) -> PyResult<Self> {
        if !(1..=MAX_MEMORY_MB).contains(&memory_mb) {
            return Err(value_error(format!(
                "memory_mb is from 1 to {MAX_MEMORY_MB}, not {memory_mb}"
            )));
        }
        let options = EngineOptions {
            memory_bytes: memory_mb << 20,
            seed,
            threads: threads.clamp(1, 64),
            ..EngineOptions::default()
        };
        Ok(Self {
            session: Session::new(options, budget_ms.map(millis).transpose()?),
        })
    }

    /// The reply to one GTP command line, as go-gtp writes it (`= ...` or `? ...`, then an
    /// empty line), or None for a line without a command (empty, or a comment). A command the
    /// engine cannot carry out gets GTP's failure reply, not an exception.
    fn command(&mut self, py: Python<'_>, line: &str) -> Option<String> {
        let arrived = Instant::now();
        let session = &mut self.session;
        py.detach(|| session.reply(line.trim_end_matches(['\r', '\n']), arrived))
            .map(|reply| reply.text)
    }
}
