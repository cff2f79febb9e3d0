//! A Grow answer line as the judge reads it (`Move`'s `FromStr`), on arbitrary input: never a
//! panic; an accepted answer prints back to the same move; and a move accepted on the empty
//! grid plays without a panic and mirrors back to itself.
#![no_main]

use floodgate_grow_core::state::{Move, State};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let Ok(line) = std::str::from_utf8(input) else {
        return;
    };
    let Ok(m) = line.parse::<Move>() else {
        return;
    };
    assert_eq!(m.to_string().parse::<Move>(), Ok(m));
    assert_eq!(State::mirror_move(State::mirror_move(m)), m);
    let start = State::default();
    if start.is_legal(m) {
        let _ = start.play(m);
    }
});
