//! The bot over the CodinGame protocol, in both seats.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use floodgate_botkit::testing::{assert_refused, run_bot};
use floodgate_domain_core::codec::parse_answer;
use floodgate_domain_core::state::{Action, State};

const BOT: &str = env!("CARGO_BIN_EXE_domain-bot");

/// Plays `turns` turns against the first legal action of the opponent, checking every answer.
fn play(seat: u8, turns: usize) {
    let mut child = Command::new(BOT)
        .args(["--first-budget-ms", "200", "--budget-ms", "20"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut state = State::default();
    let opponent_move = |state: &State| {
        let mut actions: Vec<Action> = Vec::new();
        state.legal_actions(&mut actions);
        actions[0]
    };
    if seat == 0 {
        writeln!(input, "7 7\n0 0\n6 6\n-1 -1 _").unwrap();
    } else {
        let first = opponent_move(&state);
        state = state.play(first);
        writeln!(input, "7 7\n6 6\n{}\n{first}", first.to).unwrap();
    }
    for turn in 0..turns {
        let mut line = String::new();
        output.read_line(&mut line).unwrap();
        let (action, _) = parse_answer(line.trim_end()).expect("a well-formed answer");
        assert!(state.is_legal(action), "turn {turn}: {action} is legal");
        state = state.play(action);
        if state.is_over() {
            break;
        }
        let reply = opponent_move(&state);
        state = state.play(reply);
        if state.is_over() {
            break;
        }
        writeln!(input, "{reply}").unwrap();
    }
    drop(input);
    assert!(
        child.wait().unwrap().success(),
        "end of input ends the game"
    );
}

#[test]
fn plays_legal_actions_as_the_first_player() {
    play(0, 12);
}

#[test]
fn plays_legal_actions_as_the_second_player() {
    play(1, 12);
}

#[test]
fn malformed_input_gets_one_stderr_line_and_exit_2() {
    for (input, needle) in [
        ("8 8\n0 0\n6 6\n", "board size"),
        ("7 7\n3 3\n6 6\n", "starts at"),
        ("7 7\n0 0\n6 6\n1 2 3\n", "an action"),
        ("7 7\n0 0\n", "initial lines"),
    ] {
        let out = run_bot(BOT, &[], input.as_bytes());
        assert_refused(&out, BOT, needle);
    }
}

/// docs/boards/README.md gives the bot's answer to docs/boards/domain-first.txt (and README.md
/// and docs/rules/domain.md repeat it): the bot gives it.
#[test]
fn the_documented_first_answer_is_the_bots() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let docs = std::fs::read_to_string(format!("{root}/docs/boards/README.md")).unwrap();
    let row = docs
        .lines()
        .find(|line| line.starts_with("| `domain-first.txt`"))
        .expect("the table's row");
    let answer_cell = row.split('|').nth(3).expect("an answer column");
    let documented = answer_cell.split('`').nth(1).expect("a quoted answer");
    let input = std::fs::read(format!("{root}/docs/boards/domain-first.txt")).unwrap();
    let out = run_bot(BOT, &[], &input);
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim_end(), documented);
    for other in ["README.md", "docs/rules/domain.md"] {
        let text = std::fs::read_to_string(format!("{root}/{other}")).unwrap();
        assert!(
            text.contains(documented),
            "{other} does not give {documented}"
        );
    }
}
