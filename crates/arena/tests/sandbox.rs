//! `--sandbox`: hostile players that try to reach past their game, each run once without the
//! sandbox (where the attempt works, so that the test can fail) and once with it (where it must
//! not). A Grow player that writes to standard error forfeits with its first line as the
//! reason: each script says there what its attempt came to. Skipped, saying so, where
//! bubblewrap is not installed.

use std::process::Command;

mod common;
use common::arena;

/// The forfeit lines of a Grow match of the script (run by `sh`, or by `bash` when it starts
/// with `bash:`) as player `a` against `greedy`.
fn forfeits(script: &str, sandbox: bool) -> String {
    forfeits_with(script, if sandbox { &["--sandbox"] } else { &[] })
}

/// The forfeit lines of a Grow match of the script against `greedy`, with `options`; checks
/// that the match went on to its second game and that `--jsonl` recorded both, each with the
/// forfeit's typed ending.
fn forfeits_with(script: &str, options: &[&str]) -> String {
    let (shell, script) = match script.strip_prefix("bash:") {
        Some(script) => ("bash", script),
        None => ("sh", script),
    };
    let player = format!("name=hostile cmd=\"{shell} -c '{script}'\"");
    let jsonl = common::temp_file(
        "sandbox",
        &format!("{:x}.jsonl", fingerprint(script, options)),
    );
    let jsonl_arg = jsonl.display().to_string();
    let mut args = vec![
        "match", "grow", "--a", &player, "--b", "greedy", "--boards", "1", "--jsonl", &jsonl_arg,
    ];
    args.extend(options);
    let out = arena(&args);
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {errors}");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let lines: Vec<&str> = text.lines().filter(|l| l.contains("forfeited")).collect();
    assert_eq!(
        lines.len(),
        2,
        "the hostile player forfeits both games: {text}"
    );
    let records = std::fs::read_to_string(&jsonl).unwrap();
    std::fs::remove_file(&jsonl).unwrap();
    assert_eq!(records.lines().count(), 2, "{records}");
    for record in records.lines() {
        let record: serde_json::Value = serde_json::from_str(record).unwrap();
        let forfeit = &record["record"]["forfeit"];
        assert!(forfeit["loss"].is_object(), "a typed ending: {record}");
    }
    lines.join("\n")
}

/// A number that tells apart the files of runs that may go on at once.
fn fingerprint(script: &str, options: &[&str]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (script, options).hash(&mut hasher);
    hasher.finish()
}

/// Whether the sandbox can run here; says so when it cannot.
fn sandbox_here() -> bool {
    let here = floodgate_arena::sandbox::available();
    if !here {
        eprintln!("SKIPPED: bubblewrap (bwrap) is not installed, so --sandbox cannot run here");
    }
    here
}

/// Runs `script` without and with the sandbox: the first must say `outside`, the second
/// `inside`.
fn contained(script: &str, outside: &str, inside: &str) {
    let free = forfeits(script, false);
    assert!(free.contains(outside), "without the sandbox: {free}");
    let boxed = forfeits(script, true);
    assert!(
        boxed.contains(inside) && !boxed.contains(outside),
        "in the sandbox: {boxed}"
    );
}

