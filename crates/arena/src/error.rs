//! What stops an arena command before or instead of its games: one error type for the library.

use std::fmt;
use std::path::PathBuf;

/// An error of the arena.
#[derive(Debug)]
pub enum Error {
    /// An option the game cannot use.
    DoesNotApply {
        /// The option, as the command line spells it.
        option: &'static str,
        /// The game.
        game: &'static str,
    },
    /// A setting outside what the game allows, in words.
    Setting(String),
    /// A start read from a file (a board, an init line) that the game's rules refuse.
    Start(String),
    /// A player description that does not read, or a player the game cannot have.
    Player(String),
    /// A player's program that cannot be started.
    CannotStart {
        /// The player's name.
        player: String,
        /// The program.
        program: String,
        /// What the system said.
        reason: String,
    },
    /// A recorded game that does not read or does not replay.
    Record(String),
    /// A file that cannot be opened, read or written.
    File {
        /// What the arena was doing: `open`, `read`, `write`.
        doing: &'static str,
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// Input to a built-in player process that does not follow the game's protocol.
    Protocol(String),
    /// Parameters of an SPRT that cannot be tested.
    Sprt(String),
}

impl Error {
    /// A file error.
    pub fn file(doing: &'static str, path: impl Into<PathBuf>, error: std::io::Error) -> Self {
        Self::File {
            doing,
            path: path.into(),
            error,
        }
    }

    /// Whether it is a write to a pipe whose reader has gone (`arena ... | head`): not worth
    /// a message.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Self::File { error, .. } if error.kind() == std::io::ErrorKind::BrokenPipe)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::DoesNotApply { option, game } => write!(f, "{option} does not apply to {game}"),
            Self::Setting(words)
            | Self::Start(words)
            | Self::Player(words)
            | Self::Record(words)
            | Self::Protocol(words)
            | Self::Sprt(words) => write!(f, "{words}"),
            Self::CannotStart {
                player,
                program,
                reason,
            } => write!(f, "player {player:?} cannot start {program:?}: {reason}"),
            Self::File { doing, path, error } => {
                write!(f, "cannot {doing} {}: {error}", path.display())
            }
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::File { error, .. } => Some(error),
            _ => None,
        }
    }
}
