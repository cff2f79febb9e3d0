//! `arena`: play matches, SPRT tests and tournaments between game bots under the judges'
//! exact protocols, act as a built-in player process, and replay recorded games.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use floodgate_arena::error::Error;
use floodgate_arena::games::{ForGame, GAMES, for_game};
use floodgate_arena::matchup::{
    Flow, MatchGame, Schedule, play_pairs, play_pairs_among, summarize,
};
use floodgate_arena::playback::View;
use floodgate_arena::player::{Builtin, Offer, Player, Program};
use floodgate_arena::record::MatchLine;
use floodgate_arena::referee::{Referee, Settings};
use floodgate_arena::sandbox;
use floodgate_arena::serve::write;
use floodgate_arena::shard::Shard;
use floodgate_arena::shards::{PairScore, ShardFile, merge, pool, score_pair};
use floodgate_arena::sprt::{Decision, Pentanomial, Sprt};
use floodgate_arena::tournament::{Pairing, run_tournament};

#[derive(Parser)]
#[command(
    name = "arena",
    version,
    about = "Referees for floodgate's games: matches, SPRT, tournaments, built-in players, replays",
    after_help = PLAYERS_HELP
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

const PLAYERS_HELP: &str = "\
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
enum PairsBy {
    /// Each game's win, draw or loss: 0 to 2 points in half points (pentanomial).
    Results,
    /// The pair as one game: won, drawn or lost by the point margin summed over both games.
    Margin,
}

impl PairsBy {
    /// How the pairs are scored.
    fn score(self) -> PairScore {
        match self {
            Self::Results => PairScore::Results,
            Self::Margin => PairScore::Margin,
        }
    }
}

/// The games' names, each with its summary in the help.
fn games() -> PossibleValuesParser {
    PossibleValuesParser::new(GAMES.map(|(name, summary)| PossibleValue::new(name).help(summary)))
}

/// Where games start and how long moves may take.
#[derive(Args, Clone)]
struct StartArgs {
    /// Seed of the starts (pair k uses seed + k) and of the built-ins.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Smallest width and height of random boards (Flood Wars: default 10; Cram: 5; Go: 9).
    #[arg(long)]
    min_size: Option<usize>,
    /// Largest width and height of random boards (Flood Wars: default 50; Cram: 21; Go: 9).
    #[arg(long)]
    max_size: Option<usize>,
    /// Cram: pre-fill about this percentage of the cells.
    #[arg(long)]
    prefill: Option<u32>,
    /// Play every game from this start: Flood Wars board rows (with or without a J/S line
    /// first), or a Cram init line.
    #[arg(long)]
    board: Option<PathBuf>,
    /// The limit per move (or turn) for both players instead of the judge's, in milliseconds;
    /// the game's other limits (first turn, time to OK) scale with it.
    #[arg(long)]
    limit_ms: Option<u64>,
    /// Lift the judge's stated limits other than time (memory) for every player, for
    /// debugging (`limits=off` does it for one player).
    #[arg(long)]
    no_limits: bool,
    /// Run every program player in a sandbox (bubblewrap): no network, no view of other
    /// processes, a private /tmp, nothing of the machine but its system directories and the
    /// program's own (docs/arena.md, "Running untrusted programs").
    #[arg(long)]
    sandbox: bool,
    /// Games played at once (each player runs alone in a game: 2 jobs on 2 cores).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    jobs: u64,
    /// Write every game (start, players, limits, moves, times, result) to this file, one
    /// JSON object a line.
    #[arg(long)]
    jsonl: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    /// Plays a match: every board twice, once from each seat.
    Match(MatchArgs),
    /// A sequential probability ratio test of a against b, over board pairs (pentanomial),
    /// until H0 (a is not stronger by elo1) or H1 (a is stronger than elo0) is accepted.
    Sprt(SprtArgs),
    /// Plays a round robin: every pair of players plays a match on the same boards.
    Tournament(TournamentArgs),
    /// Plays as a built-in over the judge's protocol on stdin and stdout: one move (Flood
    /// Wars, Grow) or a whole game (Domain, Cram).
    Player(PlayerArgs),
    /// Shows a recorded game move by move (text), or writes it as an HTML page.
    Replay(ReplayArgs),
    /// Reads the JSONL files of a match's (or tournament's) shards (`--shard K/N`) and prints
    /// the summary one run of the whole would print.
    Merge(MergeArgs),
    /// Pools the board pairs of JSONL files (an SPRT's waves, each a sharded match) and says
    /// where the test stands: continue, H0 accepted or H1 accepted.
    SprtStatus(SprtStatusArgs),
}

