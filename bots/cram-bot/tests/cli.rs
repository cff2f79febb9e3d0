//! The bot over the judge's protocol.

use std::process::Output;

use floodgate_botkit::testing::{assert_refused, run_bot};
use floodgate_cram_core::board::Domino;
use floodgate_cram_core::codec::{parse_init, parse_move};

const BOT: &str = env!("CARGO_BIN_EXE_cram-bot");

fn bot(input: &str, args: &[&str]) -> Output {
    run_bot(BOT, args, input.as_bytes())
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
        assert_refused(&bot(input, &[]), BOT, needle);
    }
}
