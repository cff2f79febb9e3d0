#!/usr/bin/env bash
# Whole-process timing: the release go-score against the seed's reference C program
# (compiled here from ../shared/seeds/002_*.txt with gcc -O2; it is not part of this repo),
# both started fresh for every run, on a serpentine 255 x 255 board and a random one.
#
#   bash benches/process.sh          # needs gcc; uses hyperfine when installed
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/target/process-bench"
mkdir -p "$work"

seed=$(ls "$root"/../shared/seeds/002_*.txt)
python3 - "$seed" "$work/reference.c" <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
start = text.index("/* http://codegolf")
end = text.index("\nS+\n", start)
open(sys.argv[2], "w").write(text[start:end] + "\n")
PY
gcc -O2 -o "$work/reference" "$work/reference.c"

cargo build --release -q -p go-score -p floodgate-benches
"$root/target/release/make-board" serpentine 255 > "$work/serpentine-255.txt"
"$root/target/release/make-board" random 255 1 > "$work/random-255.txt"

for board in serpentine-255 random-255; do
    ours=$("$root/target/release/go-score" < "$work/$board.txt")
    theirs=$("$work/reference" < "$work/$board.txt")
    echo "$board: go-score says $ours, the reference says $theirs"
    [ "$ours" = "$theirs" ] || { echo "answers differ" >&2; exit 1; }
done

if command -v hyperfine > /dev/null; then
    for board in serpentine-255 random-255; do
        hyperfine -N --warmup 3 --input "$work/$board.txt" \
            -n "go-score $board" "$root/target/release/go-score" \
            -n "reference $board" "$work/reference"
    done
else
    for board in serpentine-255 random-255; do
        for program in "$root/target/release/go-score" "$work/reference"; do
            start=$(date +%s%N)
            for _ in 1 2 3 4 5; do "$program" < "$work/$board.txt" > /dev/null; done
            echo "$board $(basename "$program"): $(( ($(date +%s%N) - start) / 5000 )) us per run"
        done
    done
fi
