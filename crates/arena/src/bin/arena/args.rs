//! The command line of `arena`: its subcommands and their options, as clap reads them.

use std::path::PathBuf;

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use floodgate_arena::clock::TimeControl;
use floodgate_arena::games::GAMES;
use floodgate_arena::player::MAX_LIMIT_MS;
use floodgate_arena::shard::Shard;
use floodgate_arena::shards::PairScore;

#[derive(Parser)]
#[command(
    name = "arena",
    version,
    about = "Referees for floodgate's games: matches, SPRT, tournaments, built-in players, replays",
    after_help = PLAYERS_HELP
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

pub(crate) const PLAYERS_HELP: &str = "\
Players (--a, --b, --player):
  random | greedy | alphabeta:D   built-ins, played in the arena's process (D = depth, 1..12)
  alphabeta:Nms                   the same search deepening for N ms (1..60000) a move
  self:NAME                       a built-in as a process of its own, started as a judge starts bots
  COMMAND ARGS...                 any program, split like a shell line ('...' and \"...\" quote)
  name=NAME cmd=\"COMMAND\" limit_ms=N
                                  the same with a name for the tables and a limit of its own
                                  (per move or turn; the game's other limits scale with it)";

/// How `arena sprt` scores a board pair.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum PairsBy {
    /// Each game's win, draw or loss: 0 to 2 points in half points (pentanomial).
    Results,
    /// The pair as one game: won, drawn or lost by the point margin summed over both games.
    Margin,
}

impl PairsBy {
    /// How the pairs are scored.
    pub(crate) fn score(self) -> PairScore {
        match self {
            Self::Results => PairScore::Results,
            Self::Margin => PairScore::Margin,
        }
    }
}

/// A count of at least 1 (`--boards`, `--max-pairs`, ...).
fn count(text: &str) -> Result<u64, String> {
    text.parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| "a whole number from 1".to_string())
}

/// [`count`], for the options that count in `u32`.
fn count_u32(text: &str) -> Result<u32, String> {
    count(text).and_then(|n| u32::try_from(n).map_err(|_| format!("at most {}", u32::MAX)))
}

/// `--jobs`: 1 to 64.
fn jobs(text: &str) -> Result<u64, String> {
    count(text)
        .ok()
        .filter(|&n| n <= 64)
        .ok_or_else(|| "a whole number from 1 to 64".to_string())
}

/// `--limit-ms`: 1 ms to [`MAX_LIMIT_MS`].
fn limit_ms(text: &str) -> Result<u64, String> {
    count(text)
        .ok()
        .filter(|&n| n <= MAX_LIMIT_MS)
        .ok_or_else(|| format!("a whole number of milliseconds from 1 to {MAX_LIMIT_MS}"))
}

/// The games' names, each with its summary in the help.
pub(crate) fn games() -> PossibleValuesParser {
    PossibleValuesParser::new(GAMES.map(|(name, summary)| PossibleValue::new(name).help(summary)))
}

/// The random boards a game draws: their sizes, and Cram's pre-filled cells.
#[derive(Args, Clone)]
pub(crate) struct BoardArgs {
    /// Smallest width and height of random boards (Flood Wars: default 10; Cram: 5; Go: 9).
    #[arg(long)]
    pub(crate) min_size: Option<usize>,
    /// Largest width and height of random boards (Flood Wars: default 50; Cram: 21; Go: 9).
    #[arg(long)]
    pub(crate) max_size: Option<usize>,
    /// Cram: pre-fill about this percentage of the cells.
    #[arg(long)]
    pub(crate) prefill: Option<u32>,
}

