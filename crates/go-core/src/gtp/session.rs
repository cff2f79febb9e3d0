//! A GTP engine's session: the game, the engine and the controller's clock between commands,
//! and the reply to each command line.

use std::time::{Duration, Instant};

use floodgate_search::{Budget, MoveTime, SafetyMargin, TimePolicy};

use super::{
    Command, GtpMove, KNOWN_COMMANDS, ParseError, Request, board_text, failure, score_text, success,
};
use crate::engine::{Engine, EngineOptions};
use crate::game::{GameState, IllegalMove};
use crate::slot::{MAX_PLAY_SIZE, MIN_PLAY_SIZE};
use crate::turn::{Colour, Move};

/// The time per move when neither the controller nor the command line sets one.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(5);

/// The playouts behind `final_score` in a game not yet over (its median margin): under a
/// millisecond on 9 x 9, a few on 19 x 19.
pub const SCORE_PLAYOUTS: usize = 101;

/// The controller's time settings and what it last said was left.
#[derive(Clone, Copy, Debug, Default)]
struct TimeControl {
    /// Main time, byo-yomi period and stones per period, as `time_settings` gave them.
    settings: Option<(f64, f64, u32)>,
    /// Per colour: seconds and stones left, as `time_left` gave them.
    left: [Option<(f64, u32)>; 2],
}

impl TimeControl {
    /// The time to think about one move for `colour` with `empty` empty points, or `None` when
    /// the controller set no limit.
    fn budget(&self, colour: Colour, empty: usize) -> Option<Duration> {
        let (main, byo_yomi, stones) = self.settings?;
        if stones == 0 && byo_yomi > 0.0 && main == 0.0 {
            return None; // GTP: no time limit.
        }
        let (time, stones_left) = self.left[colour.index()].unwrap_or(if main > 0.0 {
            (main, 0)
        } else {
            (byo_yomi, stones)
        });
        let seconds = if stones_left > 0 {
            time / f64::from(stones_left)
        } else {
            // Main time: spread it over the moves a game of this many empty points still
            // has, and add what a byo-yomi period will give anyway.
            let moves_left = (empty as f64 / 3.0).max(15.0);
            let byo_share = if stones > 0 {
                byo_yomi / f64::from(stones)
            } else {
                0.0
            };
            time / moves_left + byo_share.min(time / 2.0)
        };
        // A margin for the controller, the pipes and a busy machine.
        Some(SafetyMargin::GAME_CLOCK.thinking_time(seconds))
    }
}

/// The reply to a command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// `= [id] text` or `? [id] message`, and the empty line.
    pub text: String,
    /// Whether the command was `quit`: the session ends after this reply.
    pub quit: bool,
}

impl Reply {
    /// The reply to a line longer than the engine reads: `? line too long`.
    pub fn line_too_long() -> Self {
        Self {
            text: failure(None, "line too long"),
            quit: false,
        }
    }
}

/// What chooses a session's moves: the engine, or another player speaking GTP through a
/// session (the arena's built-ins).
pub trait Mover {
    /// What `name` answers.
    fn name(&self) -> &str;

    /// A legal move for `colour` in `game`, chosen within `budget`.
    fn choose(&mut self, game: &GameState, colour: Colour, budget: &Budget) -> Move;
}

impl Mover for Engine {
    fn name(&self) -> &str {
        "floodgate"
    }

    /// The most visited move of a search within `budget`.
    fn choose(&mut self, game: &GameState, colour: Colour, budget: &Budget) -> Move {
        self.search(game, colour, budget).best
    }
}

/// A GTP session's state between commands: the game, the player choosing moves (by default
/// the engine) and the controller's clock. `genmove` thinks for a share of the clock that
/// `time_settings` and `time_left` give (else [`DEFAULT_BUDGET`]), capped by the session's
/// budget; `final_score` is the Tromp-Taylor score with komi once two passes ended the game,
/// before that [`GameState::estimated_margin`] of [`SCORE_PLAYOUTS`] playouts.
#[derive(Debug)]
pub struct Session<M = Engine> {
    game: GameState,
    mover: M,
    time: TimeControl,
    /// The command line's budget: the time per move without time settings (else
    /// [`DEFAULT_BUDGET`]), and the cap on it with them.
    budget: Option<Duration>,
}

impl Session {
    /// A session on an empty 19 x 19 board without komi, its engine made with `options`;
    /// `budget` is the time per move without the controller's time settings (else
    /// [`DEFAULT_BUDGET`]), and the cap on it with them.
    pub fn new(options: EngineOptions, budget: Option<Duration>) -> Self {
        Self::with_mover(Engine::new(options), budget)
    }
}

impl<M: Mover> Session<M> {
    /// A session as [`Session::new`] makes it, whose moves `mover` chooses.
    pub fn with_mover(mover: M, budget: Option<Duration>) -> Self {
        Self {
            game: GameState::new(19, 0.0),
            mover,
            time: TimeControl::default(),
            budget,
        }
    }

