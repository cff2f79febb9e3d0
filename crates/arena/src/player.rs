//! Who plays a seat: a built-in strategy in the referee's process, or an external program,
//! with a name for the tables and an optional time limit of its own.

use std::time::Duration;

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::Rng;

use crate::error::Error;
use crate::pen::Pen;
use crate::termination::Loss;
use floodgate_search::negamax::Limit;

/// A built-in strategy; each game's referee module says how it plays that game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    /// A uniformly random legal move (seeded, so games repeat).
    Random,
    /// The move that looks best one ply deep.
    Greedy,
    /// A plain alpha-beta search with a simple evaluation ([`crate::baseline`]), to a fixed
    /// depth or deepening for a fixed time.
    AlphaBeta(Limit),
    /// Domain Expansion only: the search crate's full alpha-beta (table, move ordering,
    /// principal-variation search) with an evaluation by the cells each token reaches first
    /// ([`crate::domain::baseline`]), to a fixed depth or deepening for a fixed time.
    Reach(Limit),
}

/// The longest limit per move a player may be given (`limit_ms=`, `--limit-ms`): an hour.
pub const MAX_LIMIT_MS: u64 = 3_600_000;

impl Builtin {
    /// The built-ins' names, for messages.
    pub const NAMES: &'static str = "random, greedy, alphabeta:D (D plies, 1 to 12), alphabeta:Nms (deepening for N ms, 1 to 60000), reach:D, reach:Nms (Domain Expansion)";

    /// The built-in named `name`: `random`, `greedy`, `alphabeta:D` or `reach:D` (D plies, 1
    /// to 12), `alphabeta:Nms` or `reach:Nms` (iterative deepening for N milliseconds, 1 to
    /// 60,000). `None` for a name that is no built-in's; an error for a limit outside those
    /// ranges.
    pub fn from_name(name: &str) -> Result<Option<Self>, Error> {
        let (kind, word, limit): (fn(Limit) -> Self, _, _) = match name {
            "random" => return Ok(Some(Self::Random)),
            "greedy" => return Ok(Some(Self::Greedy)),
            _ => match name.split_once(':') {
                Some(("alphabeta", limit)) => (Self::AlphaBeta, "alphabeta", limit),
                Some(("reach", limit)) => (Self::Reach, "reach", limit),
                _ => return Ok(None),
            },
        };
        let limit = match limit.strip_suffix("ms") {
            Some(ms) => ms
                .parse()
                .ok()
                .filter(|ms| (1..=60_000).contains(ms))
                .map(|ms| Limit::Time(Duration::from_millis(ms))),
            None => limit
                .parse()
                .ok()
                .filter(|depth| (1..=12).contains(depth))
                .map(Limit::Depth),
        };
        match limit {
            Some(limit) => Ok(Some(kind(limit))),
            None => Err(Error::Player(format!(
                "{name:?}: {word} searches to a depth of 1 to 12 plies ({word}:D) or for 1 to \
                 60000 ms ({word}:Nms)"
            ))),
        }
    }

    /// The built-in named `name`, or an error naming the built-ins.
    pub fn named(name: &str) -> Result<Self, Error> {
        Self::from_name(name)?.ok_or_else(|| {
            let names = Self::NAMES;
            Error::Player(format!(
                "no built-in player {name:?} (the built-ins: {names})"
            ))
        })
    }

    /// Its name, as [`Builtin::from_name`] reads it.
    pub fn name(self) -> String {
        match self {
            Self::Random => "random".to_string(),
            Self::Greedy => "greedy".to_string(),
            Self::AlphaBeta(limit) => format!("alphabeta:{}", limit_name(limit)),
            Self::Reach(limit) => format!("reach:{}", limit_name(limit)),
        }
    }

    /// Greedy's choice among `options` (not empty), where a game has it listed: one of the
    /// highest by `value`, ties drawn at random; any other strategy's, one drawn uniformly.
    /// Either way one draw of `rng`.
    pub(crate) fn pick<T: Copy, V: Ord + Copy>(
        self,
        options: &[T],
        value: impl FnMut(&T) -> V,
        rng: &mut Xoshiro256PlusPlus,
    ) -> T {
        match self {
            Self::Greedy => {
                let values: Vec<V> = options.iter().map(value).collect();
                best_at_random(options, &values, rng)
            }
            _ => at_random(options, rng),
        }
    }
}

