//! Malformed boards: exit status 2 and one line on stderr, for each of these. go-score counts
//! the points `X`, `O` and `-` wherever they are and ignores every other byte, so a board is
//! malformed only by its number of points: not a square, or more than 255 x 255.

use floodgate_botkit::testing::assert_all_refused;

#[test]
fn malformed_boards_are_refused() {
    let points = |n: usize| "-".repeat(n).into_bytes();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("two points", b"X-".to_vec()),
        ("three points", b"XO-".to_vec()),
        ("five points", b"X-O-X".to_vec()),
        ("a 9 x 9 board less one", points(80)),
        ("a 9 x 9 board and one", points(82)),
        ("a 19 x 19 board less one", points(360)),
        (
            "a 3 x 3 board cut in the last row",
            b"XO-\n-X-\nO-".to_vec(),
        ),
        (
            "CRLF rows, one point short",
            b"XO-\r\n-X-\r\nO-\r\n".to_vec(),
        ),
        ("NUL bytes and two points", b"\0X\0O\0".to_vec()),
        ("non-ASCII and three points", "X·O·-".as_bytes().to_vec()),
        ("tabs and six points", b"X\tO\t-\nX\tO\t-\n".to_vec()),
        ("binary noise (three points)", (0..=255u8).collect()),
        ("lowercase x and o (two points)", b"x o - -".to_vec()),
        ("digits only and two points", b"1X2O3".to_vec()),
        (
            "a huge line of seven points",
            [vec![b' '; 1 << 20], b"XOXOXO-".to_vec()].concat(),
        ),
        ("256 x 256 points", points(256 * 256)),
        ("a million points", points(1_000_000)),
        ("255 x 255 and one", points(255 * 255 + 1)),
        ("two boards", [points(81), points(81)].concat()),
        ("a row of eight points", points(8)),
        (
            "a board and a stray stone",
            [points(25), b"X".to_vec()].concat(),
        ),
    ];
    assert_all_refused(env!("CARGO_BIN_EXE_go-score"), &[], &cases);
}