/// Where games start and how long moves may take.
#[derive(Args, Clone)]
pub(crate) struct StartArgs {
    /// Seed of the starts (pair k uses seed + k) and of the built-ins (Domain: unless --starts
    /// gives the seeds).
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    #[command(flatten)]
    pub(crate) boards: BoardArgs,
    /// Play every game from the start in FILE (the whole file is one start): Flood Wars board
    /// rows (with or without a J/S line first), a Cram init line, a Go position (a side, or an
    /// SGF game), a Grow opening or a Domain seed.
    #[arg(long, value_name = "FILE", conflicts_with = "starts")]
    pub(crate) board: Option<PathBuf>,
    /// Play the starts of FILE, one a line in the game's own notation (Flood Wars rows joined
    /// by /, Cram init lines, Go SGF openings, Grow openings, Domain seeds; `# ` begins a
    /// comment): board pair k plays line k, cycling through the lines when there are more
    /// pairs than lines.
    #[arg(long, value_name = "FILE")]
    pub(crate) starts: Option<PathBuf>,
    /// With --starts: pair k plays entry k of an order of the lines shuffled by --seed.
    #[arg(long, requires = "starts")]
    pub(crate) shuffle_starts: bool,
    /// The limit per move (or turn) for both players instead of the judge's, in milliseconds;
    /// the game's other limits (first turn, time to OK) scale with it.
    #[arg(long, value_parser = limit_ms)]
    pub(crate) limit_ms: Option<u64>,
    /// Go only: a clock over the whole game for each engine instead of a limit per move, in
    /// seconds: MAIN+INC (Fischer, e.g. 60+0.5) or MAIN+STONES/PERIOD (Canadian byo-yomi, e.g.
    /// 600+25/300); told with time_settings, and time_left before every genmove.
    #[arg(long, value_name = "TC", conflicts_with = "limit_ms")]
    pub(crate) tc: Option<TimeControl>,
    /// The grace past every time limit (or clock) before a late answer loses, in milliseconds,
    /// for every player (the judges': 0).
    #[arg(long, default_value_t = 0)]
    pub(crate) margin_ms: u64,
    /// Lift the judge's stated limits other than time (memory) for every player, for
    /// debugging (`limits=off` does it for one player).
    #[arg(long)]
    pub(crate) no_limits: bool,
    /// Run every program player in a sandbox (bubblewrap): no network, no view of other
    /// processes, a private /tmp, nothing of the machine but its system directories and the
    /// program's own (docs/arena.md, "Running untrusted programs").
    #[arg(long)]
    pub(crate) sandbox: bool,
    /// Games played at once (each player runs alone in a game: 2 jobs on 2 cores).
    #[arg(long, default_value_t = 1, value_parser = jobs)]
    pub(crate) jobs: u64,
    /// Write every game (start, players, limits, moves, times, result) to this file, one
    /// JSON object a line.
    #[arg(long)]
    pub(crate) jsonl: Option<PathBuf>,
    /// Go only: write every game as an SGF file into the folder DIR (created if missing):
    /// players, board, komi, rules Tromp-Taylor, the opening and moves with each move's time
    /// in its comment, and the result (B+3, W+R, B+T, W+F, 0), named game-NNNN-B-BLACK-W-WHITE.sgf
    /// (game 2k+1 and 2k+2 are board pair k's, a playing Black first).
    #[arg(long, value_name = "DIR")]
    pub(crate) sgf: Option<PathBuf>,
    /// End a game as soon as its outcome is known, recording it as adjudicated (Cram: once the
    /// solver values the position within a small budget, the winner under perfect play; Go:
    /// once both engines' `final_score` give one side the lead, see --resign-moves).
    #[arg(long)]
    pub(crate) adjudicate: bool,
    /// Go with --adjudicate: the moves in a row (of either side) after which both engines
    /// must have given the same side the lead [default: 6].
    #[arg(long, requires = "adjudicate", value_parser = count_u32)]
    pub(crate) resign_moves: Option<u32>,
    /// Go with --adjudicate: the smallest lead, in points, that counts [default: 15].
    #[arg(long, requires = "adjudicate", value_parser = count_u32)]
    pub(crate) resign_score: Option<u32>,
    /// Go on from the complete pairs already in the `--jsonl` file (a run that was stopped or
    /// killed): they count as played, and only the missing ones are played, their games added
    /// to the file.
    #[arg(long, requires = "jsonl")]
    pub(crate) resume: bool,
}