/// A searching built-in's limit as its name writes it: `4` plies or `60ms`.
fn limit_name(limit: Limit) -> String {
    match limit {
        Limit::Depth(depth) => depth.to_string(),
        Limit::Time(time) => format!("{}ms", time.as_millis()),
    }
}

/// One of `options` (not empty), drawn uniformly with one draw of `rng`.
pub(crate) fn at_random<T: Copy>(options: &[T], rng: &mut Xoshiro256PlusPlus) -> T {
    options[(rng.next_u64() % options.len() as u64) as usize]
}

/// One of the `options` (not empty) of the highest of `values` (one each, in order), drawn
/// uniformly among the ties with one draw of `rng`.
fn best_at_random<T: Copy, V: Ord + Copy>(
    options: &[T],
    values: &[V],
    rng: &mut Xoshiro256PlusPlus,
) -> T {
    let best = values.iter().copied().max().expect("an option");
    let ties = options
        .iter()
        .zip(values)
        .filter(|&(_, &value)| value == best);
    let ties: Vec<T> = ties.map(|(&option, _)| option).collect();
    at_random(&ties, rng)
}

/// What each game's seed replaces in the words of a player's command ([`Player::for_game`]).
pub const SEED_PLACEHOLDER: &str = "{seed}";

/// How a seat is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Program {
    /// A built-in strategy, run in the referee's process.
    Builtin(Builtin),
    /// An external program (started as the game's judge starts bots): program and arguments.
    Command(Vec<String>),
}

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The name in tables and records.
    pub name: String,
    /// What plays.
    pub program: Program,
    /// This player's own limit per move (or turn), replacing the judge's; the game's other
    /// limits (a first turn, the time to say OK) are scaled by the same factor.
    pub limit: Option<Duration>,
    /// Whether the judge's other stated limits (memory) and the arena's own (processes, file
    /// size) are enforced on this player: on unless `limits=off` or `--no-limits` turns them
    /// off, for debugging.
    pub limits: bool,
    /// Whether its program runs under bubblewrap (`--sandbox`: the command then starts with
    /// `bwrap`).
    pub sandboxed: bool,
    /// The grace past every time limit (or its clock) before an answer of its program is late
    /// (`--margin-ms`): 0, the judges' exact limits, unless set.
    pub margin: Duration,
}

impl Player {
    /// A built-in player named after its strategy.
    pub fn builtin(builtin: Builtin) -> Self {
        Self {
            name: builtin.name(),
            program: Program::Builtin(builtin),
            limit: None,
            limits: true,
            sandboxed: false,
            margin: Duration::ZERO,
        }
    }

    /// An external program named after its command line.
    pub fn command(command: Vec<String>) -> Self {
        Self {
            name: command.join(" "),
            program: Program::Command(command),
            limit: None,
            limits: true,
            sandboxed: false,
            margin: Duration::ZERO,
        }
    }

