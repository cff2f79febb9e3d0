//! `--resume`: a match killed with SIGKILL in the middle, then resumed from its `--jsonl` file,
//! ends with the summary of a match that ran through; a tournament stopped after its first
//! pair does too. The players are deterministic (`greedy`, and `random` from each game's seed);
//! a slow `greedy` (a script that waits before each move) gives the kill its moment.

use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

mod common;
use common::arena;

/// A script that waits a little, then plays as the arena's `greedy` for one Flood Wars move:
/// its player spec, and its file.
fn slow_greedy(name: &str) -> (String, std::path::PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let path = common::temp_file("resume", name);
    let script = format!(
        "#!/bin/sh\nsleep 0.05\nexec {} player floodwars greedy\n",
        env!("CARGO_BIN_EXE_arena")
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    (format!("name=slow cmd={}", path.display()), path)
}

/// The summary of a run's output without its time table (times differ between runs).
fn results(output: &[u8]) -> String {
    let text = String::from_utf8_lossy(output);
    let results = text.lines().take_while(|line| !line.contains("p50 ms"));
    results.collect::<Vec<_>>().join("\n")
}

/// The number of lines of a file (0 while it is not there).
fn lines_of(path: &std::path::Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |text| text.lines().count())
}

#[test]
fn a_match_killed_mid_way_resumes_to_the_summary_of_one_that_ran_through() {
    let (slow, script) = slow_greedy("slow-greedy.sh");
    let args = |jsonl: &str| -> Vec<String> {
        let words = [
            "match",
            "floodwars",
            "--a",
            &slow,
            "--b",
            "random",
            "--boards",
            "4",
        ];
        let mut args: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        args.extend(
            [
                "--min-size",
                "6",
                "--max-size",
                "8",
                "--seed",
                "5",
                "--jsonl",
                jsonl,
            ]
            .map(String::from),
        );
        args
    };
    let whole_file = common::temp_file("resume", "whole.jsonl");
    let whole = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(args(whole_file.to_str().unwrap()))
        .output()
        .unwrap();
    assert!(
        whole.status.success(),
        "{}",
        String::from_utf8_lossy(&whole.stderr)
    );
    let killed_file = common::temp_file("resume", "killed.jsonl");
    let mut run = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(args(killed_file.to_str().unwrap()))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let since = Instant::now();
    while lines_of(&killed_file) < 2 && since.elapsed() < Duration::from_secs(60) {
        thread::sleep(Duration::from_millis(5));
    }
    run.kill().unwrap();
    run.wait().unwrap();
    let kept = lines_of(&killed_file);
    assert!(
        (2..8).contains(&kept),
        "killed after {kept} games: not mid-way"
    );
    assert_eq!(kept % 2, 0, "whole pairs only in a killed run's file");
    let mut resumed_args = args(killed_file.to_str().unwrap());
    resumed_args.push("--resume".into());
    let words: Vec<&str> = resumed_args.iter().map(String::as_str).collect();
    let resumed = arena(&words);
    assert!(
        resumed.status.success(),
        "{}",
        String::from_utf8_lossy(&resumed.stderr)
    );
    assert_eq!(results(&resumed.stdout), results(&whole.stdout));
    assert_eq!(lines_of(&killed_file), 8, "each game once in the file");
    for file in [whole_file, killed_file, script] {
        std::fs::remove_file(file).unwrap();
    }
}

#[test]
fn a_stopped_tournament_resumes_to_the_standings_of_one_that_ran_through() {
    let file = common::temp_file("resume", "tournament.jsonl");
    let path = file.to_str().unwrap();
    let args = [
        "tournament",
        "cram",
        "--player",
        "greedy",
        "--player",
        "random",
        "--player",
        "alphabeta:1",
        "--boards",
        "2",
        "--min-size",
        "4",
        "--max-size",
        "6",
        "--jsonl",
        path,
    ];
    let whole = arena(&args);
    assert!(
        whole.status.success(),
        "{}",
        String::from_utf8_lossy(&whole.stderr)
    );
    // Stopped after the first pairing's first pair (a pair is written whole).
    let text = std::fs::read_to_string(&file).unwrap();
    let first: Vec<&str> = text.lines().take(2).collect();
    std::fs::write(&file, first.join("\n") + "\n").unwrap();
    let mut resumed_args = args.to_vec();
    resumed_args.push("--resume");
    let resumed = arena(&resumed_args);
    assert!(
        resumed.status.success(),
        "{}",
        String::from_utf8_lossy(&resumed.stderr)
    );
    let standings = |out: &[u8]| {
        String::from_utf8_lossy(out)
            .split("rank")
            .nth(1)
            .map(str::to_string)
    };
    assert_eq!(standings(&resumed.stdout), standings(&whole.stdout));
    assert_eq!(lines_of(&file), 12, "each game once in the file");
    std::fs::remove_file(file).unwrap();
}
