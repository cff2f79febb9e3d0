//! A bot's command line: the flags it takes, each a whole number (with an environment variable
//! and a default) or a switch, `--version` and `--help`; and [`run`], the bot's `main`.

use std::error::Error;
use std::fmt;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use crate::input::read_all;
use crate::output::write_answer;

/// What a bot tells its users: its name and version, what it does, what it reads and its flags.
#[derive(Clone, Copy, Debug)]
pub struct Cli {
    /// The binary's name, `env!("CARGO_PKG_NAME")`: every error line starts with it.
    pub name: &'static str,
    /// The binary's version, `env!("CARGO_PKG_VERSION")`, printed by `--version`.
    pub version: &'static str,
    /// A paragraph for `--help`: what the bot reads and answers.
    pub about: &'static str,
    /// What the usage line shows after the flags, such as `< position` (or nothing).
    pub input: &'static str,
    /// The flags the bot takes, in the order the usage line lists them.
    pub flags: &'static [Flag],
}

/// A flag: `--name N` (a whole number), `--name WORD` or a switch `--name`.
#[derive(Clone, Copy, Debug)]
pub struct Flag {
    /// The flag as written, `--budget-ms`.
    pub name: &'static str,
    /// What follows it.
    pub value: Value,
    /// The environment variable read when a number flag is not given.
    pub variable: Option<&'static str>,
    /// The number when neither the flag nor the variable gives one.
    pub default: Option<u64>,
    /// What the flag does, in a few words for `--help`.
    pub about: &'static str,
}

/// What follows a flag on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// Nothing: the flag is a switch.
    Switch,
    /// A whole number counting this unit (`milliseconds`, `MiB`), or plain when it is empty.
    Number(&'static str),
    /// A word, shown in the usage line as this (`AxB`).
    Text(&'static str),
}

impl Flag {
    /// A time budget in milliseconds, `--budget-ms N`, else the `variable`, else `default_ms`;
    /// `about` says what it times.
    pub const fn budget(
        name: &'static str,
        variable: &'static str,
        default_ms: Option<u64>,
        about: &'static str,
    ) -> Self {
        Self {
            name,
            value: Value::Number("milliseconds"),
            variable: Some(variable),
            default: default_ms,
            about,
        }
    }

    /// A whole number counting `unit` (or empty), with a default and no variable.
    pub const fn number(
        name: &'static str,
        unit: &'static str,
        default: u64,
        about: &'static str,
    ) -> Self {
        Self {
            name,
            value: Value::Number(unit),
            variable: None,
            default: Some(default),
            about,
        }
    }

    /// A random seed, `--name N`, with no default: without it [`Args::seed`] draws one for
    /// the run.
    pub const fn seed(name: &'static str, about: &'static str) -> Self {
        Self {
            name,
            value: Value::Number(""),
            variable: None,
            default: None,
            about,
        }
    }

    /// A word, shown in the usage line as `shown`.
    pub const fn text(name: &'static str, shown: &'static str, about: &'static str) -> Self {
        Self {
            name,
            value: Value::Text(shown),
            variable: None,
            default: None,
            about,
        }
    }

    /// A switch: present or not.
    pub const fn switch(name: &'static str, about: &'static str) -> Self {
        Self {
            name,
            value: Value::Switch,
            variable: None,
            default: None,
            about,
        }
    }

    /// The flag as the usage line and `--help` show it: `--budget-ms N` or `--mcts`.
    fn shown(&self) -> String {
        match self.value {
            Value::Switch => self.name.to_string(),
            Value::Number(_) => format!("{} N", self.name),
            Value::Text(shown) => format!("{} {shown}", self.name),
        }
    }

    /// The line `--help` gives the flag: what it does, then its unit, variable and default.
    fn help(&self) -> String {
        let mut line = format!("  {:<20} {}", self.shown(), self.about);
        match self.value {
            Value::Number(unit) if !unit.is_empty() => line.push_str(&format!("; {unit}")),
            _ => {}
        }
        if let Some(variable) = self.variable {
            line.push_str(&format!(", else ${variable}"));
        }
        if let Some(default) = self.default {
            line.push_str(&format!(", else {default}"));
        }
        line
    }
}

/// The longest usage line a refusal quotes whole.
const USAGE_IN_REFUSAL: usize = 120;

/// Why a command line, or a flag's environment variable, is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CliError {
    /// A word that is no flag of the bot's.
    Unexpected {
        /// The word.
        word: String,
        /// The bot's usage line (or, when it is long, where to find it).
        usage: String,
    },
    /// A flag that takes a value, at the end of the line.
    MissingValue {
        /// The flag.
        flag: &'static str,
        /// What it takes: `a number`, or the word as the usage line shows it.
        needs: &'static str,
        /// The bot's usage line (or, when it is long, where to find it).
        usage: String,
    },
    /// A flag's number, or its variable's, that is no whole number.
    NotANumber {
        /// The flag or the variable.
        source: &'static str,
        /// What the number counts, or empty.
        unit: &'static str,
        /// The text given.
        text: String,
    },
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unexpected { word, usage } => write!(f, "unexpected argument {word:?}; {usage}"),
            Self::MissingValue { flag, needs, usage } => {
                write!(f, "{flag} needs {needs}; {usage}")
            }
            Self::NotANumber {
                source,
                unit: "",
                text,
            } => {
                write!(f, "{source} takes a whole number, not {text:?}")
            }
            Self::NotANumber { source, unit, text } => {
                write!(f, "{source} takes a whole number of {unit}, not {text:?}")
            }
        }
    }
}

