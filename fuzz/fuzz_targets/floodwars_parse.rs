//! The Flood Wars judge-input parser on arbitrary bytes: never a panic; a parsed position
//! prints back to itself, it has three legal colours (four while both corners share one), and
//! every legal move gives a position that parses again.
#![no_main]

use floodgate_floodwars_core::Side;
use floodgate_floodwars_core::codec::parse;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    if let Ok(position) = parse(input) {
        let printed = position.to_string();
        let again = parse(printed.as_bytes()).expect("a printed position parses");
        assert_eq!(again.to_string(), printed);
        let same_colour = position.colour(Side::J) == position.colour(Side::S);
        let choices = if same_colour { 4 } else { 3 };
        assert_eq!(position.legal_moves().count(), choices);
        for colour in position.legal_moves() {
            let after = position.play(colour);
            assert!(parse(after.to_string().as_bytes()).is_ok());
        }
    }
});
