//! The bot as the judge runs it: the grid on stdin (with or without a newline), one answer
//! line, nothing on stderr; malformed input gets one stderr line and exit status 2.

use std::process::Output;

use floodgate_botkit::testing::{assert_refused, run_bot};
use floodgate_grow_core::codec::{format_grid, parse_grid};
use floodgate_grow_core::points::{Point, Points};
use floodgate_grow_core::state::{Move, Planes, State};

const BOT: &str = env!("CARGO_BIN_EXE_grow-bot");

fn bot(input: &[u8]) -> Output {
    run_bot(BOT, &["--budget-ms", "200"], input)
}

/// Plays the bot's answer to `grid` (its own view) and returns the move, checking the
/// answer's form and validity and that nothing went to stderr.
fn answer(grid: &str, state: &State) -> Move {
    for input in [grid.to_string(), format!("{grid}\n")] {
        let out = bot(input.as_bytes());
        assert!(out.status.success());
        assert!(
            out.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.ends_with('\n') && text.matches('\n').count() == 1,
            "{text:?}"
        );
        assert!(
            text.trim_end()
                .bytes()
                .all(|b| b.is_ascii_digit() || b == b',')
        );
        let m: Move = text.parse().unwrap();
        assert!(state.is_legal(m), "{text}");
    }
    String::from_utf8(bot(grid.as_bytes()).stdout)
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn plays_valid_moves_from_either_side() {
    // Seat 1's first move on the empty grid.
    let empty = State::default();
    let first = answer(&format_grid(&empty, 0), &empty);
    assert!(matches!(first, Move::First { .. }));
    // Seat 2's first move: it sees player 1's tree on column 19 and answers in its view.
    let (after, _) = empty.play(first);
    let seen = parse_grid(format_grid(&after, 1).as_bytes()).unwrap();
    let second = answer(&format_grid(&after, 1), &seen);
    assert!(matches!(second, Move::First { .. }));
    // A later move of player 1.
    let (after, _) = after.play(State::mirror_move(second));
    let seen = parse_grid(format_grid(&after, 0).as_bytes()).unwrap();
    assert!(matches!(
        answer(&format_grid(&after, 0), &seen),
        Move::Split { .. }
    ));
}

#[test]
fn a_bot_without_a_valid_move_still_answers_on_stdout_only() {
    // Its only leaf has every flag set; the judge asks anyway (and any answer loses).
    let leaf = Point::new(10, 10);
    let planes = Planes {
        leaves: [Points::single(leaf), Points::single(Point::new(15, 15))],
        flags: [Points::single(leaf); 8],
        ..Planes::default()
    };
    let stuck = State::from_parts(planes, [20, 10], 0);
    let out = bot(format_grid(&stuck, 0).as_bytes());
    assert!(out.status.success() && out.stderr.is_empty());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "10,10,9,10,9,11\n");
}

#[test]
fn malformed_input_gets_one_stderr_line_and_exit_2() {
    let empty = "0".repeat(3600);
    for (input, needle) in [
        ("0".repeat(10), "characters"),
        (format!("8{}", &empty[1..]), "state"),
        (format!("0{}", &empty[..3599].replace('0', "x")), "flag"),
    ] {
        let out = bot(input.as_bytes());
        assert_refused(&out, BOT, needle);
        assert!(out.stdout.is_empty(), "{input:.20}");
    }
}