/// A game and two players.
#[derive(Args)]
struct Opponents {
    /// The game.
    #[arg(value_parser = games())]
    game: String,
    /// The first player, the new one in an SPRT (see "Players" below).
    #[arg(long)]
    a: String,
    /// The second player, the base one in an SPRT.
    #[arg(long)]
    b: String,
}

impl Opponents {
    /// The two players' descriptions.
    fn specs(&self) -> [String; 2] {
        [self.a.clone(), self.b.clone()]
    }
}

#[derive(Args)]
struct MatchArgs {
    #[command(flatten)]
    opponents: Opponents,
    /// Board pairs to play (each board twice, once from each seat).
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(1..))]
    boards: u64,
    #[command(flatten)]
    start: StartArgs,
    /// Play only shard K of N of the board pairs (K from 1; pairs k with k % N = K - 1), for
    /// a match spread over machines: `arena merge` reads the shards' JSONL files back as one.
    #[arg(long)]
    shard: Option<Shard>,
    /// Print each game's final board and result.
    #[arg(long)]
    show_final: bool,
}

#[derive(Args)]
struct SprtArgs {
    #[command(flatten)]
    opponents: Opponents,
    /// Elo difference of H0 (logistic).
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    elo0: f64,
    /// Elo difference of H1 (logistic).
    #[arg(long, default_value_t = 5.0, allow_negative_numbers = true)]
    elo1: f64,
    /// False positive rate.
    #[arg(long, default_value_t = 0.05)]
    alpha: f64,
    /// False negative rate.
    #[arg(long, default_value_t = 0.05)]
    beta: f64,
    /// Stop undecided after this many board pairs.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..))]
    max_pairs: u64,
    /// How a board pair scores: by its two games' results, or as a whole by the point
    /// margin summed over both games (for boards that the seat decides).
    #[arg(long, value_enum, default_value_t = PairsBy::Results)]
    pairs_by: PairsBy,
    /// Go on from the pairs already in the `--jsonl` file (a test that was stopped): they are
    /// counted first, and only the others are played, their games added to the file.
    #[arg(long, requires = "jsonl")]
    resume: bool,
    #[command(flatten)]
    start: StartArgs,
}

#[derive(Args)]
struct TournamentArgs {
    /// The game.
    #[arg(value_parser = games())]
    game: String,
    /// A player (at least two), as for `match --a`.
    #[arg(long = "player", required = true, num_args = 1)]
    players: Vec<String>,
    /// Board pairs per pairing.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    boards: u64,
    /// Play only shard K of N of each pairing's board pairs (as for `match`).
    #[arg(long)]
    shard: Option<Shard>,
    #[command(flatten)]
    start: StartArgs,
}

