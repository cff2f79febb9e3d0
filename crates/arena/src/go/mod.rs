//! Go: the referee (docs/rules/go.md), two GTP engines playing a game by the Tromp-Taylor
//! rules.
//!
//! Each engine is one process for the whole game. The referee sets it up with `boardsize`,
//! `clear_board`, `komi 7` and `time_settings 0 S 1` (S seconds per move: the limit, rounded
//! up; with a clock, `--tc`, the clock's settings, and `time_left` before every `genmove`),
//! then asks the player to move for `genmove` and tells the other engine the move with
//! `play`. go-core is the judge: a move it finds illegal (an occupied point, positional
//! superko), a reply that is not a move, a late reply (the limit per move, 5 s unless
//! `--limit-ms`), an engine that dies or refuses a legal move of its opponent, all lose the
//! game. `resign` loses it too. Two passes in a row end the game, as does a cap of four moves
//! per point; the final board is scored by area, komi 7 for White. Black is seat 0.
//!
//! With `--adjudicate`, both engines' `final_score` after each move may end the game
//! ([`adjudication`]). The built-ins ([`builtins`]) play in the referee's process or as GTP
//! engines (`self:NAME`); the replay (states, text and pictures) is in [`picture`], the SGF
//! files of `--sgf` in [`sgf`].

pub mod adjudication;
pub mod balance;
pub mod builtins;
pub mod picture;
pub mod sgf;
pub mod start;

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use floodgate_go_core::gtp::{GtpMove, colour_word};
use floodgate_go_core::{Colour, GameState, MAX_PLAY_SIZE, MIN_PLAY_SIZE, Move};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

use crate::clock::TimeControl;
use crate::error::Error;
use crate::go::adjudication::{Agreement, ResignRule, ScoreClaim};
use crate::player::Builtin;
use crate::process::{ProcessLimits, Received, Session};
use crate::record::GameRecord;
use crate::referee::{Balance, Referee, Serve, Settings, SgfFile, Unused, draw_side};
use crate::replay::Replay;
use crate::start_file::StartList;
use crate::termination::{Awaited, Loss, Termination};
use crate::turn::{FinalPoints, Judge, Reply, Turn, other_seat_scores};
pub use start::GoStart;

/// The limit per move unless `--limit-ms` says otherwise.
pub const MOVE_LIMIT: Duration = Duration::from_secs(5);
/// Komi, added to White's points.
pub const KOMI: i64 = 7;
/// The board side unless `--min-size`/`--max-size` say otherwise.
pub const DEFAULT_SIZE: usize = 9;

/// The Go referee.
#[derive(Clone, Debug)]
pub struct Go {
    /// The smallest and largest board side.
    pub sizes: (usize, usize),
    /// The positions of a start file (or the one of `--board`), played instead of empty boards.
    pub listed: Option<StartList<GoStart>>,
    /// When the engines' agreed scores end a game (`--adjudicate`); `None`: played out.
    pub resign: Option<ResignRule>,
    /// The clock each engine plays under over the game (`--tc`); `None`: a limit per move.
    pub clock: Option<TimeControl>,
}

impl Default for Go {
    /// Empty boards of side [`DEFAULT_SIZE`], played out, a limit per move.
    fn default() -> Self {
        Self {
            sizes: (DEFAULT_SIZE, DEFAULT_SIZE),
            listed: None,
            resign: None,
            clock: None,
        }
    }
}

/// A Go game in play: the game, and what the engines' scores agreed on so far.
#[derive(Clone, Debug)]
pub struct Played {
    /// The game.
    pub game: GameState,
    /// The engines' agreement (`--adjudicate`).
    pub agreement: Agreement,
}

/// The time an engine gets to answer `final_score`.
const SCORE_LIMIT: Duration = Duration::from_secs(10);

/// The time an engine gets to answer a setup command or a move of its opponent.
fn setup_limit(limit: Duration) -> Duration {
    limit.max(Duration::from_secs(10))
}

