//! Nothing of a player outlives its game: players that fork hundreds of children, that hide
//! them in new sessions behind a double fork, or that ignore SIGTERM, played through the
//! arena's command line with and without `--sandbox` (the sandbox's runs skip, saying so, where
//! bubblewrap is not installed); and an arena sent SIGINT in the middle of a match. Every
//! player's processes are marked by a `sleep` of a number of its own; each script is also run
//! without the arena, where its processes stay behind, so that the check can fail.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use floodgate_arena::sandbox;

mod common;
use common::{kill_marked, left_after_a_second, marked};

/// A player script that starts 300 children, each a `sleep MARK`, then never answers.
const MANY: &str = "i=0\nwhile [ $i -lt 300 ]; do sleep MARK & i=$((i+1)); done\nexec sleep MARK\n";
/// A player script whose children leave its session behind a double fork, then never answers.
const HIDDEN: &str =
    "setsid sh -c 'sh -c \"sleep MARK &\" &' &\nsetsid sh -c 'sleep MARK &'\nexec sleep MARK\n";
/// A player script that starts 30 children (within the process limit), then never answers.
const SOME: &str = "i=0\nwhile [ $i -lt 30 ]; do sleep MARK & i=$((i+1)); done\nexec sleep MARK\n";
/// A player script whose children ignore SIGTERM (and hang up), then never answers.
const STUBBORN: &str =
    "sh -c 'trap \"\" TERM HUP INT; sleep MARK & wait' &\ntrap '' TERM HUP INT\nexec sleep MARK\n";

/// One test at a time: each runs arenas whose players fork hundreds of processes, and a second
/// counts processes of its own marks only, but an interrupted arena's check wants a quiet
/// machine.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Holds [`ONE_AT_A_TIME`] for a test.
fn alone() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// A player's script file in a directory of its own, removed with the directory when dropped.
struct ScriptFile(PathBuf);

impl std::ops::Deref for ScriptFile {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for ScriptFile {
    fn drop(&mut self) {
        if let Some(dir) = self.0.parent() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// An executable file holding `script` (with `MARK` replaced by `mark`) in a directory of its
/// own, which the sandbox shows the player read-only.
fn script_file(script: &str, mark: u32) -> ScriptFile {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("arena-leftovers-{}-{mark}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("player.sh");
    let text = format!("#!/bin/sh\n{}", script.replace("MARK", &mark.to_string()));
    std::fs::write(&path, text).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    ScriptFile(path)
}

/// The script run on its own, killed after half a second: its marked processes stay behind
/// (so the check below can fail), and are then killed.
fn assert_left_behind_without_the_arena(script: &str, mark: u32) {
    let path = script_file(script, mark);
    let mut child = Command::new(&*path).stdin(Stdio::null()).spawn().unwrap();
    thread::sleep(Duration::from_millis(500));
    child.kill().unwrap();
    child.wait().unwrap();
    thread::sleep(Duration::from_millis(100));
    let left = marked(mark);
    kill_marked(mark);
    assert!(
        !left.is_empty(),
        "the script left nothing behind on its own: the test proves nothing"
    );
}

/// Plays one board pair of `game` with the script as player `a` (sandboxed or not), and checks
/// that a second after the arena's end no process of the script is left.
fn assert_nothing_left(game: &str, script: &str, mark: u32, sandboxed: bool) {
    if sandboxed && !sandbox::available() {
        eprintln!("SKIPPED the sandboxed run of mark {mark}: bubblewrap is not installed");
        return;
    }
    assert_left_behind_without_the_arena(script, mark);
    let path = script_file(script, mark);
    let mut args = vec![
        "match",
        game,
        "--a",
        path.to_str().unwrap(),
        "--b",
        "greedy",
    ];
    args.extend(["--boards", "1", "--limit-ms", "400"]);
    if sandboxed {
        args.push("--sandbox");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(&args)
        .output()
        .unwrap();
    let ended = Instant::now();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let left = left_after_a_second(mark, ended);
    kill_marked(mark);
    assert!(
        left.is_empty(),
        "{} processes of {args:?} outlived the match",
        left.len()
    );
}

#[test]
fn hundreds_of_children_end_with_the_game() {
    let _alone = alone();
    assert_nothing_left("floodwars", MANY, 7101, false);
    assert_nothing_left("cram", MANY, 7102, false);
    assert_nothing_left("floodwars", MANY, 7103, true);
    assert_nothing_left("cram", MANY, 7104, true);
}

#[test]
fn children_in_new_sessions_end_with_the_game() {
    let _alone = alone();
    assert_nothing_left("floodwars", HIDDEN, 7111, false);
    assert_nothing_left("cram", HIDDEN, 7112, false);
    assert_nothing_left("floodwars", HIDDEN, 7113, true);
    assert_nothing_left("cram", HIDDEN, 7114, true);
}

#[test]
fn children_that_ignore_sigterm_end_with_the_game() {
    let _alone = alone();
    assert_nothing_left("floodwars", STUBBORN, 7121, false);
    assert_nothing_left("cram", STUBBORN, 7122, false);
    assert_nothing_left("floodwars", STUBBORN, 7123, true);
    assert_nothing_left("cram", STUBBORN, 7124, true);
}

/// Starts a Cram match of a player with 30 children against `greedy` with a long limit, waits for the
/// script's processes, sends the arena SIGINT, and checks that nothing of the script is left a
/// second after the arena's end.
fn assert_nothing_left_after_sigint(mark: u32, sandboxed: bool) {
    if sandboxed && !sandbox::available() {
        eprintln!("SKIPPED the sandboxed run of mark {mark}: bubblewrap is not installed");
        return;
    }
    let path = script_file(MANY, mark);
    let mut args = vec![
        "match",
        "cram",
        "--a",
        path.to_str().unwrap(),
        "--b",
        "greedy",
    ];
    args.extend(["--boards", "3", "--limit-ms", "20000"]);
    if sandboxed {
        args.push("--sandbox");
    }
    let mut arena = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let since = Instant::now();
    while marked(mark).len() < 31 && since.elapsed() < Duration::from_secs(10) {
        thread::sleep(Duration::from_millis(20));
    }
    if marked(mark).is_empty() {
        let status = arena.try_wait().unwrap();
        panic!("the script's processes never started (the arena: {status:?})");
    }
    // SAFETY: kill(2) sends SIGINT to the arena this test started; no memory effects.
    unsafe { libc::kill(arena.id() as i32, libc::SIGINT) };
    let status = arena.wait().unwrap();
    let ended = Instant::now();
    assert_eq!(status.code(), Some(128 + libc::SIGINT), "{status:?}");
    let left = left_after_a_second(mark, ended);
    kill_marked(mark);
    assert!(
        left.is_empty(),
        "{} processes outlived the interrupted arena",
        left.len()
    );
}

#[test]
fn an_interrupted_arena_ends_every_player_first() {
    let _alone = alone();
    assert_left_behind_without_the_arena(SOME, 7131);
    assert_nothing_left_after_sigint(7131, false);
    assert_nothing_left_after_sigint(7132, true);
}