#[derive(Args)]
struct MergeArgs {
    /// The shards' files (written with `--jsonl`), in any order.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

#[derive(Args)]
struct SprtStatusArgs {
    /// Elo difference of H0 (logistic).
    #[arg(long, allow_negative_numbers = true)]
    elo0: f64,
    /// Elo difference of H1 (logistic).
    #[arg(long, allow_negative_numbers = true)]
    elo1: f64,
    /// False positive rate.
    #[arg(long, default_value_t = 0.05)]
    alpha: f64,
    /// False negative rate.
    #[arg(long, default_value_t = 0.05)]
    beta: f64,
    /// How a board pair scores (as for `sprt`).
    #[arg(long, value_enum, default_value_t = PairsBy::Results)]
    pairs_by: PairsBy,
    /// The files of the test's matches (written with `--jsonl`; waves may differ in seed).
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

#[derive(Args)]
struct PlayerArgs {
    /// The game.
    #[arg(value_parser = games())]
    game: String,
    /// `random`, `greedy`, `alphabeta:D` or `alphabeta:Nms`.
    strategy: String,
}

#[derive(Args)]
struct ReplayArgs {
    /// A file written with `--jsonl`.
    file: PathBuf,
    /// Which game of the file (from 0).
    #[arg(long, default_value_t = 0)]
    game: usize,
    /// Show only the board after this move (0 = the start).
    #[arg(long = "move")]
    move_number: Option<usize>,
    /// Write one self-contained HTML page (board, move slider, scores) to this file.
    #[arg(long)]
    html: Option<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Match(args) => on_game(&args.opponents.game, args),
        Command::Sprt(args) => on_game(&args.opponents.game, args),
        Command::Tournament(args) => on_game(&args.game, args),
        Command::Player(args) => on_game(&args.game, args),
        Command::Replay(args) => replay(args),
        Command::Merge(args) => merge_files(args),
        Command::SprtStatus(args) => sprt_status(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader of standard output has gone (`arena ... | head`): nothing to say.
        Err(error) if error.is_broken_pipe() => ExitCode::SUCCESS,
        Err(error) => {
            let _ = writeln!(std::io::stderr(), "arena: {error}");
            ExitCode::from(2)
        }
    }
}

/// Runs `command` for the game named `game`, through the registry.
fn on_game<C: ForGame<Output = Result<(), Error>>>(game: &str, command: C) -> Result<(), Error> {
    for_game(game, command).unwrap_or_else(|| Err(Error::Setting(format!("no game {game:?}"))))
}

/// What a match, an SPRT and a tournament set up alike: the referee, the players, the file of
/// games and how pairs are played.
struct Setup<R> {
    referee: R,
    players: Vec<Player>,
    schedule: Schedule,
}

impl<R: Referee> Setup<R> {
    /// Reads the start options and the players (each checked to start), before any game.
    fn new(
        start: &StartArgs,
        specs: &[String],
        pairs: u64,
        shard: Option<Shard>,
    ) -> Result<Self, Error> {
        let referee = referee::<R>(start)?;
        let players = specs
            .iter()
            .map(|spec| player::<R>(spec, start))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self {
            referee,
            players,
            schedule: Schedule {
                seed: start.seed,
                pairs: pairs as usize,
                jobs: start.jobs as usize,
                shard: shard.unwrap_or(Shard::WHOLE),
            },
        })
    }

    /// Players `a` and `b`.
    fn pair(&self) -> [&Player; 2] {
        [&self.players[0], &self.players[1]]
    }

    /// The match summary of `games` between `a` and `b`.
    fn summary(&self, games: &[MatchGame]) -> String {
        let names = self.pair().map(|player| player.name.as_str());
        summarize(names, R::SEATS, games).to_string()
    }
}

impl ForGame for &MatchArgs {
    type Output = Result<(), Error>;

    fn run<R: Referee>(self) -> Result<(), Error> {
        let specs = self.opponents.specs();
        let setup = Setup::<R>::new(&self.start, &specs, self.boards, self.shard)?;
        let mut jsonl = Jsonl::create(&self.start, false)?;
        let games = play_pairs(&setup.referee, setup.pair(), setup.schedule, |pair| {
            jsonl.write(&setup.schedule, pair);
            Flow::Continue
        });
        jsonl.finish()?;
        if self.show_final {
            show_finals::<R>(&games)?;
        }
        write(&setup.summary(&games))
    }
}

impl ForGame for &SprtArgs {
    type Output = Result<(), Error>;

