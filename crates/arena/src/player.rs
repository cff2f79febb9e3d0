//! Who plays a seat: a built-in strategy in the referee's process, or an external program.

/// A game's built-in strategies, named on the command line.
pub trait Strategy: Copy {
    /// The strategy called `name`, if there is one.
    fn from_name(name: &str) -> Option<Self>;

    /// Its name.
    fn name(self) -> &'static str;
}

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player<B> {
    /// A built-in strategy, run in the referee's process.
    Builtin(B),
    /// An external program (started as the game's judge starts bots).
    Command(Vec<String>),
}

impl<B: Strategy> Player<B> {
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
        if let Some(builtin) = B::from_name(spec) {
            return Ok(Self::Builtin(builtin));
        }
        if let Some(name) = spec.strip_prefix("self:") {
            B::from_name(name).ok_or_else(|| format!("no built-in player {name:?}"))?;
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
