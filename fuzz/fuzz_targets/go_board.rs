//! The go-score parser on arbitrary bytes: never a panic; a parsed board scores the same as the
//! plain BFS scorer and prints back to itself.
#![no_main]

use floodgate_go_core::{Board, reference};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    if let Ok(board) = Board::from_bytes(input) {
        assert_eq!(board.score(), reference::score(&board));
        assert_eq!(board.to_string().parse::<Board>().unwrap(), board);
    }
});