    fn run<R: Referee>(self) -> Result<(), Error> {
        let sprt = Sprt::new(self.elo0, self.elo1, self.alpha, self.beta)?;
        let specs = self.opponents.specs();
        let setup = Setup::<R>::new(&self.start, &specs, self.max_pairs, None)?;
        let done = match (&self.start.jsonl, self.resume) {
            (Some(path), true) if path.exists() => played_pairs::<R>(path, &setup)?,
            _ => Vec::new(),
        };
        let mut jsonl = Jsonl::create(&self.start, self.resume)?;
        let (lower, upper) = sprt.bounds();
        let [a, b] = setup.pair().map(|player| player.name.clone());
        let (elo0, elo1, alpha, beta) = (self.elo0, self.elo1, self.alpha, self.beta);
        write(&format!(
            "SPRT of a = {a} against b = {b}: elo0 {elo0}, elo1 {elo1}, alpha {alpha}, \
             beta {beta}; LLR bounds [{lower:.3}, {upper:.3}]\n"
        ))?;
        let mut test = SprtRun {
            sprt,
            pairs_by: self.pairs_by.score(),
            pentanomial: Pentanomial::default(),
            decision: Decision::Continue,
            written: Ok(()),
        };
        let mut games = Vec::new();
        for pair in done {
            if test.decision == Decision::Continue {
                test.add(&pair);
                games.extend(pair);
            }
        }
        if test.decision == Decision::Continue {
            let resumed: std::collections::HashSet<usize> =
                games.iter().map(|game| game.pair).collect();
            let mut planned = setup.schedule.planned();
            planned.retain(|pair| !resumed.contains(pair));
            let played = play_pairs_among(
                &setup.referee,
                setup.pair(),
                setup.schedule,
                &planned,
                |pair| {
                    jsonl.write(&setup.schedule, pair);
                    test.add(pair)
                },
            );
            games.extend(played);
            games.sort_by_key(|game| (game.pair, game.a_seat));
        }
        jsonl.finish()?;
        let conclusion = test.conclusion();
        test.written?;
        write(&format!("{conclusion}\n"))?;
        write(&setup.summary(&games))
    }
}

/// The complete pairs of an SPRT's `--jsonl` file, in pair order, checked to be of this test:
/// the game, the seed, the players and their limits.
fn played_pairs<R: Referee>(
    path: &PathBuf,
    setup: &Setup<R>,
) -> Result<Vec<[MatchGame; 2]>, Error> {
    let file = read_shard_file(path)?;
    let names = setup.pair().map(|player| player.name.clone());
    let limits = setup
        .pair()
        .map(|player| player.limit.unwrap_or(R::LIMIT).as_millis() as u64);
    let seed = setup.schedule.seed;
    let mut halves: std::collections::BTreeMap<usize, [Option<MatchGame>; 2]> =
        std::collections::BTreeMap::new();
    for line in &file.lines {
        let seat = usize::from(line.a_seat);
        let record = &line.record;
        let ours = record.game == R::NAME
            && line.match_seed == seed
            && record.players[seat] == names[0]
            && record.players[1 - seat] == names[1]
            && record.limits_ms[seat] == limits[0]
            && record.limits_ms[1 - seat] == limits[1];
        if !ours {
            return Err(Error::Record(format!(
                "{} is not of this test (game {}, seed {}, a = {}, b = {} with their limits): \
                 give another --jsonl file, or leave out --resume",
                file.name,
                R::NAME,
                seed,
                names[0],
                names[1]
            )));
        }
        halves.entry(line.pair).or_default()[seat] = Some(MatchGame::from(line));
    }
    Ok(halves
        .into_values()
        .filter_map(|[first, second]| Some([first?, second?]))
        .collect())
}

/// An SPRT as its pairs come in.
struct SprtRun {
    sprt: Sprt,
    pairs_by: PairScore,
    pentanomial: Pentanomial,
    decision: Decision,
    /// The first failure to write a line, which stops the test.
    written: Result<(), Error>,
}

impl SprtRun {
    /// Counts a pair, prints where the test stands, and says whether to play on.
    fn add(&mut self, pair: &[MatchGame; 2]) -> Flow {
        let margin = pair[0].a_margin() + pair[1].a_margin();
        let half_points = score_pair(&mut self.pentanomial, [&pair[0], &pair[1]], self.pairs_by);
        let scored = half_points as f64 / 2.0;
        self.decision = self.sprt.decision(&self.pentanomial);
        let (lower, upper) = self.sprt.bounds();
        let line = format!(
            "pair {:>4} (board {}): a scored {scored} (margin {margin:+}) | {} | LLR {:+.3} [{lower:.3}, {upper:.3}]\n",
            self.pentanomial.pairs(),
            pair[0].pair,
            self.pentanomial,
            self.sprt.llr(&self.pentanomial)
        );
        self.written = write(&line);
        match (self.decision, &self.written) {
            (Decision::Continue, Ok(())) => Flow::Continue,
            _ => Flow::Stop,
        }
    }

    /// The test's conclusion, in words.
    fn conclusion(&self) -> &'static str {
        conclusion(self.decision, "no decision: --max-pairs reached")
    }
}