impl Error for CliError {}

/// The command line as read: each number flag's number, each word flag's word, the switches.
#[derive(Clone, Debug)]
pub struct Args {
    started: Instant,
    numbers: Vec<(&'static str, u64)>,
    texts: Vec<(&'static str, String)>,
    switches: Vec<&'static str>,
}

impl Args {
    /// When the process started (as good as): a per-move bot's clock starts here.
    pub fn started(&self) -> Instant {
        self.started
    }

    /// The number of the flag `name`: given, else from its variable, else its default.
    pub fn number(&self, name: &str) -> Option<u64> {
        let found = self.numbers.iter().find(|(flag, _)| *flag == name);
        found.map(|&(_, number)| number)
    }

    /// The seed flag `name`'s number ([`Flag::seed`]), else a seed drawn for this call from
    /// std's random hash keys, which no other run is likely to draw.
    pub fn seed(&self, name: &str) -> u64 {
        use std::hash::{BuildHasher, Hasher};
        let fresh = || {
            let keys = std::collections::hash_map::RandomState::new();
            keys.build_hasher().finish()
        };
        self.number(name).unwrap_or_else(fresh)
    }

    /// The flag `name`'s number as milliseconds.
    pub fn millis(&self, name: &str) -> Option<Duration> {
        self.number(name).map(Duration::from_millis)
    }

    /// The flag `name`'s milliseconds; zero for a flag without a number (a bot gives each
    /// budget it needs a default).
    pub fn budget(&self, name: &str) -> Duration {
        self.millis(name).unwrap_or(Duration::ZERO)
    }

    /// The word given after the flag `name`.
    pub fn text(&self, name: &str) -> Option<&str> {
        let found = self.texts.iter().find(|(flag, _)| *flag == name);
        found.map(|(_, text)| text.as_str())
    }

    /// Whether the switch `name` was given.
    pub fn has(&self, name: &str) -> bool {
        self.switches.contains(&name)
    }
}

impl Cli {
    /// The usage line: `usage: NAME [--flag N]... INPUT`.
    pub fn usage(&self) -> String {
        let mut line = format!("usage: {}", self.name);
        for flag in self.flags {
            line.push_str(&format!(" [{}]", flag.shown()));
        }
        if !self.input.is_empty() {
            line.push(' ');
            line.push_str(self.input);
        }
        line
    }

    /// The usage line as a refusal quotes it: the whole line while it is short, else where to
    /// find it (a refusal is one short line).
    fn usage_in_refusal(&self) -> String {
        let usage = self.usage();
        if usage.len() <= USAGE_IN_REFUSAL {
            usage
        } else {
            format!("see {} --help", self.name)
        }
    }

    /// What `--help` prints: the usage line, the paragraph about the bot, the flags.
    pub fn help(&self) -> String {
        let mut text = format!("{}\n\n{}\n", self.usage(), self.about);
        if !self.flags.is_empty() {
            text.push('\n');
        }
        for flag in self.flags {
            text.push_str(&flag.help());
            text.push('\n');
        }
        text
    }

    /// Reads the command line `words` (without the program's name) of a process that
    /// started at `started`; `variable` looks up an environment variable. A flag given twice
    /// counts as given last.
    pub fn parse(
        &self,
        words: &[String],
        variable: impl Fn(&str) -> Option<String>,
        started: Instant,
    ) -> Result<Args, CliError> {
        let mut args = Args {
            started,
            numbers: Vec::new(),
            texts: Vec::new(),
            switches: Vec::new(),
        };
        let mut words = words.iter();
        while let Some(word) = words.next() {
            let flag = self.flags.iter().find(|flag| flag.name == word.as_str());
            let flag = flag.ok_or_else(|| CliError::Unexpected {
                word: word.clone(),
                usage: self.usage_in_refusal(),
            })?;
            let needs = match flag.value {
                Value::Switch => {
                    args.switches.push(flag.name);
                    continue;
                }
                Value::Number(_) => "a number",
                Value::Text(shown) => shown,
            };
            let text = words.next().ok_or_else(|| CliError::MissingValue {
                flag: flag.name,
                needs,
                usage: self.usage_in_refusal(),
            })?;
            args.numbers.retain(|(name, _)| *name != flag.name);
            args.texts.retain(|(name, _)| *name != flag.name);
            match flag.value {
                Value::Number(unit) => args
                    .numbers
                    .push((flag.name, number(flag.name, unit, text)?)),
                _ => args.texts.push((flag.name, text.clone())),
            }
        }
        self.fill_in(&mut args, variable)?;
        Ok(args)
    }

    /// Gives each number flag not on the command line its variable's number, else its default.
    fn fill_in(
        &self,
        args: &mut Args,
        variable: impl Fn(&str) -> Option<String>,
    ) -> Result<(), CliError> {
        for flag in self.flags {
            let (Value::Number(unit), None) = (flag.value, args.number(flag.name)) else {
                continue;
            };
            let from_variable = match flag.variable.and_then(|name| Some((name, variable(name)?))) {
                Some((name, text)) => Some(number(name, unit, &text)?),
                None => None,
            };
            if let Some(value) = from_variable.or(flag.default) {
                args.numbers.push((flag.name, value));
            }
        }
        Ok(())
    }
}

/// `text` as the whole number `source` takes.
fn number(source: &'static str, unit: &'static str, text: &str) -> Result<u64, CliError> {
    text.parse().map_err(|_| CliError::NotANumber {
        source,
        unit,
        text: text.to_string(),
    })
}

/// A bot's `main`: answers `--version` and `--help` (or `-h`), reads the command line and
/// calls `play` with it. A refused command line, or an error from `play`, is written as one
/// line `NAME: message` on standard error, and the exit status is 2.
pub fn run(cli: &Cli, play: impl FnOnce(&Args) -> Result<(), Box<dyn Error>>) -> ExitCode {
    let started = Instant::now();
    let words: Vec<String> = std::env::args().skip(1).collect();
    match words.first().map(String::as_str) {
        // A reader that closed the pipe early (`| head -1`) is no error of the bot's.
        Some("--version") => {
            let _ = write_answer(&format!("{} {}\n", cli.name, cli.version));
            return ExitCode::SUCCESS;
        }
        Some("--help" | "-h") => {
            let _ = write_answer(&cli.help());
            return ExitCode::SUCCESS;
        }
        _ => {}
    }
    let result = match cli.parse(&words, |name| std::env::var(name).ok(), started) {
        Ok(args) => play(&args),
        Err(error) => Err(error.into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{}: {error}", cli.name);
            ExitCode::from(2)
        }
    }
}

/// [`run`] for a bot started for one input (a move's position, a board): reads all of
/// standard input, refusing it past `max_input` bytes ([`read_all`]), and writes the text
/// `answer` makes of it ([`write_answer`]).
pub fn run_on_input(
    cli: &Cli,
    max_input: usize,
    answer: impl FnOnce(&Args, &[u8]) -> Result<String, Box<dyn Error>>,
) -> ExitCode {
    run(cli, |args| {
        let input = read_all(std::io::stdin().lock(), max_input)?;
        write_answer(&answer(args, &input)?)?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLI: Cli = Cli {
        name: "test-bot",
        version: "1.0",
        about: "Plays tests.",
        input: "< position",
        flags: &[
            Flag::budget("--budget-ms", "TEST_BUDGET_MS", Some(780), "time per move"),
            Flag::budget("--cap-ms", "TEST_CAP_MS", None, "a test flag"),
            Flag::number("--memory-mb", "MiB", 256, "a test flag"),
            Flag::number("--seed", "", 1, "a test flag"),
            Flag::switch("--mcts", "a test flag"),
            Flag::text("--solve", "AxB", "a test flag"),
        ],
    };

    fn parse(words: &[&str], env: &[(&str, &str)]) -> Result<Args, CliError> {
        let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        let lookup = |name: &str| {
            let found = env.iter().find(|(key, _)| *key == name);
            found.map(|(_, value)| value.to_string())
        };
        CLI.parse(&words, lookup, Instant::now())
    }

    #[test]
    fn a_long_usage_line_is_not_quoted_in_a_refusal() {
        const MANY: Cli = Cli {
            flags: &[
                Flag::number("--first-long-flag", "", 1, "a test flag"),
                Flag::number("--second-long-flag", "", 1, "a test flag"),
                Flag::number("--third-long-flag", "", 1, "a test flag"),
                Flag::number("--fourth-long-flag", "", 1, "a test flag"),
                Flag::switch("--fifth-long-switch", "a test flag"),
            ],
            ..CLI
        };
        assert!(MANY.usage().len() > USAGE_IN_REFUSAL);
        let words = ["--fast".to_string()];
        let error = MANY.parse(&words, |_| None, Instant::now()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "unexpected argument \"--fast\"; see test-bot --help"
        );
        let words = ["--seed".to_string()];
        let error = CLI.parse(&words, |_| None, Instant::now()).unwrap_err();
        assert!(error.to_string().ends_with(&CLI.usage()), "{error}");
    }

    #[test]
    fn a_seed_flag_gives_its_number_and_its_absence_a_fresh_seed() {
        const SEEDED: Cli = Cli {
            flags: &[Flag::seed("--seed", "a test flag")],
            ..CLI
        };
        let parse = |words: &[&str]| {
            let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
            SEEDED.parse(&words, |_| None, Instant::now()).unwrap()
        };
        assert_eq!(parse(&["--seed", "3"]).seed("--seed"), 3);
        let args = parse(&[]);
        assert_eq!(args.number("--seed"), None);
        assert_ne!(args.seed("--seed"), args.seed("--seed"));
    }

    #[test]
    fn a_flag_wins_over_its_variable_and_the_variable_over_the_default() {
        let args = parse(&[], &[]).unwrap();
        assert_eq!(args.budget("--budget-ms"), Duration::from_millis(780));
        assert_eq!(args.millis("--cap-ms"), None);
        assert_eq!(args.number("--memory-mb"), Some(256));
        assert!(!args.has("--mcts"));
        let args = parse(&[], &[("TEST_BUDGET_MS", "100"), ("TEST_CAP_MS", "7")]).unwrap();
        assert_eq!(args.number("--budget-ms"), Some(100));
        assert_eq!(args.number("--cap-ms"), Some(7));
        let words = [
            "--mcts",
            "--budget-ms",
            "5",
            "--seed",
            "3",
            "--budget-ms",
            "6",
        ];
        let args = parse(&words, &[("TEST_BUDGET_MS", "oops")]).unwrap();
        assert_eq!(
            args.number("--budget-ms"),
            Some(6),
            "the last one given counts"
        );
        assert_eq!(args.number("--seed"), Some(3));
        assert!(args.has("--mcts"));
        let args = parse(&["--solve", "4x5", "--solve", "5x5"], &[]).unwrap();
        assert_eq!(args.text("--solve"), Some("5x5"));
        assert_eq!(args.text("--cap-ms"), None);
    }

    #[test]
    fn errors_are_worded_once() {
        let error =
            |words: &[&str], env: &[(&str, &str)]| parse(words, env).unwrap_err().to_string();
        let usage = "usage: test-bot [--budget-ms N] [--cap-ms N] [--memory-mb N] [--seed N] [--mcts] [--solve AxB] < position";
        assert_eq!(
            error(&["--fast"], &[]),
            format!("unexpected argument \"--fast\"; {usage}")
        );
        assert_eq!(
            error(&["--budget-ms"], &[]),
            format!("--budget-ms needs a number; {usage}")
        );
        assert_eq!(
            error(&["--budget-ms", "soon"], &[]),
            "--budget-ms takes a whole number of milliseconds, not \"soon\""
        );
        assert_eq!(
            error(&[], &[("TEST_BUDGET_MS", "-1")]),
            "TEST_BUDGET_MS takes a whole number of milliseconds, not \"-1\""
        );
        assert_eq!(
            error(&["--seed", "x"], &[]),
            "--seed takes a whole number, not \"x\""
        );
        assert_eq!(
            error(&["--solve"], &[]),
            format!("--solve needs AxB; {usage}")
        );
    }

    #[test]
    fn help_lists_the_flags() {
        let help = CLI.help();
        assert!(
            help.starts_with("usage: test-bot [--budget-ms N]"),
            "{help}"
        );
        assert!(help.contains("Plays tests."), "{help}");
        assert!(
            help.contains("--budget-ms N") && help.contains("$TEST_BUDGET_MS, else 780"),
            "{help}"
        );
        assert!(help.contains("--mcts"), "{help}");
        let budget = help
            .lines()
            .find(|line| line.starts_with("  --budget-ms N"));
        assert_eq!(
            budget,
            Some(
                "  --budget-ms N        time per move; milliseconds, else $TEST_BUDGET_MS, else 780"
            )
        );
    }
}