    /// A player from its command-line description, for the game whose built-ins `offer`
    /// tells:
    ///
    /// - a built-in's name (`random`, `greedy`, `alphabeta:D`, `alphabeta:Nms`), played
    ///   in-process;
    /// - `self:NAME`: the built-in as a process (this binary's `player GAME NAME`);
    /// - a command line, split like a shell does (`'...'`, `"..."`, `\`);
    /// - `key=value` fields: `name=NAME`, `cmd=COMMAND` (any of the above, quoted when it has
    ///   spaces), `limit_ms=N` and `limits=off` (the judge's memory limit not enforced), e.g.
    ///   `name=new cmd="bot --budget-ms 500" limit_ms=1000`.
    ///
    /// A built-in the game has no strategy for, or no process for, is an error.
    pub fn parse(spec: &str, offer: &Offer) -> Result<Self, Error> {
        let words = split_words(spec)?;
        let is_field = |word: &String| {
            ["name=", "cmd=", "limit_ms=", "limits="]
                .iter()
                .any(|key| word.starts_with(key))
        };
        if words.is_empty() || !words.iter().all(is_field) {
            return Self::parse_program(&words, offer);
        }
        let refused = |words: String| Err(Error::Player(words));
        let (mut name, mut command, mut limit, mut limits) = (None, None, None, true);
        for word in &words {
            let (key, value) = word.split_once('=').expect("a field has '='");
            match key {
                "name" if !value.is_empty() => name = Some(value.to_string()),
                "cmd" => command = Some(value.to_string()),
                "limit_ms" => match value
                    .parse()
                    .ok()
                    .filter(|ms| (1..=MAX_LIMIT_MS).contains(ms))
                {
                    Some(ms) => limit = Some(Duration::from_millis(ms)),
                    None => {
                        return refused(format!(
                            "limit_ms takes a whole number of milliseconds from 1 to \
                             {MAX_LIMIT_MS}, not {value:?}"
                        ));
                    }
                },
                "limits" => match value {
                    "off" => limits = false,
                    "on" => limits = true,
                    _ => return refused(format!("limits is on or off, not {value:?}")),
                },
                _ => return refused(format!("an empty field {word:?} in player {spec:?}")),
            }
        }
        let Some(command) = command else {
            return refused(format!("player {spec:?} has no cmd="));
        };
        let mut player = Self::parse_program(&split_words(&command)?, offer)?;
        player.name = name.unwrap_or(player.name);
        player.limit = limit;
        player.limits = limits;
        Ok(player)
    }

    /// A built-in, `self:NAME` or a command, from its words.
    fn parse_program(words: &[String], offer: &Offer) -> Result<Self, Error> {
        if let [word] = words {
            if let Some(builtin) = Builtin::from_name(word)? {
                offer.check(builtin)?;
                return Ok(Self::builtin(builtin));
            }
            if let Some(name) = word.strip_prefix("self:") {
                return Self::builtin_process(Builtin::named(name)?, offer);
            }
        }
        if words.is_empty() {
            return Err(Error::Player("an empty player".to_string()));
        }
        Ok(Self::command(words.to_vec()))
    }

    /// The built-in as a process of its own: this binary's `player GAME NAME`.
    fn builtin_process(builtin: Builtin, offer: &Offer) -> Result<Self, Error> {
        offer.check(builtin)?;
        let exe = std::env::current_exe()
            .map_err(|e| Error::Player(format!("cannot find the arena binary: {e}")))?;
        let mut player = Self::command(vec![
            exe.display().to_string(),
            "player".into(),
            offer.game.into(),
            builtin.name(),
            "--seed".into(),
            SEED_PLACEHOLDER.into(),
        ]);
        player.name = format!("self:{}", builtin.name());
        Ok(player)
    }

    /// The player as it plays the game of `seed`: every `{seed}` in its command's words
    /// replaced by that number, so that a program taking a seed (`go-gtp --seed {seed}`,
    /// `gnugo --seed {seed}`) plays each game of a match differently and the match replays
    /// game for game.
    pub fn for_game(&self, seed: u64) -> Self {
        let mut player = self.clone();
        if let Program::Command(command) = &mut player.program {
            for word in command.iter_mut() {
                if word.contains(SEED_PLACEHOLDER) {
                    *word = word.replace(SEED_PLACEHOLDER, &seed.to_string());
                }
            }
        }
        player
    }

    /// Checks that an external program can be started at all (it is started and killed at
    /// once), so that a match with a missing bot stops before its first game; a one-word
    /// command that is no program is named with the built-ins `offer` has (a mistyped one).
    pub fn check_starts(&self, offer: &Offer) -> Result<(), Error> {
        let Program::Command(command) = &self.program else {
            return Ok(());
        };
        let Some((program, args)) = command.split_first() else {
            return Err(Error::Player("an empty command".to_string()));
        };
        let mut command = std::process::Command::new(program);
        command
            .args(args)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
        // In a pen of its own: whatever it starts in its moment ends with it.
        let mut pen = Pen::new();
        let mut child = pen.spawn(&mut command).map_err(|e| {
            // One word that is no program: most likely a built-in's name mistyped.
            let hint = if args.is_empty() && !program.contains('/') {
                format!("; no such program, nor a built-in ({})", offer.names())
            } else {
                String::new()
            };
            Error::CannotStart {
                player: self.name.clone(),
                program: program.clone(),
                reason: format!("{e}{hint}"),
            }
        })?;
        let _ = child.kill();
        let _ = child.wait();
        pen.end();
        Ok(())
    }
}

