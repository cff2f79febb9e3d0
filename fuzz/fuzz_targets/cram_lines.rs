//! The Cram protocol parsers on arbitrary input (an init line, then move lines): never a
//! panic, and an accepted move prints back to a line that parses to the same move.
#![no_main]

use floodgate_cram_core::codec::{parse_init, parse_move};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let Ok(text) = std::str::from_utf8(input) else { return };
    let mut lines = text.split('\n');
    let Ok(mut board) = parse_init(lines.next().unwrap_or("")) else { return };
    for line in lines {
        if let Ok(domino) = parse_move(line, &board) {
            assert_eq!(parse_move(&domino.to_string(), &board), Ok(domino));
            board.play(domino);
        }
    }
});
