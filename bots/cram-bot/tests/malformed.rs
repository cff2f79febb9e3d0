//! Malformed judge input: exit status 2 and one line on stderr, for each of these (with a
//! short budget, so that the moves answered before the bad line take little time).

use floodgate_botkit::testing::{assert_all_refused, assert_long_line_refused};

const BOT: &str = env!("CARGO_BIN_EXE_cram-bot");

#[test]
fn malformed_inputs_are_refused() {
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty", b"".to_vec()),
        ("a size that is no number", b"x\n".to_vec()),
        ("size 0", b"0\n".to_vec()),
        ("size 1000", b"1000\n".to_vec()),
        ("a negative size", b"-5\n".to_vec()),
        ("an overflowing size", b"99999999999999999999\n".to_vec()),
        ("a space before the size", b" 5\n".to_vec()),
        ("a NUL after the size", b"5\0\n".to_vec()),
        ("a filled cell off the board", b"5_9x0\n".to_vec()),
        ("a filled cell without x", b"5_1-1\n".to_vec()),
        ("a filled cell without column", b"5_1x\n".to_vec()),
        (
            "a move onto a filled cell",
            b"5\n0x0_0x1\n0x0_1x0\n".to_vec(),
        ),
        ("a move off the board", b"5\n7x7_7x8\n".to_vec()),
        ("a move of one cell", b"5\n0x0\n".to_vec()),
        ("a move naming one cell twice", b"5\n1x1_1x1\n".to_vec()),
        ("a word", b"5\nhello\n".to_vec()),
        ("start in lowercase", b"5\nstart\n".to_vec()),
        ("non-ASCII", "5\nSTÄRT\n".as_bytes().to_vec()),
        ("a tab in a move", b"5\n0x0\t0x1\n".to_vec()),
        ("CRLF and a bad move", b"5\r\nSTART\r\nxx\r\n".to_vec()),
        ("cut off in a move", b"5\n0x0_0".to_vec()),
        (
            "a huge line",
            [b"5\n".as_slice(), &[b'1'; 1 << 20], b"\n"].concat(),
        ),
        ("binary noise", (0..=255u8).collect()),
    ];
    assert_all_refused(BOT, &["--budget-ms", "50"], &cases);
}

#[test]
fn a_line_of_64_mib_is_refused_without_being_held() {
    assert_long_line_refused(BOT, &[], b"");
    assert_long_line_refused(BOT, &["--budget-ms", "50"], b"5\nSTART\n");
}