/// What a game offers as built-ins, for reading its players.
#[derive(Clone, Copy, Debug)]
pub struct Offer {
    /// The game's name, as `arena player GAME NAME` takes it.
    pub game: &'static str,
    /// Whether the game has a strategy for a built-in, or why not.
    pub strategies: fn(Builtin) -> Result<(), Loss>,
}

impl Offer {
    /// The built-ins the game has, for messages: `random, greedy, alphabeta:D, ...`.
    pub fn names(&self) -> String {
        let kinds = [
            (Builtin::Random, "random"),
            (Builtin::Greedy, "greedy"),
            (
                Builtin::AlphaBeta(Limit::Depth(1)),
                "alphabeta:D, alphabeta:Nms",
            ),
            (Builtin::Reach(Limit::Depth(1)), "reach:D, reach:Nms"),
        ];
        let offered = kinds
            .iter()
            .filter(|(builtin, _)| self.check(*builtin).is_ok());
        let names: Vec<&str> = offered.map(|(_, names)| *names).collect();
        format!("{}, or self:NAME", names.join(", "))
    }

    /// An error unless the game has a strategy for `builtin`.
    pub fn check(&self, builtin: Builtin) -> Result<(), Error> {
        (self.strategies)(builtin).map_err(|loss| Error::Player(loss.to_string()))
    }
}

