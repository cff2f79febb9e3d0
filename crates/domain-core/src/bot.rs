//! The judge bot's side of a game: its seat, the position as the referee reports it, and the
//! search it runs each turn with the settings it plays with. Alpha-beta with a table kept for
//! the whole game is the default; Monte Carlo tree search with evaluated leaves is kept for
//! the comparison in `docs/domain.md`.

use std::fmt;

use floodgate_search::{Budget, EvalLeaves, Mcts, MctsOptions, MoveTime, TimePolicy};

use crate::board::Cell;
use crate::codec::{LineError, parse_action_line, quoted};
use crate::engine::{Domain, Engine, first_legal};
use crate::state::{Action, State};

/// The alpha-beta engine's table: 8 MiB, kept for the whole game.
pub const TABLE_BYTES: usize = 8 << 20;

/// The Monte Carlo tree's memory: 32 MiB.
pub const MCTS_MEMORY_BYTES: usize = 32 << 20;

/// The evaluation's scale for Monte Carlo leaves (an evaluation of this many points is
/// worth a win probability of about 73%).
pub const MCTS_EVAL_SCALE: f64 = 40.0;

/// Which search a [`Bot`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchKind {
    /// Alpha-beta ([`Engine`]): deepens while its next iteration is predicted to be worth
    /// starting, and stops at the budget.
    AlphaBeta,
    /// Monte Carlo tree search with evaluated leaves, a new tree each turn.
    Mcts,
}

/// Why a turn's line, or the start, cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotError {
    /// A line that is not what the protocol sends.
    Line(LineError),
    /// A start that is not one of the two corners.
    NotACorner(Cell),
    /// A line after which it is not our turn: the input is out of step.
    OutOfStep(String),
    /// No legal action is left (the referee never asks then).
    NoAction,
}

impl fmt::Display for BotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Line(error) => error.fmt(f),
            Self::NotACorner(cell) => write!(f, "a token starts at 0 0 or 6 6, not {cell}"),
            Self::OutOfStep(line) => write!(
                f,
                "it is not our turn after {}: the input is out of step",
                quoted(line)
            ),
            Self::NoAction => write!(f, "no legal action left"),
        }
    }
}

impl std::error::Error for BotError {}

impl From<LineError> for BotError {
    fn from(error: LineError) -> Self {
        Self::Line(error)
    }
}

/// A turn played: our action, and the opponent's reported action when it is illegal by our
/// rules (the referee's word is followed all the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// Our action, played.
    pub action: Action,
    /// The opponent's action, when our rules find it illegal.
    pub illegal: Option<Action>,
}

impl Turn {
    /// What to tell the referee's log when the opponent's action was illegal by our rules.
    pub fn warning(&self) -> Option<String> {
        let action = self.illegal?;
        Some(format!(
            "the opponent's {action} is illegal by our rules; following the referee"
        ))
    }
}

/// The bot's seat, the position and its search, for one game.
#[derive(Debug)]
pub struct Bot {
    seat: u8,
    kind: SearchKind,
    state: State,
    engine: Engine,
}

impl Bot {
    /// The player whose token starts at `start` (`0 0` moves first, `6 6` second), searching
    /// with `kind`.
    pub fn new(start: Cell, kind: SearchKind) -> Result<Self, BotError> {
        let seat = match (start.x(), start.y()) {
            (0, 0) => 0,
            (6, 6) => 1,
            _ => return Err(BotError::NotACorner(start)),
        };
        Ok(Self {
            seat,
            kind,
            state: State::default(),
            engine: Engine::new(TABLE_BYTES),
        })
    }

    /// Plays a turn: follows the opponent's action on the referee's `line` (none on the first
    /// turn), then chooses an action within `time` and plays it.
    pub fn turn(&mut self, line: &str, time: MoveTime) -> Result<Turn, BotError> {
        let mut illegal = None;
        if let Some(action) = parse_action_line(line)? {
            if !self.state.is_legal(action) {
                illegal = Some(action);
            }
            self.state = self.state.play_reported(action);
        }
        if self.state.to_move() != self.seat {
            return Err(BotError::OutOfStep(line.to_string()));
        }
        let action = self.choose(time).ok_or(BotError::NoAction)?;
        self.state = self.state.play(action);
        Ok(Turn { action, illegal })
    }

    /// The action to play within `time`, or `None` when there is none. Alpha-beta may use the
    /// whole budget; MCTS, which stops only between iterations, nine tenths. Where the search
    /// finds none (the game is decided, but an answer is still due) the first legal action.
    fn choose(&mut self, time: MoveTime) -> Option<Action> {
        let searched = match self.kind {
            SearchKind::AlphaBeta => {
                let clock = time.clock(TimePolicy::WholeBudget);
                self.engine.search(&self.state, &clock).best_move
            }
            SearchKind::Mcts => {
                let clock = time.clock(TimePolicy::NineTenths);
                let options = MctsOptions {
                    memory_bytes: MCTS_MEMORY_BYTES,
                    seed: u64::from(self.seat),
                    ..MctsOptions::default()
                };
                let leaves = EvalLeaves {
                    eval_scale: MCTS_EVAL_SCALE,
                };
                let mut mcts = Mcts::new(Domain, self.state, options, leaves);
                mcts.search(&Budget::time(clock)).best_move
            }
        };
        searched.or_else(|| first_legal(&self.state))
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::board::{Dir, Walls};

    #[test]
    fn both_searches_answer_a_legal_action_once_the_game_is_decided() {
        let mut walls = Walls::default();
        for x in 0..7 {
            walls.add(Cell::new(x, 2), Dir::D);
        }
        let decided = State::new(walls, [Cell::new(0, 0), Cell::new(6, 6)], 0);
        assert!(decided.is_over());
        for kind in [SearchKind::AlphaBeta, SearchKind::Mcts] {
            let mut player = Bot::new(Cell::new(0, 0), kind).unwrap();
            player.state = decided;
            let time = MoveTime::new(Instant::now(), Duration::from_millis(20));
            let action = player.choose(time).expect("an action while one is legal");
            assert!(decided.is_legal(action), "{kind:?} answered {action}");
        }
    }
}
