//! The bot run as the judge runs it.

use std::process::Output;

use floodgate_botkit::testing::{assert_refused, run_bot};
use floodgate_floodwars_core::{Position, Side};

const BOT: &str = env!("CARGO_BIN_EXE_floodwars-bot");

fn bot(input: &[u8], args: &[&str]) -> Output {
    run_bot(BOT, args, input)
}

const SEED: &str =
    "J\n.#+#.*.@.@\n@.+*@.+*#+\n**#++@**#@\n#@#@.@@+@#\n++@++@#.@.\n**##*@*#++\n#@@*.+*.*+\n";

#[test]
fn answers_with_a_legal_move_in_the_judge_format() {
    for input in [SEED.to_string(), SEED.replacen('J', "S", 1)] {
        let out = bot(input.as_bytes(), &["--budget-ms", "200"]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.stderr.is_empty());
        let before: Position = input.parse().unwrap();
        let after: Position = String::from_utf8(out.stdout.clone())
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(after.to_move(), before.to_move().other());
        let legal = before
            .legal_moves()
            .any(|c| before.play(c).to_string() == String::from_utf8_lossy(&out.stdout));
        assert!(
            legal,
            "the answer is the board after one legal move:\n{}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

#[test]
fn answers_a_board_whose_corners_share_a_colour() {
    let boards = [
        // Two separate `@` areas.
        "J\n#.@\n+#+\n@.#\n",
        // One `@` area joining the corners.
        "S\n#@\n@@\n",
        // The seed board with S's corner recoloured to J's `#`.
        &SEED.replacen(".@\n@.+", ".#\n@.+", 1),
        // One cell, both corners.
        "J\n*\n",
    ];
    for input in boards {
        let before: Position = input.parse().unwrap();
        let shared = before.colour(Side::J);
        assert_eq!(before.colour(Side::S), shared, "{input}");
        let out = bot(input.as_bytes(), &["--budget-ms", "100"]);
        assert!(
            out.status.success(),
            "{input}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let answer = String::from_utf8(out.stdout).unwrap();
        let after: Position = answer.parse().unwrap();
        let mover = before.to_move();
        assert_eq!(after.to_move(), mover.other());
        assert_ne!(after.colour(mover), shared, "{input}{answer}");
        assert!(
            before
                .legal_moves()
                .any(|c| before.play(c).to_string() == answer),
            "not the board after a legal move:\n{answer}"
        );
    }
}

#[test]
fn plays_the_largest_board() {
    let rows: String = (0..50)
        .map(|y| {
            (0..50)
                .map(|x| ['@', '#', '+', '.', '*'][(x * 7 + y * 3 + x * y) % 5])
                .collect::<String>()
                + "\n"
        })
        .collect();
    let input = format!("S\n{rows}");
    let position: Position = input.parse().unwrap();
    assert_eq!(position.to_move(), Side::S);
    // Timing is measured in the arena, not here: this checks that a short budget still answers.
    let out = bot(input.as_bytes(), &["--budget-ms", "100"]);
    assert!(out.status.success());
    let after: Position = String::from_utf8(out.stdout).unwrap().parse().unwrap();
    assert_eq!(after.to_move(), Side::J);
}

fn assert_rejected(input: &[u8], args: &[&str], needle: &str) {
    let out = bot(input, args);
    assert_refused(&out, BOT, needle);
    assert!(out.stdout.is_empty());
}

#[test]
fn malformed_input_gets_one_stderr_line_and_exit_2() {
    assert_rejected(b"", &[], "first line");
    assert_rejected(b"J\n@.x\n", &[], "row 1, column 3");
    assert_rejected(b"J\n@..\n#.\n", &[], "row 2");
    assert_rejected(SEED.as_bytes(), &["--budget-ms", "soon"], "milliseconds");
    assert_rejected(SEED.as_bytes(), &["--fast"], "usage");
}
