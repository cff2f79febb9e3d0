#!/usr/bin/env bash
# A match played whole and as three shards through GNU parallel on this machine: `arena merge`
# of the shards' files must print the whole match's summary, the time and memory table aside
# (docs/scale.md). Skips, saying so, where GNU parallel is not installed.
#
#   bash scripts/shards-check.sh [ARENA]     # default target/release/arena
set -euo pipefail
arena=${1:-target/release/arena}
if ! command -v parallel > /dev/null; then
    echo "SKIPPED the sharded match: GNU parallel is not installed (Debian: apt-get install parallel)"
    exit 0
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
match=(domain --a greedy --b alphabeta:1 --boards 7 --seed 77)
"$arena" match "${match[@]}" --jsonl "$dir/whole.jsonl" > "$dir/whole.txt"
parallel --will-cite -j 2 "$arena" match "${match[@]}" --shard '{}/3' \
    --jsonl "$dir/shard-{}.jsonl" '>' "$dir/shard-{}.txt" ::: 1 2 3
"$arena" merge "$dir"/shard-*.jsonl > "$dir/merged.txt"
# The table of move times and memory: its header and a line per player.
without_costs() { awk '/p50 ms/ { skip = 3 } skip > 0 { skip--; next } { print }' "$1"; }
if ! diff <(without_costs "$dir/whole.txt") <(without_costs "$dir/merged.txt"); then
    echo "the merged shards differ from the whole match" >&2
    exit 1
fi
grep -q "14 games" "$dir/merged.txt"
echo "3 shards through GNU parallel, merged: the whole match's summary ($(grep -c . "$dir/whole.jsonl") games)"
