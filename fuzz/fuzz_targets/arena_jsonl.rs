//! The arena's `--jsonl` line reader and the replays built on it, on arbitrary input: never a
//! panic; a line that reads as a recorded game either replays (as text and as HTML) or is
//! refused with an error, whatever its moves.
#![no_main]

use arena::record::MatchLine;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let Ok(line) = std::str::from_utf8(input) else {
        return;
    };
    if let Ok(game) = MatchLine::parse(line) {
        let _ = arena::replay::show(&game.record, None, false, false);
        let _ = arena::replay::show(&game.record, Some(1), false, true);
        let _ = arena::replay::show(&game.record, None, true, false);
    }
});
