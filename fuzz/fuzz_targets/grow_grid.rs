//! The Grow grid and answer parsers on arbitrary input: never a panic; an accepted grid
//! prints back to itself, and an accepted answer prints back to the same move.
#![no_main]

use floodgate_grow_core::codec::{format_grid, parse_grid};
use floodgate_grow_core::state::Move;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    if let Ok(state) = parse_grid(input) {
        let text = format_grid(&state, 0);
        let again = parse_grid(text.as_bytes()).expect("a printed grid parses");
        assert_eq!(format_grid(&again, 0), text);
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        for m in moves.into_iter().take(8) {
            let _ = state.play(m);
        }
    }
    if let Ok(line) = std::str::from_utf8(input) {
        if let Ok(m) = line.parse::<Move>() {
            assert_eq!(format!("{m}\n").parse::<Move>(), Ok(m));
        }
    }
});
