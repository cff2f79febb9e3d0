//! `arena`: play matches, SPRT tests and tournaments between game bots under the judges'
//! exact protocols, act as a built-in player process, and replay recorded games.

mod args;
mod setup;

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

use args::{
    Cli, Command, GauntletArgs, MatchArgs, MergeArgs, PairingsArgs, PlayerArgs, ReplayArgs,
    SprtArgs, SprtStatusArgs, StartArgs, StartsArgs, TournamentArgs,
};
use clap::Parser;
use floodgate_arena::balanced::balanced_starts;
use floodgate_arena::error::Error;
use floodgate_arena::games::{ForGame, for_game};
use floodgate_arena::jsonl;
use floodgate_arena::matchup::{MatchGame, summarize};
use floodgate_arena::playback::View;
use floodgate_arena::player::Builtin;
use floodgate_arena::record::MatchLine;
use floodgate_arena::referee::{Referee, Settings};
use floodgate_arena::resume::play_remaining;
use floodgate_arena::serve::write;
use floodgate_arena::shards::{merge, pool};
use floodgate_arena::sprt::Sprt;
use floodgate_arena::sprt_match::{SprtRun, conclusion, play_sprt};
use floodgate_arena::tournament::{Format, Pairing, run_tournament};
use setup::{Setup, offer};
use std::ops::ControlFlow;

fn main() -> ExitCode {
    // First, before any thread starts: Ctrl-C or SIGTERM ends every player before the arena.
    floodgate_arena::pen::end_players_on_signal();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return command_line_error(&error),
    };
    let result = match &cli.command {
        Command::Match(args) => on_game(&args.opponents.game, args),
        Command::Sprt(args) => on_game(&args.opponents.game, args),
        Command::Tournament(args) => on_game(&args.game, args),
        Command::Gauntlet(args) => on_game(&args.game, args),
        Command::Player(args) => on_game(&args.game, args),
        Command::Replay(args) => replay(args),
        Command::Starts(args) => on_game(&args.game, args),
        Command::Merge(args) => merge_files(args),
        Command::SprtStatus(args) => sprt_status(args),
    };
    // A signal that came meanwhile ends the arena with its own status, its players first.
    floodgate_arena::pen::wait_if_ending();
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

/// `--help` and `--version` as clap prints them; any other mistake in one line on standard
/// error (clap's words, without its usage and hint lines), exit status 2.
fn command_line_error(error: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        let _ = error.print();
        return ExitCode::SUCCESS;
    }
    let text = error.render().to_string();
    let words: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|line| !line.starts_with("Usage:") && !line.starts_with("For more"))
        .filter(|line| !line.is_empty())
        .collect();
    let line = words.join(" ");
    let line = line.strip_prefix("error: ").unwrap_or(&line);
    let _ = writeln!(std::io::stderr(), "arena: {line}");
    ExitCode::from(2)
}

/// Runs `command` for the game named `game`, through the registry.
fn on_game<C: ForGame<Output = Result<(), Error>>>(game: &str, command: C) -> Result<(), Error> {
    for_game(game, command).unwrap_or_else(|| Err(Error::Setting(format!("no game {game:?}"))))
}

impl ForGame for &MatchArgs {
    type Output = Result<(), Error>;

    fn run<R: Referee>(self) -> Result<(), Error> {
        let specs = self.opponents.specs();
        let setup = Setup::<R>::new(&self.start, &specs, self.boards, self.shard)?;
        let done = setup.resumed(&self.start, &[(0, 1)])?.remove(0);
        let mut files = setup.files(&self.start)?;
        let games = play_remaining(&setup.referee, setup.pair(), setup.schedule, done, |pair| {
            files.write(&setup.schedule, pair);
            ControlFlow::Continue(())
        });
        files.finish()?;
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
        let done = setup.resumed(&self.start, &[(0, 1)])?.remove(0);
        let mut files = setup.files(&self.start)?;
        let (lower, upper) = sprt.bounds();
        let [a, b] = setup.pair().map(|player| player.name.clone());
        let (elo0, elo1, alpha, beta) = (self.elo0, self.elo1, self.alpha, self.beta);
        write(&format!(
            "SPRT of a = {a} against b = {b}: elo0 {elo0}, elo1 {elo1}, alpha {alpha}, \
             beta {beta}; LLR bounds [{lower:.3}, {upper:.3}]\n"
        ))?;
        let mut test = SprtRun::new(sprt, self.pairs_by.score());
        let (referee, players, schedule) = (&setup.referee, setup.pair(), setup.schedule);
        let games = play_sprt(
            referee, players, schedule, &mut test, done, &mut files, write,
        );
        files.finish()?;
        let games = games?;
        write(&format!("{}\n", test.conclusion()))?;
        write(&setup.summary(&games))
    }
}

