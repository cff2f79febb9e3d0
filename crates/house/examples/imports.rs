//! Prints the module graph of one crate as the cycle check reads it: each module and the modules
//! it imports, then its cycles. `cargo run -p floodgate-house --example imports -- crates/arena`

use std::path::Path;
use std::process::ExitCode;

use floodgate_house::modules::{Crate, cycles};

fn main() -> ExitCode {
    let Some(folder) = std::env::args().nth(1) else {
        eprintln!("usage: imports CRATE_FOLDER (such as crates/arena)");
        return ExitCode::from(2);
    };
    let krate = match Crate::read(&Path::new(&folder).join("src")) {
        Ok(Some(krate)) => krate,
        Ok(None) => {
            eprintln!("imports: {folder}/src has no lib.rs or main.rs");
            return ExitCode::from(2);
        }
        Err(error) => {
            eprintln!("imports: {folder}: {error}");
            return ExitCode::from(2);
        }
    };
    let graph = krate.imports();
    for (module, imports) in &graph {
        let names: Vec<String> = imports.iter().map(|m| m.join("::")).collect();
        println!("{} -> {}", module.join("::"), names.join(", "));
    }
    for cycle in cycles(&graph) {
        let names: Vec<String> = cycle.iter().map(|m| m.join("::")).collect();
        println!("cycle: {}", names.join(" "));
    }
    ExitCode::SUCCESS
}
