#!/usr/bin/env bash
# Long reliability runs of the shipped (statically linked) bots against the arena's greedy
# player, through real processes, in chunks a 2-core machine can run; the seed of a chunk is
# fixed by its number, so every chunk can be rerun alone. Each chunk's table (forfeits, worst
# answer time, peak memory) goes to target/reliability/MODE-GAME-CHUNK.txt and its games to
# the .jsonl beside it. docs/reliability.md records the results.
#
#   bash scripts/reliability.sh soak GAME CHUNK [PAIRS]   # 2 games at once (--jobs 2)
#   bash scripts/reliability.sh load GAME CHUNK [PAIRS]   # 1 game, the other core kept busy,
#                                                         # the bot under the judge's memory limit
# GAME: floodwars, grow, cram or domain. PAIRS: board pairs (two games each), default 250;
# chunk CHUNK starts at seed 100000 + PAIRS x CHUNK, so chunks of 25 pairs tile those of 250
# (chunk K of 250 pairs is chunks 10K to 10K+9 of 25). Load mode needs prlimit (util-linux).
# SCALE=K (Flood Wars and Grow, whose games take 20 to 45 s at the judge's limits) divides the
# judge's limit and the bot's default budget (both as given below) by K, so that a soak looks
# for illegal moves, crashes and memory in K times the games; the timing at the real limits is
# the load runs'. BUSY=outside: a load run starts no busy loop of its own, because the caller
# keeps the other core busy with work of its own (a long solve, say) for the whole run;
# BUSY=N (default 1): a load run keeps N busy loops running (BUSY=2: both cores busy).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mode=${1:?soak or load}
game=${2:?floodwars, grow, cram or domain}
chunk=${3:?chunk number}
chunk_pairs=250   # the chunk the docs count in: 500 games
pairs=${4:-$chunk_pairs}
bin=target/x86_64-unknown-linux-gnu/release
scale=${SCALE:-1}
budget_flag='' suffix=''
case "$game" in
    floodwars) bot=floodwars-bot memory=128M extra=() limit=1000 budget=780 ;;
    grow) bot=grow-bot memory=8M extra=() limit=2000 budget=1400 ;;
    cram) bot=cram-bot memory=128M extra=(--prefill 20) ;;
    domain) bot=domain-bot memory=128M extra=() ;;
    *) echo "unknown game $game" >&2; exit 2 ;;
esac
if [ "$scale" != 1 ]; then
    if [ -z "${limit:-}" ]; then
        echo "SCALE applies to floodwars and grow only" >&2
        exit 2
    fi
    extra+=(--limit-ms $((limit / scale)))
    budget_flag=" --budget-ms $((budget / scale))" suffix="-scale$scale"
fi
cargo static-bots > /dev/null
cargo build --release --quiet -p floodgate-arena
out=target/reliability
mkdir -p "$out"
if [ "$pairs" != "$chunk_pairs" ]; then
    suffix+="-of$pairs"
fi
loops=${BUSY:-1}
[ "$loops" = outside ] && loops=0
if [ "$mode" = load ] && [ "$loops" != 1 ]; then
    suffix+="-busy$loops"
fi
name="$out/$mode-$game-$chunk$suffix"
seed=$((100000 + chunk * pairs))
bot_command="$bin/$bot$budget_flag"
case "$mode" in
    soak)
        player="$bot_command" jobs=2 ;;
    load)
        # The judge's memory limit as an address-space limit, and the other core busy.
        player="prlimit --as=$(numfmt --from=iec "$memory") $bot_command" jobs=1
        busy=()
        for _ in $(seq 1 "$loops"); do
            ( while :; do :; done ) &
            busy+=($!)
        done
        [ ${#busy[@]} = 0 ] || trap 'kill "${busy[@]}"' EXIT ;;
    *) echo "unknown mode $mode" >&2; exit 2 ;;
esac
echo "$mode $game chunk $chunk: $pairs pairs from seed $seed, $player"
target/release/arena match "$game" --a "$player" --b greedy --boards "$pairs" --seed "$seed" \
    --jobs "$jobs" ${extra[@]+"${extra[@]}"} --jsonl "$name.jsonl" | tee "$name.txt"
if grep -q "forfeited" "$name.txt"; then
    echo "a forfeit in $name.txt" >&2
    exit 1
fi