/// Sends one command and waits for its reply within `limit`: the reply's text after `=`, or
/// why there is none.
fn call(session: &mut Session, command: &str, limit: Duration) -> Result<(String, Duration), Loss> {
    let start = Instant::now();
    let _ = session.send(command);
    let awaited = || Awaited::Reply(command.to_string());
    let mut reply: Option<String> = None;
    loop {
        match session.receive(limit.saturating_sub(start.elapsed())) {
            Received::Line(line, _) => match &reply {
                None if line.trim().is_empty() => {}
                None => reply = Some(line),
                Some(_) if line.trim().is_empty() => break,
                Some(_) => {}
            },
            Received::Timeout => return Err(Loss::late(awaited(), limit)),
            Received::Closed => return Err(Loss::Closed { awaited: awaited() }),
            Received::Broke(breach) => return Err(breach.into()),
        }
    }
    let took = start.elapsed();
    let reply = reply.expect("a reply line before the empty line");
    let text = |rest: &str| {
        rest.trim_start_matches(|c: char| c.is_ascii_digit())
            .trim()
            .to_string()
    };
    let command = command.to_string();
    match reply.strip_prefix('=') {
        Some(rest) => Ok((text(rest), took)),
        None => match reply.strip_prefix('?') {
            Some(rest) => Err(Loss::Refused {
                command,
                reason: text(rest),
            }),
            None => Err(Loss::NotGtp { reply, command }),
        },
    }
}

impl Judge for Go {
    type Start = GoStart;
    type Position = Played;
    type Move = Move;
    type Link = Session;

    /// The game after the start's opening.
    fn position(&self, start: &GoStart) -> Played {
        Played {
            game: start.game(),
            agreement: Agreement::None,
        }
    }

    fn time_control(&self) -> Option<TimeControl> {
        self.clock
    }

    /// Two passes in a row end the game, as does a cap of four moves per point.
    fn to_move(&self, Played { game, .. }: &Played) -> Option<usize> {
        let cap = 4 * game.size() * game.size();
        (!game.is_over() && game.moves().len() < cap).then(|| game.to_move().index())
    }

    /// No searching built-in plays Go.
    fn check_builtin(builtin: Builtin) -> Result<(), Loss> {
        match builtin {
            Builtin::AlphaBeta(_) | Builtin::Reach(_) => Err(Loss::NoSuchBuiltin {
                builtin: "alpha-beta".to_string(),
                game: "Go".to_string(),
            }),
            Builtin::Random | Builtin::Greedy => Ok(()),
        }
    }

