//! This workspace keeps its limits: the check of `floodgate_house` over the repository finds
//! nothing beyond the debt listed in `crates/house/debt.txt`, and nothing listed there is paid
//! already (the crate's unit tests show that each check fails on a planted violation).

use std::collections::BTreeSet;
use std::path::Path;

use floodgate_house::{DEBT_FILE, check};

#[test]
fn the_workspace_keeps_its_shape() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let debt_text = std::fs::read_to_string(root.join(DEBT_FILE)).unwrap_or_default();
    let debt: BTreeSet<&str> = debt_text.lines().filter(|l| !l.trim().is_empty()).collect();
    let violations = check(&root).expect("the workspace can be read");
    let new: Vec<String> = violations
        .iter()
        .filter(|v| !debt.contains(v.key().as_str()))
        .map(ToString::to_string)
        .collect();
    assert!(
        new.is_empty(),
        "{} violations:\n{}",
        new.len(),
        new.join("\n")
    );
    let owed: BTreeSet<String> = violations.iter().map(|v| v.key()).collect();
    let paid: Vec<&&str> = debt.iter().filter(|d| !owed.contains(**d)).collect();
    assert!(paid.is_empty(), "paid, remove from {DEBT_FILE}: {paid:?}");
}