#[test]
fn a_planted_file_outside_is_not_read_and_nothing_outside_is_written() {
    if !sandbox_here() {
        return;
    }
    let dir = common::temp_file("sandbox", "dir");
    std::fs::create_dir_all(&dir).unwrap();
    let secret = dir.join("secret");
    std::fs::write(&secret, "planted-secret\n").unwrap();
    let read = format!(
        "cat > /dev/null; if cat {0} > /dev/null 2>&1; then cat {0} >&2; else echo unreadable >&2; fi",
        secret.display()
    );
    contained(&read, "planted-secret", "unreadable");
    let escaped = dir.join("escaped");
    let write = format!(
        "cat > /dev/null; if (echo x > {}) 2> /dev/null; then echo escaped-write >&2; else echo refused >&2; fi",
        escaped.display()
    );
    std::fs::remove_file(&escaped).ok();
    let boxed = forfeits(&write, true);
    assert!(boxed.contains("refused"), "{boxed}");
    assert!(!escaped.exists(), "the sandboxed player wrote outside");
    contained(&write, "escaped-write", "refused");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn no_network_not_even_the_loopback() {
    if !sandbox_here() {
        return;
    }
    let has_bash = Command::new("bash").arg("-c").arg("true").status().is_ok();
    if !has_bash {
        eprintln!("SKIPPED: the connection is made with bash's /dev/tcp, and bash is missing");
        return;
    }
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let connect = format!(
        "bash:cat > /dev/null; if (exec 3<>/dev/tcp/127.0.0.1/{port}) 2> /dev/null; \
         then echo connected >&2; else echo no-network >&2; fi"
    );
    contained(&connect, "connected", "no-network");
}

#[test]
fn the_referees_side_cannot_be_seen_or_signalled() {
    if !sandbox_here() {
        return;
    }
    // The test's own process: the arena's parent, alive for the whole match.
    let pid = std::process::id();
    let signal = format!(
        "cat > /dev/null; kill -0 {pid} 2> /dev/null && echo visible >&2 || echo hidden >&2"
    );
    contained(&signal, "visible", "hidden");
}

#[test]
fn without_bubblewrap_the_sandbox_is_an_error_not_a_run_without_it() {
    let out = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args([
            "match",
            "grow",
            "--a",
            "/bin/true",
            "--b",
            "greedy",
            "--sandbox",
        ])
        .env("PATH", "/nonexistent")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(errors.contains("bwrap is not on the PATH"), "{errors}");
    assert!(out.stdout.is_empty(), "no game was played");
}

#[test]
fn a_fork_bomb_is_stopped_at_the_process_limit_in_the_sandbox_and_out() {
    if !sandbox_here() {
        return;
    }
    let bomb = "cat > /dev/null; while true; do sleep 30 & done";
    let limited = "process limit: more than 64 processes at once";
    let free = forfeits(bomb, false);
    assert!(free.contains(limited), "{free}");
    let boxed = forfeits(bomb, true);
    assert!(boxed.contains(limited), "{boxed}");
    // Without the limits it forks on until its time is up: the test can fail.
    let unlimited = forfeits_with(bomb, &["--no-limits", "--limit-ms", "300"]);
    assert!(unlimited.contains("within 300 ms"), "{unlimited}");
}

#[test]
fn a_file_past_the_limit_ends_its_writer_and_nothing_lands_outside() {
    if !sandbox_here() {
        return;
    }
    let dir = common::temp_file("sandbox", "fill");
    std::fs::create_dir_all(&dir).unwrap();
    // The program itself writes 100 MiB into a file in its working directory: the test's
    // folder where it can go there, the sandbox's own /tmp where it cannot.
    let fill = format!(
        "cat > /dev/null; cd {} 2> /dev/null; exec head -c 104857600 /dev/zero > fill",
        dir.display()
    );
    let limited = "file size limit: a file written past 67108864 bytes";
    let free = forfeits(&fill, false);
    assert!(free.contains(limited), "{free}");
    let written = std::fs::metadata(dir.join("fill")).unwrap().len();
    assert!(written <= 64 << 20, "{written} bytes written");
    std::fs::remove_file(dir.join("fill")).unwrap();
    let boxed = forfeits(&fill, true);
    assert!(boxed.contains(limited), "{boxed}");
    assert!(
        !dir.join("fill").exists(),
        "the sandboxed player wrote outside"
    );
    let unlimited = forfeits_with(&fill, &["--no-limits"]);
    assert!(!unlimited.contains(limited), "{unlimited}");
    assert_eq!(
        std::fs::metadata(dir.join("fill")).unwrap().len(),
        100 << 20
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_referees_side_cannot_be_traced() {
    if !sandbox_here() {
        return;
    }
    if Command::new("python3")
        .arg("-c")
        .arg("import ctypes")
        .status()
        .is_err()
    {
        eprintln!("SKIPPED: the attempt calls ptrace(2) through python3, and python3 is missing");
        return;
    }
    // A process of the referee's side: a child of the test, as the arena is.
    let mut referee_side = Command::new("sleep").arg("60").spawn().unwrap();
    // PTRACE_ATTACH is request 16; python3 exits 0 when it attached.
    let attach = format!(
        "cat > /dev/null; python3 -c \\\"import ctypes; exit(ctypes.CDLL(None).ptrace(16, {}, 0, 0))\\\" \
         && echo traced >&2 || echo untraceable >&2",
        referee_side.id()
    );
    // python3 takes more than Grow's 8 MB: the memory limit is off.
    let free = forfeits_with(&attach, &["--no-limits"]);
    if free.contains("untraceable") {
        eprintln!("SKIPPED: this kernel refuses the attempt even without the sandbox: {free}");
    } else {
        assert!(free.contains("traced"), "without the sandbox: {free}");
    }
    let boxed = forfeits_with(&attach, &["--no-limits", "--sandbox"]);
    assert!(boxed.contains("untraceable"), "in the sandbox: {boxed}");
    referee_side.kill().unwrap();
    referee_side.wait().unwrap();
}
