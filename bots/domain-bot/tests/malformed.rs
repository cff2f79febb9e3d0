//! Malformed referee input: exit status 2 and one line on stderr, for each of these (with
//! short budgets, so that a turn answered before the bad line takes little time).

use floodgate_botkit::testing::{assert_all_refused, assert_long_line_refused};

const BOT: &str = env!("CARGO_BIN_EXE_domain-bot");

#[test]
fn malformed_inputs_are_refused() {
    let after_start = |line: &str| format!("7 7\n0 0\n6 6\n{line}").into_bytes();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty", b"".to_vec()),
        ("the size alone", b"7 7\n".to_vec()),
        ("another size", b"8 8\n0 0\n6 6\n".to_vec()),
        ("a word for the size", b"seven\n0 0\n6 6\n".to_vec()),
        ("a tab for the size", b"\t\n".to_vec()),
        ("a NUL after the size", b"7 7\0\n0 0\n6 6\n".to_vec()),
        ("a start off the corners", b"7 7\n3 3\n6 6\n".to_vec()),
        ("letters for a cell", b"7 7\nx y\n6 6\n".to_vec()),
        ("a negative cell", b"7 7\n-1 0\n6 6\n".to_vec()),
        ("a cell off the board", b"7 7\n0 0\n9 9\n".to_vec()),
        ("cut off in a cell", b"7 7\n0 0\n6".to_vec()),
        ("a digit for a direction", after_start("1 2 3\n")),
        ("no direction", b"7 7\n6 6\n2 0\n2 0\n".to_vec()),
        ("a word", after_start("hello\n")),
        (
            "CRLF and a bad line",
            b"7 7\r\n0 0\r\n6 6\r\nxx\r\n".to_vec(),
        ),
        ("non-ASCII direction", after_start("1 2 Ü\n")),
        ("a direction that is no letter", after_start("1 2 _\n")),
        ("an action off the board", after_start("7 2 U\n")),
        ("two first turns", after_start("-1 -1 _\n-1 -1 _\n")),
        (
            "a first turn padded with a megabyte",
            [
                b"7 7\n6 6\n0 0\n-1 -1 _".to_vec(),
                vec![b' '; 1 << 20],
                b"\n".to_vec(),
            ]
            .concat(),
        ),
        (
            "a huge line",
            [after_start(""), vec![b'1'; 1 << 20], b"\n".to_vec()].concat(),
        ),
        ("binary noise", (0..=255u8).collect()),
    ];
    assert_all_refused(
        BOT,
        &["--first-budget-ms", "50", "--budget-ms", "20"],
        &cases,
    );
}

#[test]
fn a_line_of_64_mib_is_refused_without_being_held() {
    assert_long_line_refused(BOT, &[], b"");
    assert_long_line_refused(BOT, &["--budget-ms", "20"], b"7 7\n0 0\n6 6\n");
}