    /// The reply to the command `line`, read at `arrived`; `None` for a line without a
    /// command (empty, or a comment).
    pub fn reply(&mut self, line: &str, arrived: Instant) -> Option<Reply> {
        match line.parse::<Request>() {
            Err(ParseError::Empty) => None,
            Err(error) => Some(Reply {
                text: failure(error.id(), &error.to_string()),
                quit: false,
            }),
            Ok(Request { id, command }) => {
                let quit = command == Command::Quit;
                let text = match self.handle(command, arrived) {
                    Ok(text) => success(id, &text),
                    Err(message) => failure(id, &message),
                };
                Some(Reply { text, quit })
            }
        }
    }

    /// Carries out `command`, read at `arrived`; the reply's text, or the failure's message.
    fn handle(&mut self, command: Command, arrived: Instant) -> Result<String, String> {
        let done = Ok(String::new());
        match command {
            Command::ProtocolVersion => Ok("2".into()),
            Command::Name => Ok(self.mover.name().to_string()),
            Command::Version => Ok(env!("CARGO_PKG_VERSION").into()),
            Command::KnownCommand(name) => Ok(KNOWN_COMMANDS.contains(&name.as_str()).to_string()),
            Command::ListCommands => Ok(KNOWN_COMMANDS.join("\n")),
            Command::Quit => done,
            Command::BoardSize(n) => self.new_game(n as usize),
            Command::ClearBoard => self.new_game(self.game.size()),
            Command::Komi(komi) => {
                self.game.set_komi(komi);
                done
            }
            Command::Play(colour, vertex) => self.play(colour, vertex),
            Command::IsLegal(colour, vertex) => Ok(self.is_legal(colour, vertex).into()),
            Command::GenMove(colour) => Ok(self.generate_move(colour, arrived, true)),
            Command::RegGenMove(colour) => Ok(self.generate_move(colour, arrived, false)),
            Command::Undo => match self.game.undo() {
                true => done,
                false => Err("cannot undo".into()),
            },
            Command::FinalScore => Ok(score_text(self.game.estimated_margin(SCORE_PLAYOUTS))),
            Command::ShowBoard => Ok(format!("\n{}", board_text(self.game.position()))),
            Command::TimeSettings {
                main,
                byo_yomi,
                stones,
            } => {
                let settings = Some((main, byo_yomi, stones));
                self.time = TimeControl {
                    settings,
                    left: [None; 2],
                };
                done
            }
            Command::TimeLeft {
                colour,
                time,
                stones,
            } => {
                self.time.left[colour.index()] = Some((time, stones));
                done
            }
        }
    }

    /// `boardsize` and `clear_board`: an empty board of side `size`, the komi kept.
    fn new_game(&mut self, size: usize) -> Result<String, String> {
        if !(MIN_PLAY_SIZE..=MAX_PLAY_SIZE).contains(&size) {
            return Err("unacceptable size".into());
        }
        self.game = GameState::new(size, self.game.komi());
        Ok(String::new())
    }

    /// `play`: plays `vertex` for `colour` if the rules allow it.
    fn play(&mut self, colour: Colour, vertex: GtpMove) -> Result<String, String> {
        let m = vertex
            .on_board(self.game.size())
            .ok_or("invalid coordinate")?;
        self.game.play(colour, m).map_err(|e| match e {
            IllegalMove::OffBoard => "invalid coordinate".to_string(),
            IllegalMove::Occupied | IllegalMove::Superko => "illegal move".to_string(),
        })?;
        Ok(String::new())
    }

    /// `is_legal`: `1` or `0`.
    fn is_legal(&self, colour: Colour, vertex: GtpMove) -> &'static str {
        let legal = vertex
            .on_board(self.game.size())
            .is_some_and(|m| self.game.check(colour, m).is_ok());
        if legal { "1" } else { "0" }
    }

    /// `genmove` (which plays the move) and `reg_genmove` (which does not): the engine's move.
    fn generate_move(&mut self, colour: Colour, arrived: Instant, play: bool) -> String {
        let m = self.think(colour, arrived);
        if play {
            self.game
                .play(colour, m)
                .expect("the engine's move is legal");
        }
        GtpMove::from_move(m, self.game.size()).to_string()
    }

    /// The engine's move for `colour`, within the time for this move.
    fn think(&mut self, colour: Colour, arrived: Instant) -> Move {
        let budget = match self.time.budget(colour, self.game.position().empty_count()) {
            Some(share) => share.min(self.budget.unwrap_or(Duration::MAX)),
            None => self.budget.unwrap_or(DEFAULT_BUDGET),
        };
        let clock = MoveTime::new(arrived, budget).clock(TimePolicy::WholeBudget);
        self.mover.choose(&self.game, colour, &Budget::time(clock))
    }
}
