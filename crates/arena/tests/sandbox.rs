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
    let (shell, script) = match script.strip_prefix("bash:") {
        Some(script) => ("bash", script),
        None => ("sh", script),
    };
    let player = format!("name=hostile cmd=\"{shell} -c '{script}'\"");
    let mut args = vec![
        "match", "grow", "--a", &player, "--b", "greedy", "--boards", "1",
    ];
    if sandbox {
        args.push("--sandbox");
    }
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
    lines.join("\n")
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
