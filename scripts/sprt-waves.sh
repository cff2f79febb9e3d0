#!/usr/bin/env bash
# An SPRT as waves of sharded matches (docs/scale.md): wave W plays PAIRS board pairs from seed
# SEED + W x PAIRS, split into SHARDS shards run by GNU parallel (on this machine, or on others
# through PARALLEL_OPTS="--sshloginfile FILE ...") or by a Slurm job array; after each wave
# `arena sprt-status` pools every pair so far and the loop stops at H0 or H1 (or MAX_WAVES).
#
#   ARENA=target/release/arena OUT=run/sprt SHARDS=4 PAIRS=40 SEED=30000 \
#   MATCH="domain --a 'name=new cmd=\"$PWD/new-bot\"' --b 'name=main cmd=\"$PWD/main-bot\"'" \
#   TEST="--elo0 0 --elo1 10" bash scripts/sprt-waves.sh
#
# RUNNER=parallel (default) or slurm (sbatch --wait --array with scripts/slurm-shards.sbatch).
# Wave W's files: OUT/waveW/shard-K.jsonl. A stopped loop goes on where it was with WAVE=W.
set -euo pipefail
: "${ARENA:?}" "${OUT:?}" "${MATCH:?}" "${TEST:?set TEST to --elo0 A --elo1 B [...]}"
shards=${SHARDS:-4} pairs=${PAIRS:-40} seed=${SEED:-30000} runner=${RUNNER:-parallel}
wave=${WAVE:-0} max_waves=${MAX_WAVES:-50} jobs=${JOBS:-1}
eval "match=($MATCH)"
eval "test=($TEST)"
here=$(cd "$(dirname "$0")" && pwd)
while [ "$wave" -lt "$max_waves" ]; do
    dir="$OUT/wave$wave"
    mkdir -p "$dir"
    wave_match=("${match[@]}" --boards "$pairs" --seed $((seed + wave * pairs)))
    case "$runner" in
        parallel)
            # shellcheck disable=SC2086 # PARALLEL_OPTS is several options
            parallel --will-cite -q -j "$jobs" ${PARALLEL_OPTS:-} "$ARENA" match "${wave_match[@]}" \
                --jobs 2 --shard "{}/$shards" --jsonl "$dir/shard-{}.jsonl" ::: $(seq 1 "$shards") \
                > "$dir/summaries.txt"
            ;;
        slurm)
            MATCH="$(printf '%q ' "${wave_match[@]}")" OUT="$dir" ARENA="$ARENA" \
                sbatch --wait --array="1-$shards" "$here/slurm-shards.sbatch"
            ;;
        *) echo "RUNNER is parallel or slurm, not $runner" >&2; exit 2 ;;
    esac
    status=$("$ARENA" sprt-status "${test[@]}" "$OUT"/wave*/shard-*.jsonl)
    echo "wave $wave: $(echo "$status" | tail -n 2 | tr '\n' ' ')"
    case "$status" in
        *continue*) wave=$((wave + 1)) ;;
        *) echo "$status"; exit 0 ;;
    esac
done
echo "no decision after $max_waves waves"
