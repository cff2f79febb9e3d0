//! Players shared by the referee tests (each test file includes this module).

#![allow(dead_code)]

use floodgate_arena::player::{Builtin, Player};

/// The built-in `name` as a process: this arena's `player GAME NAME`.
pub fn process(game: &str, name: &str) -> Player {
    Player::command(vec![
        env!("CARGO_BIN_EXE_arena").into(),
        "player".into(),
        game.into(),
        name.into(),
    ])
}

/// A shell script as a player.
pub fn sh(script: &str) -> Player {
    Player::command(vec!["sh".into(), "-c".into(), script.into()])
}

/// A built-in in the referee's process.
pub fn builtin(name: &str) -> Player {
    Player::builtin(Builtin::named(name).expect("a built-in"))
}
