//! The `go-score` binary as a judge runs it: board on stdin, one line on stdout.

use std::process::Output;

use floodgate_botkit::testing::{assert_refused, run_bot};

const BOT: &str = env!("CARGO_BIN_EXE_go-score");

fn go_score(input: &[u8], args: &[&str]) -> Output {
    run_bot(BOT, args, input)
}

fn board_file(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/../../docs/boards/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

#[test]
fn answers_the_seed_examples() {
    for (file, expected) in [
        ("seed-9x9.txt", "W+6\n"),
        ("seed-xavier.txt", "Jigo\n"),
        ("seed-code-golf.txt", "Jigo\n"),
        ("seed-one-line.txt", "B+21\n"),
        ("seed-19x19.txt", "B+6\n"),
    ] {
        let out = go_score(&board_file(file), &[]);
        assert!(out.status.success(), "{file}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "{file}");
        assert!(out.stderr.is_empty(), "{file}");
    }
}

#[test]
fn empty_input_is_jigo() {
    let out = go_score(b"", &[]);
    assert!(out.status.success());
    assert_eq!(out.stdout, b"Jigo\n");
}

fn assert_rejected(out: &Output, needle: &str) {
    assert_refused(out, BOT, needle);
    assert!(out.stdout.is_empty());
}

#[test]
fn malformed_boards_get_one_stderr_line_and_exit_2() {
    assert_rejected(&go_score(b"XO-", &[]), "3 points");
    assert_rejected(
        &go_score("-".repeat(256 * 256).as_bytes(), &[]),
        "65536 points",
    );
    assert_rejected(&go_score(b"", &["--board"]), "unexpected argument");
}

#[test]
fn help_goes_to_stdout() {
    let out = go_score(b"", &["--help"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("usage: go-score"));
}