/// An SPRT's decision in words; `undecided` when it has none yet.
fn conclusion(decision: Decision, undecided: &'static str) -> &'static str {
    match decision {
        Decision::AcceptH1 => "H1 accepted: a is stronger (elo1 more likely than elo0)",
        Decision::AcceptH0 => "H0 accepted: a is not stronger by elo1",
        Decision::Continue => undecided,
    }
}

impl ForGame for &TournamentArgs {
    type Output = Result<(), Error>;

    fn run<R: Referee>(self) -> Result<(), Error> {
        if self.players.len() < 2 {
            let words = "a tournament needs at least two players";
            return Err(Error::Player(words.to_string()));
        }
        let setup = Setup::<R>::new(&self.start, &self.players, self.boards, self.shard)?;
        let mut jsonl = Jsonl::create(&self.start, false)?;
        let players = &setup.players;
        let mut written = Ok(());
        let tournament = run_tournament(&setup.referee, players, setup.schedule, |pairing| {
            jsonl.write(&setup.schedule, &pairing.games);
            let names = [pairing.a, pairing.b].map(|p| players[p].name.as_str());
            let summary = summarize(names, R::SEATS, &pairing.games);
            if written.is_ok() {
                written = write(&format!("{summary}\n"));
            }
        });
        jsonl.finish()?;
        written?;
        write(&tournament.to_string())
    }
}

impl ForGame for &PlayerArgs {
    type Output = Result<(), Error>;

    /// Plays as the built-in over the judge's protocol of the game.
    fn run<R: Referee>(self) -> Result<(), Error> {
        let builtin = Builtin::named(&self.strategy)?;
        offer::<R>().check_process(builtin)?;
        let serve = R::SERVE.expect("checked: the game serves its built-ins");
        serve(builtin)
    }
}

/// What game `R` offers as built-ins.
fn offer<R: Referee>() -> Offer {
    Offer {
        game: R::NAME,
        strategies: R::check_builtin,
        processes: R::SERVE.is_some(),
    }
}

/// The referee for the start options, or why they do not apply.
fn referee<R: Referee>(start: &StartArgs) -> Result<R, Error> {
    let board = match &start.board {
        None => None,
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| Error::file("read", path, e))?;
            Some(text)
        }
    };
    R::new(&Settings {
        min_size: start.min_size,
        max_size: start.max_size,
        prefill_percent: start.prefill,
        start: board,
    })
}

/// A player of game `R` as the start options set it (`--limit-ms` where it has no limit of its
/// own, `--no-limits`, `--sandbox`), checked to start as it will run.
fn player<R: Referee>(spec: &str, start: &StartArgs) -> Result<Player, Error> {
    let mut player = Player::parse(spec, &offer::<R>())?;
    player.limit = player.limit.or(start.limit_ms.map(Duration::from_millis));
    player.limits &= !start.no_limits;
    if start.sandbox
        && let Program::Command(command) = &player.program
    {
        player.program = Program::Command(sandbox::wrap(command)?);
        player.sandboxed = true;
    }
    player.check_starts()?;
    Ok(player)
}

/// The `--jsonl` file, written pair by pair as games finish.
struct Jsonl {
    out: Option<(PathBuf, std::io::BufWriter<std::fs::File>)>,
    error: Option<Error>,
}

impl Jsonl {
    /// The file `--jsonl` names, if any: emptied first, or added to when `append`.
    fn create(start: &StartArgs, append: bool) -> Result<Self, Error> {
        let out = match &start.jsonl {
            None => None,
            Some(path) => {
                let file = std::fs::OpenOptions::new()
                    .create(true)
                    .write(true)
                    .append(append)
                    .truncate(!append)
                    .open(path)
                    .map_err(|e| Error::file("write", path, e))?;
                Some((path.clone(), std::io::BufWriter::new(file)))
            }
        };
        Ok(Self { out, error: None })
    }

    /// Writes `games`, played to `schedule`.
    fn write(&mut self, schedule: &Schedule, games: &[MatchGame]) {
        let Some((path, out)) = &mut self.out else {
            return;
        };
        for game in games {
            let line = MatchLine {
                match_seed: schedule.seed,
                pair: game.pair,
                a_seat: game.a_seat,
                record: game.record.clone(),
                boards: Some(schedule.pairs),
                shard: Some(schedule.shard),
            };
            let written = serde_json::to_writer(&mut *out, &line)
                .map_err(std::io::Error::from)
                .and_then(|()| out.write_all(b"\n"))
                .and_then(|()| out.flush());
            if let Err(e) = written {
                self.error
                    .get_or_insert(Error::file("write", path.clone(), e));
            }
        }
    }

    fn finish(&mut self) -> Result<(), Error> {
        self.error.take().map_or(Ok(()), Err)
    }
}

/// Reads the `--jsonl` files given on the command line.
fn read_shard_files(paths: &[PathBuf]) -> Result<Vec<ShardFile>, Error> {
    paths.iter().map(read_shard_file).collect()
}