impl ForGame for &TournamentArgs {
    type Output = Result<(), Error>;

    fn run<R: Referee>(self) -> Result<(), Error> {
        if self.players.len() < 2 {
            let words = "a tournament needs at least two players";
            return Err(Error::Player(words.to_string()));
        }
        let PairingsArgs {
            boards,
            shard,
            start,
        } = &self.pairings;
        let setup = Setup::<R>::new(start, &self.players, *boards, *shard)?;
        play_tournament(&setup, start, Format::RoundRobin)
    }
}

impl ForGame for &GauntletArgs {
    type Output = Result<(), Error>;

    fn run<R: Referee>(self) -> Result<(), Error> {
        let specs: Vec<String> = std::iter::once(&self.player)
            .chain(&self.opponents)
            .cloned()
            .collect();
        let PairingsArgs {
            boards,
            shard,
            start,
        } = &self.pairings;
        let setup = Setup::<R>::new(start, &specs, *boards, *shard)?;
        play_tournament(&setup, start, Format::Gauntlet)
    }
}

/// Plays the tournament of `format` that `setup` sets up, printing each pairing's summary as
/// it finishes, then the standings and the crosstable.
fn play_tournament<R: Referee>(
    setup: &Setup<R>,
    start: &StartArgs,
    format: Format,
) -> Result<(), Error> {
    let done = setup.resumed(start, &format.pairings(setup.players.len()))?;
    let mut files = setup.files(start)?;
    let players = &setup.players;
    let mut written = Ok(());
    let (referee, plan) = (&setup.referee, (setup.schedule, format));
    let write_pair = |pair: &[MatchGame; 2]| files.write(&setup.schedule, pair);
    let tournament = run_tournament(referee, players, plan, done, write_pair, |pairing| {
        let names = [pairing.a, pairing.b].map(|p| players[p].name.as_str());
        let summary = summarize(names, R::SEATS, &pairing.games);
        if written.is_ok() {
            written = write(&format!("{summary}\n"));
        }
    });
    files.finish()?;
    written?;
    write(&tournament.to_string())
}

impl ForGame for &PlayerArgs {
    type Output = Result<(), Error>;

    /// Plays as the built-in over the judge's protocol of the game.
    fn run<R: Referee>(self) -> Result<(), Error> {
        let builtin = Builtin::named(&self.strategy)?;
        offer::<R>().check(builtin)?;
        R::SERVE(builtin, self.seed)
    }
}

impl ForGame for &StartsArgs {
    type Output = Result<(), Error>;

    /// Prints the command line as a comment, the count of candidates drawn, and the starts.
    fn run<R: Referee>(self) -> Result<(), Error> {
        let referee = R::new(&Settings {
            min_size: self.boards.min_size,
            max_size: self.boards.max_size,
            prefill_percent: self.boards.prefill,
            ..Settings::default()
        })?;
        let (count, seed) = (self.count as usize, self.seed);
        let set = balanced_starts(&referee, count, seed, self.tries)?;
        let command: Vec<String> = std::env::args().skip(1).collect();
        let mut text = format!(
            "# arena {}\n# {} starts kept of {} candidates drawn (docs/arena.md, \"Start files\")\n",
            command.join(" "),
            set.lines.len(),
            set.tried
        );
        for line in &set.lines {
            text.push_str(line);
            text.push('\n');
        }
        write(&text)
    }
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
    let merged = merge(&jsonl::read_all(&args.files)?)?;
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
    let pool = pool(&jsonl::read_all(&args.files)?, args.pairs_by.score())?;
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
