//! This workspace keeps its limits: the check of `floodgate_house` over the repository finds
//! nothing (the crate's unit tests show that each check fails on a planted violation).

use std::path::Path;

#[test]
fn the_workspace_keeps_its_shape() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let violations = floodgate_house::check(&root).expect("the workspace can be read");
    let listed: Vec<String> = violations.iter().map(ToString::to_string).collect();
    assert!(
        listed.is_empty(),
        "{} violations:\n{}",
        listed.len(),
        listed.join("\n")
    );
}