    fn builtin_move(
        &self,
        builtin: Builtin,
        Played { game, .. }: &Played,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Move {
        builtin.choose_go_move(game, game.to_move(), rng)
    }

    /// Starts an engine and sets it up for a game on this board, then tells it the opening's
    /// moves with `play`.
    fn connect(
        &self,
        _: usize,
        command: &[String],
        Played { game, .. }: &Played,
        limit: Duration,
        limits: &ProcessLimits,
        _: &mut GameRecord,
    ) -> Result<Option<Session>, Loss> {
        let mut session =
            Session::start(command, limits).map_err(|e| Loss::CannotStart(e.to_string()))?;
        let seconds = limit.as_secs_f64().ceil().max(1.0);
        for setup in [
            format!("boardsize {}", game.size()),
            "clear_board".to_string(),
            format!("komi {KOMI}"),
            (self.clock).map_or(format!("time_settings 0 {seconds} 1"), |c| {
                c.time_settings()
            }),
        ] {
            call(&mut session, &setup, setup_limit(limit))?;
        }
        for &(colour, played) in game.moves() {
            let vertex = GtpMove::from_move(played, game.size());
            let told = format!("play {} {vertex}", colour_word(colour));
            call(&mut session, &told, setup_limit(limit))?;
        }
        Ok(Some(session))
    }

    /// Asks the engine for its move and checks it.
    fn ask(&self, link: &mut Option<Session>, turn: Turn<'_, Played>) -> Result<Reply<Move>, Loss> {
        let session = link.as_mut().expect("started before the first move");
        let game = &turn.position.game;
        let colour = game.to_move();
        if let Some(clock) = turn.clock {
            call(session, &clock.time_left(colour_word(colour)), turn.limit)?;
        }
        let genmove = format!("genmove {}", colour_word(colour));
        let (reply, took) = call(session, &genmove, turn.limit)?;
        if reply.eq_ignore_ascii_case("resign") {
            return Err(Loss::Resigned);
        }
        let played = reply
            .parse::<GtpMove>()
            .ok()
            .and_then(|m| m.on_board(game.size()))
            .ok_or_else(|| Loss::Malformed(format!("{reply:?} is not a move on this board")))?;
        game.check(colour, played)
            .map_err(|e| Loss::Illegal(format!("illegal move {reply}: {e}")))?;
        Ok(Reply::timed(played, took))
    }

    /// Tells the other engine the move with `play`.
    fn tell(
        &self,
        session: &mut Session,
        seat: usize,
        notation: &str,
        limit: Duration,
    ) -> Result<(), Loss> {
        let colour = if seat == 0 {
            Colour::Black
        } else {
            Colour::White
        };
        let told = format!("play {} {notation}", colour_word(colour));
        call(session, &told, setup_limit(limit)).map(|_| ())
    }

    fn notation(&self, Played { game, .. }: &Played, _: usize, played: Move) -> String {
        GtpMove::from_move(played, game.size()).to_string()
    }

    fn apply(&self, Played { game, .. }: &mut Played, _: usize, played: Move) {
        game.play(game.to_move(), played).expect("checked before");
    }

    /// Ends an engine with `quit`, then its process group.
    fn close(&self, mut session: Session) -> u64 {
        let _ = session.send("quit");
        session.finish(Duration::from_millis(500)).peak_rss_kib
    }

    /// The area score, komi 7 for White.
    fn final_points(&self, Played { game, .. }: &Played) -> FinalPoints {
        FinalPoints::higher_wins(Self::scores(game.position()))
    }

    /// The other seat gets a point for every point of the board.
    fn forfeit_points(&self, Played { game, .. }: &Played, seat: usize, _: &Loss) -> [i64; 2] {
        other_seat_scores(seat, (game.size() * game.size()) as i64)
    }

    /// Asks both engines for `final_score` after each move ([`adjudication`]); the side both
    /// give the lead long enough wins, by the smallest lead given.
    fn adjudicate(
        &self,
        played: &mut Played,
        links: &mut [Option<Session>; 2],
    ) -> ControlFlow<Termination> {
        let (Some(rule), [Some(black), Some(white)]) = (self.resign, links) else {
            return ControlFlow::Continue(());
        };
        if played.agreement == Agreement::Off {
            return ControlFlow::Continue(());
        }
        let mut claims = [ScoreClaim(0); 2];
        for (seat, session) in [black, white].into_iter().enumerate() {
            claims[seat] = match call(session, "final_score", SCORE_LIMIT) {
                Ok((reply, _)) => match reply.parse() {
                    Ok(claim) => claim,
                    Err(_) => return off(played),
                },
                Err(Loss::Refused { .. }) => return off(played),
                Err(loss) => return ControlFlow::Break(Termination::Forfeit { seat, loss }),
            };
        }
        played.agreement = played.agreement.after(claims, rule);
        match played.agreement.verdict(rule) {
            None => ControlFlow::Continue(()),
            Some((black, lead)) => {
                let seat = usize::from(!black);
                let points = FinalPoints {
                    points: other_seat_scores(1 - seat, lead),
                    winner: Some(seat as u8),
                };
                ControlFlow::Break(Termination::Adjudicated(points))
            }
        }
    }
}

/// No adjudication for the rest of `played`: an engine gives no score.
fn off(played: &mut Played) -> ControlFlow<Termination> {
    played.agreement = Agreement::Off;
    ControlFlow::Continue(())
}

impl Referee for Go {
    const NAME: &'static str = "go";
    const LIMIT: Duration = MOVE_LIMIT;
    const SERVE: Serve = builtins::serve;
    const BALANCE: Option<Balance<Self>> = Some(balance::candidate);
    const SGF: Option<SgfFile> = Some(sgf::sgf_file);

    fn new(settings: &Settings) -> Result<Self, Error> {
        settings.refuse(Self::NAME, &[Unused::Prefill])?;
        let sizes = settings.sizes_or((DEFAULT_SIZE, DEFAULT_SIZE), MAX_PLAY_SIZE)?;
        if sizes.0 < MIN_PLAY_SIZE {
            let words = format!("a Go board has a side of at least {MIN_PLAY_SIZE}");
            return Err(Error::Setting(words));
        }
        let resign = settings.adjudicate.then(|| ResignRule {
            moves: settings.resign_moves.unwrap_or(ResignRule::DEFAULT.moves),
            score: settings.resign_score.unwrap_or(ResignRule::DEFAULT.score),
        });
        Ok(Self {
            sizes,
            listed: settings.start_list()?,
            resign,
            clock: settings.time_control,
        })
    }

    fn listed(&self) -> Option<&StartList<GoStart>> {
        self.listed.as_ref()
    }

    /// The start is an empty board whose side is drawn from the seed between the smallest and
    /// largest.
    fn start(&self, seed: u64) -> GoStart {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        GoStart::empty(draw_side(&mut rng, self.sizes))
    }
}
