//! `cram-solve`, the Grundy solver's command line.

use std::process::Output;

use floodgate_botkit::testing::{assert_refused, run_bot};

const SOLVE: &str = env!("CARGO_BIN_EXE_cram-solve");

fn solve(args: &[&str]) -> Output {
    run_bot(SOLVE, args, b"")
}

#[test]
fn the_solver_command_prints_the_value() {
    let out = solve(&["--solve", "4x5"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("4 x 5: Grundy value 2: the player to move wins"),
        "{text}"
    );
    let out = solve(&["--solve-init", "3_1x1"]);
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("Grundy value 0"),
        "a 3 x 3 ring: a loss"
    );
}

#[test]
fn the_outcome_command_says_who_wins() {
    for (size, verdict) in [
        ("4x5", "4 x 5: the player to move wins"),
        ("5x5", "5 x 5: the player to move loses"),
        ("4x6", "4 x 6: the player to move loses"),
        ("3x7", "3 x 7: the player to move wins"),
    ] {
        let out = solve(&["--outcome", size]);
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.starts_with(verdict), "{text}");
    }
    assert_refused(&solve(&["--outcome", "4"]), SOLVE, "a board size AxB");
}

/// The other orders give the same value by another search (other counters).
#[test]
fn the_other_orders_give_the_same_value() {
    let lines = |args: &[&str]| {
        let out = solve(args);
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let (verdict, counters) = text.split_once('\n').unwrap();
        let searched = counters
            .split(", ")
            .find(|c| c.starts_with("regions searched"));
        (verdict.to_string(), searched.unwrap().to_string())
    };
    let usual = lines(&["--solve", "4x7"]);
    assert_eq!(usual.0, "4 x 7: Grundy value 3: the player to move wins");
    for other in ["--mirrored", "--reversed-ties"] {
        let (verdict, searched) = lines(&["--solve", "4x7", other]);
        assert_eq!(verdict, usual.0, "{other}");
        assert_ne!(searched, usual.1, "{other} searches otherwise");
    }
}

#[test]
fn the_solver_table_size_can_be_set() {
    let out = solve(&["--solve", "3x4", "--table-mb", "8"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("tables 8 MiB (--table-mb)"), "{text}");
    // The default is the 64 MiB the help and README give; the filter is counted apart.
    let text = String::from_utf8(solve(&["--solve", "4x4"]).stdout).unwrap();
    assert!(
        text.contains("tables 64 MiB (--table-mb), filter 2 MiB"),
        "{text}"
    );
    for args in [
        &["--solve", "3x4", "--table-mb", "0"][..],
        &["--solve", "3x4", "--table-mb", "lots"],
        &["--solve", "3x4", "--table-mb"],
        &["--solve-init", "3", "--budget-ms", "5"],
        &["--solve", "3x4", "--outcome", "3x4"],
        &[],
    ] {
        assert_refused(&solve(args), SOLVE, "");
    }
}

/// A solve with a checkpoint gives the value a plain solve gives, writes its tables, and a
/// second run reads them and answers at once; a file that is not a checkpoint is refused.
#[test]
fn a_solve_with_a_checkpoint_resumes_from_it() {
    let dir = std::env::temp_dir().join(format!("cram-checkpoint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("3x9.tables");
    let path = file.to_str().unwrap();
    let plain = String::from_utf8(solve(&["--solve", "3x9"]).stdout).unwrap();
    let args = [
        "--solve",
        "3x9",
        "--table-mb",
        "4",
        "--checkpoint",
        path,
        "--checkpoint-secs",
        "1",
    ];
    // The regions searched so far, counted across runs.
    let searched = |text: &str| -> u64 {
        let after = text.split("regions searched ").nth(1).expect("a count");
        after.split(',').next().unwrap().parse().unwrap()
    };
    let mut counts = Vec::new();
    for run in 0..2 {
        let out = solve(&args);
        assert!(out.status.success(), "run {run}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.lines().next(), plain.lines().next(), "run {run}");
        assert!(file.exists(), "run {run}");
        counts.push(searched(&text));
    }
    assert!(counts[0] > 100, "{counts:?}");
    assert!(
        counts[1] - counts[0] < counts[0] / 10,
        "resumed: {counts:?}"
    );
    std::fs::write(&file, b"not a checkpoint").unwrap();
    assert_refused(&solve(&args), SOLVE, "cannot resume");
    assert_refused(
        &solve(&[
            "--solve",
            "3x9",
            "--checkpoint",
            path,
            "--checkpoint-secs",
            "0",
        ]),
        SOLVE,
        "--checkpoint-secs",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A board with a region the solver has no shape for is refused (exit 2), not "unknown".
#[test]
fn a_board_too_large_for_the_solver_is_refused() {
    for size in ["99x99", "9x9"] {
        let out = solve(&["--solve", size]);
        assert_refused(&out, SOLVE, "larger than the solver's shapes");
    }
}

#[test]
fn help_and_version_end_quietly_when_the_reader_has_gone() {
    floodgate_botkit::testing::assert_quiet_on_closed_pipe(SOLVE);
}
