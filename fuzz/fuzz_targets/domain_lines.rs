//! The Domain Expansion protocol parsers on arbitrary lines: never a panic, and an accepted
//! action or answer prints back to a line that parses to the same action.
#![no_main]

use floodgate_domain_core::codec::{parse_action_line, parse_answer, parse_cell};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let Ok(line) = std::str::from_utf8(input) else { return };
    let _ = parse_cell(line);
    if let Ok(Some(action)) = parse_action_line(line) {
        assert_eq!(parse_action_line(&action.to_string()), Ok(Some(action)));
    }
    if let Ok((action, _message)) = parse_answer(line) {
        assert_eq!(parse_answer(&action.to_string()).map(|(a, _)| a), Ok(action));
    }
});
