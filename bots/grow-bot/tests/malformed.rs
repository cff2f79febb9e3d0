//! Malformed judge input: exit status 2 and one line on stderr, for each of these (in play
//! grow-bot never writes to stderr; a grid that is not one is the one exception).

use floodgate_botkit::testing::{assert_all_refused, assert_long_line_refused};

const BOT: &str = env!("CARGO_BIN_EXE_grow-bot");

#[test]
fn malformed_inputs_are_refused() {
    let grid = |first: &str, rest: usize| format!("{first}{}", "0".repeat(rest)).into_bytes();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty", b"".to_vec()),
        ("ten characters", grid("", 10)),
        ("one character short", grid("", 3599)),
        ("one character over", grid("", 3601)),
        ("truncated", grid("", 3000)),
        (
            "two line ends",
            grid("", 3600).into_iter().chain(*b"\n\n").collect(),
        ),
        ("a line end first", grid("\n", 3600)),
        (
            "a line end inside",
            grid(&format!("{}\n", "0".repeat(1800)), 1799),
        ),
        (
            "a trailing space",
            grid("", 3600).into_iter().chain(*b" ").collect(),
        ),
        ("a state of 8", grid("8", 3599)),
        ("a state of 9 everywhere", "9".repeat(3600).into_bytes()),
        ("a letter", grid("x", 3599)),
        ("hexadecimal", "a".repeat(3600).into_bytes()),
        ("a minus sign", grid("-", 3599)),
        ("a space", grid(" ", 3599)),
        ("a tab", grid("\t", 3599)),
        ("NUL bytes", vec![0; 3600]),
        ("non-ASCII", grid("é", 3598)),
        (
            "CRLF inside",
            grid(&format!("{}\r\n", "0".repeat(100)), 3498),
        ),
        ("ten megabytes", vec![b'0'; 10 << 20]),
        ("binary noise", (0..=255u8).cycle().take(3600).collect()),
    ];
    assert_all_refused(BOT, &[], &cases);
}

#[test]
fn a_line_of_64_mib_is_refused_without_being_held() {
    assert_long_line_refused(BOT, &[], b"");
}