/// Splits a command line into words as a POSIX shell does for plain words, single and double
/// quotes and backslashes (no variables, globs or operators).
pub fn split_words(line: &str) -> Result<Vec<String>, Error> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if let Some(done) = word.take() {
                    words.push(done);
                }
            }
            '\'' => {
                let text = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => text.push(c),
                        None => return Err(Error::Player(format!("an unclosed ' in {line:?}"))),
                    }
                }
            }
            '"' => {
                let text = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => text.push(c),
                            Some(c) => {
                                text.push('\\');
                                text.push(c);
                            }
                            None => {
                                return Err(Error::Player(format!("an unclosed \" in {line:?}")));
                            }
                        },
                        Some(c) => text.push(c),
                        None => return Err(Error::Player(format!("an unclosed \" in {line:?}"))),
                    }
                }
            }
            '\\' => {
                let c = chars
                    .next()
                    .ok_or_else(|| Error::Player(format!("a \\ at the end of {line:?}")))?;
                word.get_or_insert_with(String::new).push(c);
            }
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_like_a_shell() {
        let words = |line: &str| split_words(line).unwrap();
        assert_eq!(words("a  b\tc"), ["a", "b", "c"]);
        assert_eq!(
            words(r#"bot --name "two words" 'x y'"#),
            ["bot", "--name", "two words", "x y"]
        );
        assert_eq!(words(r#"a\ b "q\"uote" '' x"#), ["a b", "q\"uote", "", "x"]);
        assert_eq!(words(r#"cmd="bot -v" x"#), ["cmd=bot -v", "x"]);
        assert!(split_words("'open").is_err());
        assert!(split_words("\"open").is_err());
        assert!(split_words("end\\").is_err());
    }

    #[test]
    fn each_game_gets_its_seed_in_the_command() {
        let spec = r#"name=gnugo cmd="gnugo --seed {seed} --level 10 x{seed}y""#;
        let player = Player::parse(spec, &ANY_GAME).unwrap();
        let game = player.for_game(5542);
        assert_eq!(
            game.program,
            Program::Command(
                ["gnugo", "--seed", "5542", "--level", "10", "x5542y"]
                    .map(String::from)
                    .to_vec()
            )
        );
        assert_eq!((game.name.as_str(), game.limit), ("gnugo", None));
        assert_eq!(
            player.for_game(7).program,
            Player::parse(spec, &ANY_GAME).unwrap().for_game(7).program
        );
        assert_ne!(player.for_game(7).program, game.program);
        let builtin = Player::builtin(Builtin::Greedy);
        assert_eq!(builtin.for_game(3), builtin);
    }

    /// Every built-in, played in the process and as a process.
    const ANY_GAME: Offer = Offer {
        game: "floodwars",
        strategies: |_| Ok(()),
    };

    #[test]
    fn players_from_specs() {
        let parse = |spec: &str| Player::parse(spec, &ANY_GAME).unwrap();
        assert_eq!(parse("greedy"), Player::builtin(Builtin::Greedy));
        assert_eq!(
            parse("alphabeta:4").program,
            Program::Builtin(Builtin::AlphaBeta(Limit::Depth(4)))
        );
        assert_eq!(parse("alphabeta:4").name, "alphabeta:4");
        assert_eq!(
            parse("alphabeta:60ms").program,
            Program::Builtin(Builtin::AlphaBeta(Limit::Time(Duration::from_millis(60))))
        );
        assert_eq!(parse("alphabeta:60ms").name, "alphabeta:60ms");
        assert_eq!(
            parse("reach:60ms").program,
            Program::Builtin(Builtin::Reach(Limit::Time(Duration::from_millis(60))))
        );
        assert_eq!(parse("reach:60ms").name, "reach:60ms");
        assert_eq!(parse("reach:3").name, "reach:3");
        let bot = parse("bin/bot --budget-ms 500");
        assert_eq!(bot.name, "bin/bot --budget-ms 500");
        assert_eq!(
            bot.program,
            Program::Command(vec!["bin/bot".into(), "--budget-ms".into(), "500".into()])
        );
        let named = parse(r#"name=fast cmd="bin/bot --budget-ms 250" limit_ms=400"#);
        assert_eq!(named.name, "fast");
        assert_eq!(
            named.program,
            Program::Command(vec!["bin/bot".into(), "--budget-ms".into(), "250".into()])
        );
        assert_eq!(named.limit, Some(Duration::from_millis(400)));
        assert!(named.limits, "the judge's limits hold unless turned off");
        assert!(!parse("cmd=bin/bot limits=off").limits);
        assert!(parse("cmd=bin/bot limits=on").limits);
        assert_eq!(
            parse("name=ab cmd=alphabeta:2").program,
            Program::Builtin(Builtin::AlphaBeta(Limit::Depth(2)))
        );
        assert_eq!(parse("name=g cmd=self:greedy").name, "g");
        for bad in [
            "",
            "cmd=",
            "name=x",
            "name=x cmd=bot limit_ms=0",
            "limit_ms=abc cmd=x",
            "cmd=x limits=no",
            "self:nobody",
        ] {
            assert!(Player::parse(bad, &ANY_GAME).is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn a_search_limit_out_of_range_is_refused_naming_the_range() {
        for bad in [
            "alphabeta:0",
            "alphabeta:13",
            "alphabeta:0ms",
            "alphabeta:99999ms",
            "alphabeta:60s",
            "self:alphabeta:13",
            "reach:0",
            "reach:61000ms",
        ] {
            let error = Player::parse(bad, &ANY_GAME).unwrap_err().to_string();
            assert!(
                error.contains("1 to 12") && error.contains("1 to 60000 ms"),
                "{bad}: {error}"
            );
        }
    }

    #[test]
    fn a_game_refuses_the_built_ins_it_lacks() {
        let go = Offer {
            game: "go",
            strategies: |builtin| match builtin {
                Builtin::AlphaBeta(_) => Err(Loss::Resigned),
                _ => Ok(()),
            },
        };
        assert!(Player::parse("random", &go).is_ok());
        assert!(Player::parse("self:random", &go).is_ok());
        assert!(Player::parse("alphabeta:2", &go).is_err());
        assert!(Player::parse("self:alphabeta:2", &go).is_err());
    }

    #[test]
    fn a_missing_program_fails_the_start_check() {
        let missing = Player::command(vec!["/nonexistent/bot".into()]);
        let error = missing.check_starts(&ANY_GAME).unwrap_err().to_string();
        assert!(error.contains("cannot start"), "{error}");
        assert!(
            Player::command(vec!["true".into()])
                .check_starts(&ANY_GAME)
                .is_ok()
        );
        assert!(
            Player::builtin(Builtin::Random)
                .check_starts(&ANY_GAME)
                .is_ok()
        );
    }
}
