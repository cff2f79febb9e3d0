//! Who plays a seat: a built-in strategy in the referee's process, or an external program.

/// A built-in strategy; each game's referee module says how it plays that game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    /// A uniformly random legal move (seeded, so games repeat).
    Random,
    /// The move that looks best one ply deep.
    Greedy,
}

impl Builtin {
    /// The built-in named `name` (`random` or `greedy`).
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "random" => Some(Self::Random),
            "greedy" => Some(Self::Greedy),
            _ => None,
        }
    }

    /// Its name.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Random => "random",
            Self::Greedy => "greedy",
        }
    }
}

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A built-in strategy, run in the referee's process.
    Builtin(Builtin),
    /// An external program (started as the game's judge starts bots).
    Command(Vec<String>),
}

impl Player {
    /// A short name for tables.
    pub fn name(&self) -> String {
        match self {
            Self::Builtin(builtin) => builtin.name().to_string(),
            Self::Command(command) => command.join(" "),
        }
    }

    /// A player from its command-line description: a built-in's name (in-process), `self:NAME`
    /// (the built-in as a process: this binary's `player GAME NAME`), or a command line.
    pub fn parse(spec: &str, game: &str) -> Result<Self, String> {
        if let Some(builtin) = Builtin::from_name(spec) {
            return Ok(Self::Builtin(builtin));
        }
        if let Some(name) = spec.strip_prefix("self:") {
            Builtin::from_name(name).ok_or_else(|| format!("no built-in player {name:?}"))?;
            let exe = std::env::current_exe()
                .map_err(|e| format!("cannot find the arena binary: {e}"))?;
            return Ok(Self::Command(vec![
                exe.display().to_string(),
                "player".into(),
                game.into(),
                name.into(),
            ]));
        }
        let command: Vec<String> = spec.split_whitespace().map(String::from).collect();
        if command.is_empty() {
            return Err("an empty player".to_string());
        }
        Ok(Self::Command(command))
    }
}
