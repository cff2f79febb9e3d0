//! Malformed judge input: exit status 2 and one line on stderr, for each of these.

use floodgate_botkit::testing::{assert_all_refused, assert_long_line_refused};

const BOT: &str = env!("CARGO_BIN_EXE_floodwars-bot");

#[test]
fn malformed_inputs_are_refused() {
    let rows = |n: usize, row: &str| format!("J\n{}", format!("{row}\n").repeat(n)).into_bytes();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty", b"".to_vec()),
        ("the letter alone", b"J".to_vec()),
        ("no rows", b"J\n".to_vec()),
        ("another letter", b"X\n@.\n.#\n".to_vec()),
        ("a lowercase letter", b"j\n@.\n.#\n".to_vec()),
        ("both letters", b"JS\n@.\n.#\n".to_vec()),
        ("a space before the letter", b" J\n@.\n.#\n".to_vec()),
        ("a space after the letter", b"J \n@.\n.#\n".to_vec()),
        ("CRLF line ends", b"J\r\n@.\r\n.#\r\n".to_vec()),
        ("a byte that is no colour", b"J\n@.x\n".to_vec()),
        ("a space in a row", b"J\n@ .\n.#\n".to_vec()),
        ("a tab in a row", b"J\n@\t\n.#\n".to_vec()),
        ("a NUL byte", b"J\n@\0\n.#\n".to_vec()),
        ("non-ASCII", "J\n@é\n.#\n".as_bytes().to_vec()),
        ("rows of two lengths", b"J\n@..\n#.\n".to_vec()),
        ("truncated in the last row", b"J\n@.#\n.#*\n.".to_vec()),
        ("an empty row", b"J\n\n".to_vec()),
        ("a blank line between rows", b"J\n@.\n\n.#\n".to_vec()),
        ("51 columns", rows(2, &"@.".repeat(26)[..51])),
        ("51 rows", rows(51, "@.")),
        (
            "a huge line",
            [b"J\n".as_slice(), &[b'@'; 1 << 20], b"\n"].concat(),
        ),
        ("binary noise", (0..=255u8).collect()),
    ];
    assert_all_refused(BOT, &[], &cases);
}

#[test]
fn a_line_of_64_mib_is_refused_without_being_held() {
    assert_long_line_refused(BOT, &[], b"J\n");
}
