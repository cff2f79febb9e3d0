//! `cram-solve`, the Grundy solver's command line.

use std::process::Output;

use botkit::testing::{assert_refused, run_bot};

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

#[test]
fn the_solver_table_size_can_be_set() {
    let out = solve(&["--solve", "3x4", "--table-mb", "8"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("tables 8 MiB"), "{text}");
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