#[derive(Subcommand)]
pub(crate) enum Command {
    /// Plays a match: every board twice, once from each seat.
    Match(MatchArgs),
    /// A sequential probability ratio test of a against b, over board pairs (pentanomial),
    /// until H0 (a is not stronger by elo1) or H1 (a is stronger than elo0) is accepted.
    Sprt(SprtArgs),
    /// Plays a round robin: every pair of players plays a match on the same boards.
    Tournament(TournamentArgs),
    /// Plays a gauntlet: one player against each of several, on the same boards, with the
    /// table by opponent.
    Gauntlet(GauntletArgs),
    /// Plays as a built-in over the judge's protocol on stdin and stdout: one move (Flood
    /// Wars, Grow) or a whole game (Domain, Cram).
    Player(PlayerArgs),
    /// Shows a recorded game move by move (text), or writes it as an HTML page.
    Replay(ReplayArgs),
    /// Draws candidate starts and prints those the game's own engine finds open, as a start
    /// file for --starts (its first line the command that made it).
    Starts(StartsArgs),
    /// Reads the JSONL files of a match's (or tournament's) shards (`--shard K/N`) and prints
    /// the summary one run of the whole would print.
    Merge(MergeArgs),
    /// Pools the board pairs of JSONL files (an SPRT's waves, each a sharded match) and says
    /// where the test stands: continue, H0 accepted or H1 accepted.
    SprtStatus(SprtStatusArgs),
}

/// A game and two players.
#[derive(Args)]
pub(crate) struct Opponents {
    /// The game.
    #[arg(value_parser = games())]
    pub(crate) game: String,
    /// The first player, the new one in an SPRT (see "Players" below).
    #[arg(long)]
    pub(crate) a: String,
    /// The second player, the base one in an SPRT.
    #[arg(long)]
    pub(crate) b: String,
}

impl Opponents {
    /// The two players' descriptions.
    pub(crate) fn specs(&self) -> [String; 2] {
        [self.a.clone(), self.b.clone()]
    }
}

#[derive(Args)]
pub(crate) struct MatchArgs {
    #[command(flatten)]
    pub(crate) opponents: Opponents,
    /// Board pairs to play (each board twice, once from each seat).
    #[arg(long, default_value_t = 50, value_parser = count)]
    pub(crate) boards: u64,
    #[command(flatten)]
    pub(crate) start: StartArgs,
    /// Play only shard K of N of the board pairs (K from 1; pairs k with k % N = K - 1), for
    /// a match spread over machines: `arena merge` reads the shards' JSONL files back as one.
    #[arg(long)]
    pub(crate) shard: Option<Shard>,
    /// Print each game's final board and result.
    #[arg(long)]
    pub(crate) show_final: bool,
}

#[derive(Args)]
pub(crate) struct SprtArgs {
    #[command(flatten)]
    pub(crate) opponents: Opponents,
    /// Elo difference of H0 (logistic).
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    pub(crate) elo0: f64,
    /// Elo difference of H1 (logistic).
    #[arg(long, default_value_t = 5.0, allow_negative_numbers = true)]
    pub(crate) elo1: f64,
    /// False positive rate.
    #[arg(long, default_value_t = 0.05)]
    pub(crate) alpha: f64,
    /// False negative rate.
    #[arg(long, default_value_t = 0.05)]
    pub(crate) beta: f64,
    /// Stop undecided after this many board pairs.
    #[arg(long, default_value_t = 2000, value_parser = count)]
    pub(crate) max_pairs: u64,
    /// How a board pair scores: by its two games' results, or as a whole by the point
    /// margin summed over both games (for boards that the seat decides).
    #[arg(long, value_enum, default_value_t = PairsBy::Results)]
    pub(crate) pairs_by: PairsBy,
    #[command(flatten)]
    pub(crate) start: StartArgs,
}

