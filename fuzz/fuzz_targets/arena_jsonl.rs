//! The arena's `--jsonl` line reader and the replays built on it, on arbitrary input: never a
//! panic; a line that reads as a recorded game either replays (as text and as HTML) or is
//! refused with an error, whatever its moves.
#![no_main]

use floodgate_arena::record::MatchLine;
use floodgate_arena::playback::View;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let Ok(line) = std::str::from_utf8(input) else {
        return;
    };
    if let Ok(game) = MatchLine::parse(line) {
        let text = View::default();
        let one_move_coloured = View {
            only: Some(1),
            colour: true,
            ..View::default()
        };
        let page = View {
            as_html: true,
            ..View::default()
        };
        for view in [text, one_move_coloured, page] {
            let _ = floodgate_arena::playback::show(&game.record, view);
        }
    }
});
