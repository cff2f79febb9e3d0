//! Prints the instructions the bitgrid kernels run with on this processor, and whether the
//! build itself targets POPCNT (it does not without `-C target-cpu=...`: the kernels then choose
//! their POPCNT path at run time).
//!
//! Run: `cargo run -p floodgate-bitgrid --example kernel_path`; to see a default build, as an
//! embedder's project gets it, without the workspace's `target-cpu`:
//! `RUSTFLAGS= cargo run -p floodgate-bitgrid --example kernel_path --target-dir target/plain`.

fn main() {
    println!("kernel path: {}", floodgate_bitgrid::kernel_path());
    let built_with = if cfg!(target_feature = "popcnt") {
        "yes"
    } else {
        "no"
    };
    println!("built with POPCNT: {built_with}");
    let supported: Vec<_> = floodgate_bitgrid::KernelPath::ALL
        .into_iter()
        .filter(|path| path.is_supported())
        .map(|path| path.name())
        .collect();
    println!("paths this processor runs: {}", supported.join(", "));
}
