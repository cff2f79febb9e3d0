#!/usr/bin/env bash
# Two versions of bitgrid's labeling in one program, taking turns call by call on each image:
#   benches/ab-labeling.sh REV_A REV_B FILE.pgm...     (REV: a git revision, or . for the work tree)
# Copies crates/bitgrid/src of each side into target/ab-labeling/{a,b} as crates bitgrid_a and
# bitgrid_b, builds benches/ab-labeling.rs against both (the workspace's release profile and
# target CPU) and prints, per image and connectivity, each side's median ns per pixel and the
# median of the rounds' B/A ratios with its quartiles. Taking turns call by call cancels the
# drift of a shared machine's speed, which moves single timings by 10 to 20% over minutes.
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: benches/ab-labeling.sh REV_A REV_B FILE.pgm..." >&2; exit 2; }
cd "$(dirname "$0")/.."
dir=target/ab-labeling
rm -rf "$dir" && mkdir -p "$dir/src"
for side in a b; do
    rev=$1; shift
    mkdir -p "$dir/$side"
    if [ "$rev" = . ]; then
        cp -r crates/bitgrid/src "$dir/$side/src"
    else
        git archive "$rev" crates/bitgrid/src | tar -x -C "$dir/$side" --strip-components=2
    fi
    printf '[package]\nname = "bitgrid_%s"\nversion = "0.1.0"\nedition = "2024"\n\n[dependencies]\nsmallvec = "1"\n' \
        "$side" > "$dir/$side/Cargo.toml"
done
cat > "$dir/Cargo.toml" <<'TOML'
[package]
name = "ab-labeling"
version = "0.1.0"
edition = "2024"

[workspace]

[dependencies]
bitgrid_a = { path = "a" }
bitgrid_b = { path = "b" }

[profile.release]
lto = true
codegen-units = 1
panic = "abort"
TOML
cp benches/ab-labeling.rs "$dir/src/main.rs"
files=()
for file in "$@"; do files+=("$(realpath "$file")"); done
cd "$dir"
RUSTFLAGS="-C target-cpu=x86-64-v2" cargo build --release --quiet
./target/release/ab-labeling "${files[@]}"