/// Reads a `--jsonl` file: every line a recorded game.
fn read_shard_file(path: &PathBuf) -> Result<ShardFile, Error> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::file("read", path, e))?;
    let name = path.display().to_string();
    let lines = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(number, line)| {
            MatchLine::parse(line)
                .map_err(|e| Error::Record(format!("line {} of {name}: {e}", number + 1)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ShardFile { name, lines })
}

/// The seats of a game, by its name.
struct SeatsOf;

impl ForGame for SeatsOf {
    type Output = [&'static str; 2];

    fn run<R: Referee>(self) -> [&'static str; 2] {
        R::SEATS
    }
}

/// `arena merge`: the summary of shards' files, as one run would print it.
fn merge_files(args: &MergeArgs) -> Result<(), Error> {
    let merged = merge(&read_shard_files(&args.files)?)?;
    let seats = for_game(&merged.game, SeatsOf)
        .ok_or_else(|| Error::Record(format!("no game {:?}", merged.game)))?;
    let tournament = &merged.tournament;
    let summary = |pairing: &Pairing| {
        let names = [pairing.a, pairing.b].map(|p| tournament.names[p].as_str());
        summarize(names, seats, &pairing.games)
    };
    if let [pairing] = &tournament.pairings[..] {
        return write(&summary(pairing).to_string());
    }
    for pairing in &tournament.pairings {
        write(&format!("{}\n", summary(pairing)))?;
    }
    write(&tournament.to_string())
}

/// `arena sprt-status`: the pooled pairs of the files and the test's state.
fn sprt_status(args: &SprtStatusArgs) -> Result<(), Error> {
    let sprt = Sprt::new(args.elo0, args.elo1, args.alpha, args.beta)?;
    let pool = pool(&read_shard_files(&args.files)?, args.pairs_by.score())?;
    let (lower, upper) = sprt.bounds();
    let [a, b] = &pool.names;
    let (elo0, elo1, alpha, beta) = (args.elo0, args.elo1, args.alpha, args.beta);
    let left_out = match pool.incomplete {
        0 => String::new(),
        n => format!(" ({n} pair(s) with one game left out)"),
    };
    write(&format!(
        "SPRT of a = {a} against b = {b}: elo0 {elo0}, elo1 {elo1}, alpha {alpha}, beta {beta}\n\
         {}{left_out} | LLR {:+.3} [{lower:.3}, {upper:.3}]\n{}\n",
        pool.pentanomial,
        sprt.llr(&pool.pentanomial),
        conclusion(
            sprt.decision(&pool.pentanomial),
            "continue: no decision yet"
        )
    ))
}

/// Prints each game's final board and result.
fn show_finals<R: Referee>(games: &[MatchGame]) -> Result<(), Error> {
    write(&format!("legend: {}\n\n", R::TEXT_LEGEND))?;
    for (number, game) in games.iter().enumerate() {
        let record = &game.record;
        let [first, second] = R::SEATS;
        let [a, b] = &record.players;
        let shown = floodgate_arena::playback::final_text::<R>(record, colour_wanted())?;
        write(&format!(
            "game {number} (board pair {}): {first} = {a}, {second} = {b}\n{shown}\n",
            game.pair
        ))?;
    }
    Ok(())
}

/// Whether to colour text: standard output is a terminal and `NO_COLOR` is not set.
fn colour_wanted() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Shows a game of a `--jsonl` file.
fn replay(args: &ReplayArgs) -> Result<(), Error> {
    let (path, index) = (&args.file, args.game);
    let file = std::fs::File::open(path).map_err(|e| Error::file("open", path, e))?;
    let line = std::io::BufReader::new(file)
        .lines()
        .nth(index)
        .ok_or_else(|| Error::Record(format!("{} has no game {index}", path.display())))?
        .map_err(|e| Error::file("read", path, e))?;
    let game = MatchLine::parse(&line)
        .map_err(|e| Error::Record(format!("game {index} of {}: {e}", path.display())))?;
    let view = View {
        as_html: args.html.is_some(),
        only: args.move_number,
        colour: colour_wanted(),
    };
    let shown = floodgate_arena::playback::show(&game.record, view)?;
    match &args.html {
        None => write(&shown),
        Some(page) => {
            std::fs::write(page, shown).map_err(|e| Error::file("write", page, e))?;
            write(&format!("wrote {}\n", page.display()))
        }
    }
}
