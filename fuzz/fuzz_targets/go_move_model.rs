//! go-core's move-model text and game records on arbitrary bytes: never a panic; a model that
//! parses prints back to itself, and a record either loads or is refused with a reason.
#![no_main]

use floodgate_go_core::move_model::{MoveModel, Trainer};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let Ok(text) = std::str::from_utf8(input) else {
        return;
    };
    if let Ok(model) = text.parse::<MoveModel>() {
        assert_eq!(model.to_text("").parse::<MoveModel>().unwrap(), model);
    }
    let mut trainer = Trainer::new();
    for record in text.lines() {
        let before = trainer.positions();
        match trainer.add_game(record) {
            Ok(added) => assert_eq!(trainer.positions(), before + added),
            Err(e) => assert!(!e.reason.is_empty()),
        }
    }
});
