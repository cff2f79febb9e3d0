//! A GTP engine's session: the game, the engine and the controller's clock between commands,
//! and the reply to each command line.

use std::time::{Duration, Instant};

use floodgate_search::{Budget, MoveTime, SafetyMargin, TimePolicy};

use super::analyze::{gogui_graphics, info_line, listed};
use super::{
    AnalyzeRequest, AnalyzeStyle, Command, GtpMove, KNOWN_COMMANDS, ParseError, Request,
    board_text, failure, score_text, stream_start, success,
};
use crate::engine::{Analysis, Engine, EngineOptions};
use crate::game::{GameState, IllegalMove};
use crate::sgf::Sgf;
use crate::slot::{MAX_PLAY_SIZE, MIN_PLAY_SIZE};
use crate::turn::{Colour, Move};

/// What `gogui-analyze_commands` offers GoGui: the candidates' graphics and the score.
const GOGUI_ANALYZE_COMMANDS: &str =
    "gfx/Candidate moves/floodgate-candidates %c\nstring/Score estimate/final_score";

/// The time per move when neither the controller nor the command line sets one.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(5);

/// The playouts behind `final_score` in a game not yet over (its median margin): under a
/// millisecond on 9 x 9, a few on 19 x 19.
pub const SCORE_PLAYOUTS: usize = 101;

/// The playouts behind each candidate's score lead in `kata-analyze` (their median margin).
const LEAD_PLAYOUTS: usize = 21;

/// The most moves of a principal variation in an analysis line.
const LINE_MOVES: usize = 12;

/// What `loadsgf` and `printsgf` read and write files with: the session itself does no I/O.
#[derive(Clone, Copy, Debug)]
pub struct Files {
    /// Reads a file's text.
    pub read: fn(&str) -> std::io::Result<String>,
    /// Writes a text to a file.
    pub write: fn(&str, &str) -> std::io::Result<()>,
}

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
    /// `= [id] text` or `? [id] message`, and the empty line (an analysis command's reply:
    /// `= [id]` and its line end only, the lines of [`Session::analysis_line`] to follow).
    pub text: String,
    /// What follows the reply.
    pub then: Then,
}

/// What follows a reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Then {
    /// The next command.
    Read,
    /// Analysis lines ([`Session::analysis_line`]) until the next command, whose reply starts
    /// with the empty line that ends this one.
    Stream,
    /// Nothing: the command was `quit`.
    Quit,
}

impl Reply {
    /// The reply to a line longer than the engine reads: `? line too long`.
    pub fn line_too_long() -> Self {
        Self {
            text: failure(None, "line too long"),
            then: Then::Read,
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

    /// A search of `game` for `colour` that analysis commands can follow, if this player
    /// has one.
    fn analysis(&self, game: &GameState, colour: Colour) -> Option<Analysis> {
        let _ = (game, colour);
        None
    }
}

impl Mover for Engine {
    fn name(&self) -> &str {
        "floodgate"
    }

    /// The most visited move of a search within `budget`.
    fn choose(&mut self, game: &GameState, colour: Colour, budget: &Budget) -> Move {
        self.search(game, colour, budget).best
    }

    fn analysis(&self, game: &GameState, colour: Colour) -> Option<Analysis> {
        Some(Engine::analysis(self, game, colour))
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
    /// The analysis being streamed, and how it was asked for.
    live: Option<(Analysis, AnalyzeRequest)>,
    /// How `loadsgf` and `printsgf` reach files (without: they fail).
    files: Option<Files>,
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
            live: None,
            files: None,
        }
    }

    /// The session, reading and writing files for `loadsgf` and `printsgf` with `files`.
    pub fn with_files(mut self, files: Files) -> Self {
        self.files = Some(files);
        self
    }

    /// The reply to the command `line`, read at `arrived`; `None` for a line without a
    /// command (empty, or a comment). A command ends the analysis being streamed: its reply
    /// then starts with the empty line that ends the analysis's.
    pub fn reply(&mut self, line: &str, arrived: Instant) -> Option<Reply> {
        let request = line.parse::<Request>();
        if request == Err(ParseError::Empty) {
            return None;
        }
        let streamed = self.live.take().is_some();
        let mut reply = match request {
            Err(error) => Reply {
                text: failure(error.id(), &error.to_string()),
                then: Then::Read,
            },
            Ok(Request {
                id,
                command: Command::Analyze(request),
            }) => self.start_analysis(id, request),
            Ok(Request { id, command }) => {
                let then = match command {
                    Command::Quit => Then::Quit,
                    _ => Then::Read,
                };
                let text = match self.handle(command, arrived) {
                    Ok(text) => success(id, &text),
                    Err(message) => failure(id, &message),
                };
                Reply { text, then }
            }
        };
        if streamed {
            reply.text.insert(0, '\n');
        }
        Some(reply)
    }

    /// `lz-analyze` and `kata-analyze`: `=` and the analysis lines to come, if the player can
    /// analyse.
    fn start_analysis(&mut self, id: Option<u32>, request: AnalyzeRequest) -> Reply {
        let colour = request.colour.unwrap_or(self.game.to_move());
        let Some(analysis) = self.mover.analysis(&self.game, colour) else {
            return Reply {
                text: failure(id, "this player does not analyse"),
                then: Then::Read,
            };
        };
        self.live = Some((analysis, request));
        Reply {
            text: stream_start(id),
            then: Then::Stream,
        }
    }

    /// The next line of the analysis being streamed, after a search of its interval: every
    /// candidate move worth listing with its visits, win rate, prior and principal variation,
    /// as Leela Zero's or KataGo's `info` lines (one line, its end included, more to follow);
    /// `None` when no analysis is on.
    pub fn analysis_line(&mut self) -> Option<Reply> {
        let size = self.game.size();
        let (analysis, request) = self.live.as_mut()?;
        let interval = Duration::from_millis(10 * u64::from(request.interval_cs));
        analysis.search(&search_budget(Instant::now(), interval));
        let mut candidates = analysis.candidates(LINE_MOVES);
        candidates.truncate(listed(&candidates, request));
        let leads: Vec<f64> = match request.style {
            AnalyzeStyle::LeelaZero => Vec::new(),
            AnalyzeStyle::KataGo => {
                let sign = if analysis.colour() == Colour::Black {
                    1.0
                } else {
                    -1.0
                };
                let mut lead = |mv| sign * analysis.margin_after(mv, LEAD_PLAYOUTS);
                candidates.iter().map(|c| lead(c.mv)).collect()
            }
        };
        let mut text = info_line(request.style, &candidates, &leads, size);
        text.push('\n');
        Some(Reply {
            text,
            then: Then::Stream,
        })
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
            command => self.handle_tools(command, arrived),
        }
    }

