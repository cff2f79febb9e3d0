//! The bot over the judge's protocol, and its solver command.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use cram_core::board::Domino;
use cram_core::codec::{parse_init, parse_move};

fn bot(input: &str, args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cram-bot"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

#[test]
fn answers_ok_then_legal_moves_and_stops() {
    // The second player: the opponent's move comes first; duplicate pre-filled cells and \r\n.
    let init = "5_0x0_0x0_4x4";
    let out = bot(
        &format!("{init}\r\n1x1_1x2\r\nSTOP\r\n"),
        &["--budget-ms", "100"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("OK"));
    let mut board = parse_init(init).unwrap();
    board.play(parse_move("1x1_1x2", &board).unwrap());
    let answer: Domino = parse_move(lines.next().unwrap(), &board).unwrap();
    assert!(board.is_legal(answer), "{answer}");
    assert_eq!(lines.next(), None, "STOP ends the game");
}

#[test]
fn plays_first_on_start_and_exits_at_end_of_input() {
    let out = bot("3\nSTART\n", &[]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "OK");
    let board = parse_init("3").unwrap();
    assert!(board.is_legal(parse_move(lines[1], &board).unwrap()));
}

#[test]
fn malformed_judge_input_gets_one_stderr_line_and_exit_2() {
    for (input, needle) in [
        ("x\n", "not a number"),
        ("5_9x0\n", "outside"),
        ("5\n0x0_0x1\n0x0_1x0\n", "not empty"),
        ("1000\n", "between 1 and 999"),
    ] {
        let out = bot(input, &[]);
        assert_eq!(out.status.code(), Some(2), "{input:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(needle), "{input:?}: {stderr}");
    }
}

#[test]
fn the_solver_command_prints_the_value() {
    let out = bot("", &["--solve", "4x5"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("4 x 5: Grundy value 2: the player to move wins"),
        "{text}"
    );
    let out = bot("", &["--solve-init", "3_1x1"]);
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
        let out = bot("", &["--outcome", size]);
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.starts_with(verdict), "{text}");
    }
    assert_eq!(bot("", &["--outcome", "4"]).status.code(), Some(2));
}

#[test]
fn the_solver_table_size_can_be_set() {
    let out = bot("", &["--solve", "3x4", "--table-mb", "8"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("tables 8 MiB"), "{text}");
    for args in [
        &["--solve", "3x4", "--table-mb", "0"][..],
        &["--solve", "3x4", "--table-mb", "lots"],
        &["--solve", "3x4", "--table-mb"],
        &["--solve-init", "3", "--budget-ms", "5"],
    ] {
        let out = bot("", args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    }
}
