//! Players and helpers shared by the arena's tests (each test file includes this module).

#![allow(dead_code)]

use std::process::{Command, Output};
use std::time::Duration;

use floodgate_arena::player::{Builtin, Player};
use floodgate_arena::record::GameRecord;
use floodgate_arena::referee::Referee;

/// Runs this arena's command line with `args`, colours off.
pub fn arena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

/// What a run of the arena wrote on stderr, as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A file name in the temp directory, unique to this test process and `file` (a test file's
/// name).
pub fn temp_file(file: &str, name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("arena-{file}-{}-{name}", std::process::id()))
}

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

/// A referee whose players are held to `limit` where they have no limit of their own, as
/// `--limit-ms` holds them.
pub struct Limited<R> {
    /// The referee.
    pub referee: R,
    /// The limit per move (or turn) instead of the judge's.
    pub limit: Duration,
}

impl<R: Referee> Limited<R> {
    /// `referee` with its players held to `limit_ms` milliseconds.
    pub fn new(referee: R, limit_ms: u64) -> Self {
        let limit = Duration::from_millis(limit_ms);
        Self { referee, limit }
    }

    /// Plays one game from `start` (as a record writes it) between `players` (seat 0, then
    /// seat 1).
    pub fn play(&self, start: &str, players: [&Player; 2], seed: u64) -> GameRecord {
        let start: R::Start = start.parse().expect("a start the game reads");
        let limited = players.map(|player| Player {
            limit: player.limit.or(Some(self.limit)),
            ..player.clone()
        });
        (self.referee).play(&start, [&limited[0], &limited[1]], seed)
    }
}

/// The processes whose command line is `sleep MARK`.
pub fn marked(mark: u32) -> Vec<i32> {
    let wanted = format!("sleep\0{mark}\0");
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            let line = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            line == wanted.as_bytes()
        })
        .collect()
}

/// The marked processes still there a second after `since` (none, once they are gone).
pub fn left_after_a_second(mark: u32, since: std::time::Instant) -> Vec<i32> {
    loop {
        let left = marked(mark);
        if left.is_empty() || since.elapsed() > std::time::Duration::from_secs(1) {
            return left;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Kills the marked processes (a run that left them behind), until none has been seen for a
/// tenth of a second (one still being forked shows up a moment later).
pub fn kill_marked(mark: u32) {
    let mut quiet = 0;
    while quiet < 5 {
        let left = marked(mark);
        quiet = if left.is_empty() { quiet + 1 } else { 0 };
        for pid in left {
            // SAFETY: kill(2) on a process this test's script started; no memory effects.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}
