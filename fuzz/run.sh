#!/usr/bin/env bash
# Runs the cargo-fuzz targets for SECONDS each (default 600), starting from the seed corpus
# kept in fuzz/corpus/TARGET/. New inputs go to target/fuzz-corpus/TARGET/ and crashes to
# target/fuzz-artifacts/TARGET/, outside version control; a crash stops the script with a
# failure. Installs cargo-fuzz from crates.io when it is missing; needs a nightly toolchain
# (`rustup toolchain install nightly`).
#
#   bash fuzz/run.sh                  # every target, 10 minutes each
#   bash fuzz/run.sh 20 grow_answer   # one target, 20 seconds
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-600}
case "$seconds" in
    '' | *[!0-9]*) echo "fuzz/run.sh: SECONDS first, then targets" >&2; exit 2 ;;
esac
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(go_board go_move_model floodwars_parse domain_lines cram_lines grow_grid grow_answer arena_jsonl botkit_input)
fi
if ! cargo +nightly --version > /dev/null 2>&1; then
    echo "fuzz/run.sh: no nightly toolchain (rustup toolchain install nightly)" >&2
    exit 1
fi
if ! cargo fuzz --version > /dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi
cd "$root/fuzz"
for target in "${targets[@]}"; do
    corpus="$root/target/fuzz-corpus/$target"
    artifacts="$root/target/fuzz-artifacts/$target"
    rm -rf "$artifacts"
    mkdir -p "$corpus" "$artifacts"
    log="$root/target/fuzz-$target.log"
    echo "== $target: $seconds s (log: $log)"
    status=0
    cargo +nightly fuzz run "$target" --fuzz-dir . "$corpus" "corpus/$target" -- \
        -max_total_time="$seconds" -artifact_prefix="$artifacts/" -print_final_stats=1 \
        > "$log" 2>&1 || status=$?
    grep -E "^stat::(number_of_executed_units|peak_rss_mb)|ERROR|SUMMARY|panicked" "$log" || true
    if [ "$status" != 0 ] || [ -n "$(ls -A "$artifacts")" ]; then
        tail -n 30 "$log" >&2
        echo "fuzz/run.sh: $target failed (status $status), see $artifacts" >&2
        exit 1
    fi
done