    /// The commands of GUIs and other tools: SGF files and GoGui's analysis.
    fn handle_tools(&mut self, command: Command, arrived: Instant) -> Result<String, String> {
        match command {
            Command::LoadSgf { file, move_number } => self.load_sgf(&file, move_number),
            Command::PrintSgf(file) => self.print_sgf(file.as_deref()),
            Command::GoguiAnalyzeCommands => Ok(GOGUI_ANALYZE_COMMANDS.into()),
            Command::Candidates(colour) => self.candidates(colour, arrived),
            _ => Err("unknown command".into()),
        }
    }

    /// `loadsgf`: the game of the file up to before move `move_number` (the whole game
    /// without it), komi from the file if it gives one. Setup stones (`AB`, `AW`) are not read.
    fn load_sgf(&mut self, file: &str, move_number: Option<usize>) -> Result<String, String> {
        let files = self.files.ok_or("cannot load file")?;
        let text = (files.read)(file).map_err(|e| format!("cannot load file: {e}"))?;
        let sgf: Sgf = text.parse().map_err(|e| format!("cannot load file: {e}"))?;
        if !sgf.black_stones.is_empty() || !sgf.white_stones.is_empty() {
            return Err("cannot load file: setup stones (AB, AW) are not supported".into());
        }
        if !(MIN_PLAY_SIZE..=MAX_PLAY_SIZE).contains(&sgf.size) {
            return Err(format!(
                "cannot load file: SZ[{}] is not a size played here",
                sgf.size
            ));
        }
        let mut game = GameState::new(sgf.size, sgf.komi.unwrap_or(self.game.komi()));
        let moves = move_number.map_or(sgf.moves.len(), |n| n.saturating_sub(1));
        for (number, &(colour, m)) in sgf.moves.iter().take(moves).enumerate() {
            game.play(colour, m)
                .map_err(|e| format!("cannot load file: move {}: {e}", number + 1))?;
        }
        self.game = game;
        Ok(String::new())
    }

    /// `printsgf`: the game so far as SGF (its result once it is over), as the reply or into
    /// `file`.
    fn print_sgf(&self, file: Option<&str>) -> Result<String, String> {
        let mut sgf = Sgf::new(self.game.size());
        sgf.komi = Some(self.game.komi());
        sgf.rules = Some("Tromp-Taylor".into());
        sgf.moves = self.game.moves().to_vec();
        sgf.result = self.game.is_over().then(|| score_text(self.game.margin()));
        let text = sgf.to_string();
        match (file, self.files) {
            (None, _) => Ok(text),
            (Some(path), Some(files)) => (files.write)(path, &text)
                .map(|()| String::new())
                .map_err(|e| format!("cannot write file: {e}")),
            (Some(_), None) => Err("cannot write file".into()),
        }
    }

    /// `floodgate-candidates`: a search of one move's time for `colour`, as GoGui graphics.
    fn candidates(&mut self, colour: Colour, arrived: Instant) -> Result<String, String> {
        let mut analysis = self
            .mover
            .analysis(&self.game, colour)
            .ok_or("this player does not analyse")?;
        analysis.search(&search_budget(arrived, self.move_time(colour)));
        let candidates = analysis.candidates(LINE_MOVES);
        let size = self.game.size();
        Ok(gogui_graphics(
            &candidates,
            colour,
            analysis.playouts(),
            size,
        ))
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
        let budget = search_budget(arrived, self.move_time(colour));
        self.mover.choose(&self.game, colour, &budget)
    }

    /// The time to think about a move for `colour`.
    fn move_time(&self, colour: Colour) -> Duration {
        match self.time.budget(colour, self.game.position().empty_count()) {
            Some(share) => share.min(self.budget.unwrap_or(Duration::MAX)),
            None => self.budget.unwrap_or(DEFAULT_BUDGET),
        }
    }
}

/// The budget of a search of `time` from `start`, all of it spent.
fn search_budget(start: Instant, time: Duration) -> Budget {
    Budget::time(MoveTime::new(start, time).clock(TimePolicy::WholeBudget))
}
