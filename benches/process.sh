#!/usr/bin/env bash
# Whole-process timing of the release go-score, started fresh for every run, on a serpentine
# 255 x 255 board and a random one; and, when the original task's reference C program is at
# hand, the same for it (compiled with gcc -O2; it is not part of this repository).
#
#   bash benches/process.sh                      # go-score alone
#   REFERENCE_SOURCE=path/to/task.txt bash benches/process.sh
#                                                # also the C program found in that text
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/target/process-bench"
mkdir -p "$work"

reference=""
source_text=${REFERENCE_SOURCE:-}
if [ -n "$source_text" ] && { [ ! -f "$source_text" ] || ! command -v gcc > /dev/null; }; then
    echo "REFERENCE_SOURCE=$source_text: the file or gcc is missing" >&2
    exit 2
fi
if [ -n "$source_text" ]; then
    python3 - "$source_text" "$work/reference.c" <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
start = text.index("/* http://codegolf")
end = text.index("\nS+\n", start)
open(sys.argv[2], "w").write(text[start:end] + "\n")
PY
    gcc -O2 -o "$work/reference" "$work/reference.c"
    reference="$work/reference"
else
    echo "no reference C program (set REFERENCE_SOURCE to the task's text; needs gcc):"
    echo "skipping the comparison, timing go-score alone"
fi

cargo build --release -q -p go-score -p floodgate-benches
"$root/target/release/make-board" serpentine 255 > "$work/serpentine-255.txt"
"$root/target/release/make-board" random 255 1 > "$work/random-255.txt"

for board in serpentine-255 random-255; do
    ours=$("$root/target/release/go-score" < "$work/$board.txt")
    if [ -n "$reference" ]; then
        theirs=$("$reference" < "$work/$board.txt")
        echo "$board: go-score says $ours, the reference says $theirs"
        [ "$ours" = "$theirs" ] || { echo "answers differ" >&2; exit 1; }
    else
        echo "$board: go-score says $ours"
    fi
done

# Each program is started fresh for every run, with the board file as its standard input.
python3 - "$work" "$root/target/release/go-score" "$reference" <<'PY'
import statistics, subprocess, sys, time
work, go_score, reference = sys.argv[1], sys.argv[2], sys.argv[3]
def runs(program, board, count):
    times = []
    for _ in range(count):
        with open(f"{work}/{board}.txt", "rb") as stdin:
            start = time.perf_counter()
            subprocess.run([program], stdin=stdin, stdout=subprocess.DEVNULL, check=True)
            times.append(time.perf_counter() - start)
    return statistics.median(times), max(times)
for board in ["serpentine-255", "random-255"]:
    ours = runs(go_score, board, 200)
    line = f"{board}: go-score median {ours[0] * 1e3:.2f} ms (max {ours[1] * 1e3:.2f})"
    if reference:
        theirs = runs(reference, board, 5)
        line += (f", reference median {theirs[0] * 1e3:.1f} ms (max {theirs[1] * 1e3:.1f}), "
                 f"ratio {theirs[0] / ours[0]:.0f}x")
    print(line)
PY
