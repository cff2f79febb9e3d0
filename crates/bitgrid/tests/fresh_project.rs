//! A project of its own that depends on floodgate-bitgrid, built as an embedder builds it: with
//! cargo's defaults, without this workspace's `-C target-cpu=x86-64-v2`
//! (`.cargo/config.toml`). Its kernels must still run their POPCNT path on a processor that has
//! POPCNT: they detect it at run time (`KernelPath`, docs/kernels.md).
//!
//! The project lives in the system's temporary folder, outside the workspace, so that cargo
//! does not read the workspace's configuration; its build folder is kept there between runs
//! (one per checkout of this crate), so that a rerun only rebuilds what changed.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;

/// What the project's program prints: the chosen path, then whether the build enabled POPCNT.
const MAIN: &str = r#"fn main() {
    println!("{}", floodgate_bitgrid::kernel_path());
    println!("{}", cfg!(target_feature = "popcnt"));
}
"#;

/// The folder of the project for this checkout of the crate (its path hashed into the name).
fn project_dir(crate_dir: &Path) -> PathBuf {
    let mut hasher = DefaultHasher::new();
    crate_dir.hash(&mut hasher);
    std::env::temp_dir().join(format!("floodgate-bitgrid-fresh-{:016x}", hasher.finish()))
}

/// Writes the project's manifest, lock file (the workspace's, when there is one, so that the
/// offline build finds the same versions) and program.
fn write_project(dir: &Path, crate_dir: &Path) {
    std::fs::create_dir_all(dir.join("src")).unwrap();
    let manifest = format!(
        "[package]\nname = \"bitgrid-fresh-build\"\nversion = \"0.0.0\"\nedition = \"2024\"\n\
         publish = false\n\n[dependencies]\nfloodgate-bitgrid = {{ path = {:?} }}\n\n\
         # A workspace of its own, whatever folder it is in.\n[workspace]\n",
        crate_dir.display().to_string()
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    std::fs::write(dir.join("src/main.rs"), MAIN).unwrap();
    let workspace_lock = crate_dir.join("../../Cargo.lock");
    if workspace_lock.exists() && !dir.join("Cargo.lock").exists() {
        std::fs::copy(workspace_lock, dir.join("Cargo.lock")).unwrap();
    }
}

/// Builds and runs the project with cargo's defaults: every variable that would pass compiler
/// flags removed. Returns its output's lines.
fn run_project(dir: &Path) -> Vec<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .args(["run", "--quiet", "--offline"])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", dir.join("target"));
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy();
        if name.ends_with("RUSTFLAGS") || name == "CARGO_BUILD_TARGET" {
            command.env_remove(&*name);
        }
    }
    let output = command.output().expect("cargo runs");
    assert!(
        output.status.success(),
        "the fresh project did not build and run:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    stdout.lines().map(str::to_string).collect()
}

#[test]
fn a_default_build_detects_popcnt_at_run_time() {
    #[cfg(target_arch = "x86_64")]
    let has_popcnt = std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("sse4.2")
        && std::is_x86_feature_detected!("ssse3");
    #[cfg(not(target_arch = "x86_64"))]
    let has_popcnt = false;
    if !has_popcnt {
        eprintln!("SKIPPED: this processor has no POPCNT path to detect (not x86-64-v2)");
        return;
    }
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = project_dir(crate_dir);
    write_project(&dir, crate_dir);
    let lines = run_project(&dir);
    assert_eq!(
        lines,
        ["popcnt", "false"],
        "the default build should not enable POPCNT at compile time (second line) and its \
         kernels should choose the POPCNT path at run time (first line)"
    );
}