#[derive(Args)]
pub(crate) struct TournamentArgs {
    /// The game.
    #[arg(value_parser = games())]
    pub(crate) game: String,
    /// A player (at least two), as for `match --a`.
    #[arg(long = "player", required = true, num_args = 1)]
    pub(crate) players: Vec<String>,
    #[command(flatten)]
    pub(crate) pairings: PairingsArgs,
}

#[derive(Args)]
pub(crate) struct GauntletArgs {
    /// The game.
    #[arg(value_parser = games())]
    pub(crate) game: String,
    /// The player who meets every opponent, as for `match --a`.
    #[arg(long)]
    pub(crate) player: String,
    /// An opponent (at least one), as for `match --b`.
    #[arg(long = "opponent", required = true, num_args = 1)]
    pub(crate) opponents: Vec<String>,
    #[command(flatten)]
    pub(crate) pairings: PairingsArgs,
}

/// What a tournament and a gauntlet take besides their players.
#[derive(Args)]
pub(crate) struct PairingsArgs {
    /// Board pairs per pairing (in a gauntlet: per opponent).
    #[arg(long, default_value_t = 10, value_parser = count)]
    pub(crate) boards: u64,
    /// Play only shard K of N of each pairing's board pairs (as for `match`).
    #[arg(long)]
    pub(crate) shard: Option<Shard>,
    #[command(flatten)]
    pub(crate) start: StartArgs,
}

#[derive(Args)]
pub(crate) struct MergeArgs {
    /// The shards' files (written with `--jsonl`), in any order.
    #[arg(required = true)]
    pub(crate) files: Vec<PathBuf>,
}

#[derive(Args)]
pub(crate) struct SprtStatusArgs {
    /// Elo difference of H0 (logistic).
    #[arg(long, allow_negative_numbers = true)]
    pub(crate) elo0: f64,
    /// Elo difference of H1 (logistic).
    #[arg(long, allow_negative_numbers = true)]
    pub(crate) elo1: f64,
    /// False positive rate.
    #[arg(long, default_value_t = 0.05)]
    pub(crate) alpha: f64,
    /// False negative rate.
    #[arg(long, default_value_t = 0.05)]
    pub(crate) beta: f64,
    /// How a board pair scores (as for `sprt`).
    #[arg(long, value_enum, default_value_t = PairsBy::Results)]
    pub(crate) pairs_by: PairsBy,
    /// The files of the test's matches (written with `--jsonl`; waves may differ in seed).
    #[arg(required = true)]
    pub(crate) files: Vec<PathBuf>,
}

#[derive(Args)]
pub(crate) struct PlayerArgs {
    /// The game.
    #[arg(value_parser = games())]
    pub(crate) game: String,
    /// `random`, `greedy`, `alphabeta:D` or `alphabeta:Nms`.
    pub(crate) strategy: String,
    /// Seed of the built-in's random choices, with its input (a match gives `self:NAME` each
    /// game's seed; Flood Wars' built-ins choose by the position alone).
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
}

#[derive(Args)]
pub(crate) struct StartsArgs {
    /// The game (floodwars, cram, go or grow: Domain Expansion's games all start alike).
    #[arg(value_parser = games())]
    pub(crate) game: String,
    /// Starts to keep.
    #[arg(long, default_value_t = 100, value_parser = count)]
    pub(crate) count: u64,
    /// Seed of the first candidate (candidate i is drawn from seed + i).
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// The most candidates to draw before giving up.
    #[arg(long, default_value_t = 10_000)]
    pub(crate) tries: u64,
    #[command(flatten)]
    pub(crate) boards: BoardArgs,
}

#[derive(Args)]
pub(crate) struct ReplayArgs {
    /// A file written with `--jsonl`.
    pub(crate) file: PathBuf,
    /// Which game of the file (from 0).
    #[arg(long, default_value_t = 0)]
    pub(crate) game: usize,
    /// Show only the board after this move (0 = the start).
    #[arg(long = "move")]
    pub(crate) move_number: Option<usize>,
    /// Write one self-contained HTML page (board, move slider, scores) to this file.
    #[arg(long)]
    pub(crate) html: Option<PathBuf>,
}
