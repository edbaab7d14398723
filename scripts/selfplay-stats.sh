#!/usr/bin/env bash
# Self-play statistics per rule: the first player's (black's) win rate and the
# average game length, the check people use to spot a biased evaluation (a healthy
# engine wins most freestyle games as black from balanced openings only slightly more
# often than as white; very short games point to blunders).
#
#   scripts/selfplay-stats.sh [extra `pbrain-tengen match` arguments...]
#
# Environment (defaults in brackets):
#   ENGINE [the runner itself]  GAMES [20 per rule]
#   RULES ["0 1 4 8 9"]  CONCURRENCY [number of CPUs]
# Uses the `selfplay` preset (100 ms/move); freestyle on 20x20, the others on 15x15,
# each with its balanced opening set.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# The runner is always this checkout's build; ENGINE may name another engine binary.
cargo build --release --quiet
runner="$root/target/release/pbrain-tengen"
ENGINE=${ENGINE:-$runner}
games=${GAMES:-20}
conc=${CONCURRENCY:-$(nproc 2>/dev/null || echo 1)}

for rule in ${RULES:-0 1 4 8 9}; do
  case $rule in
    0) size=20 openings=tournaments/openings/balanced_freestyle20_public.txt ;;
    4) size=15 openings=tournaments/openings/balanced_renju15_public.txt ;;
    *) size=15 openings=tournaments/openings/balanced_standard15_public.txt ;;
  esac
  echo "== rule $rule, ${size}x${size}, $games games"
  "$runner" match --preset selfplay \
    --engine "cmd=$ENGINE name=A" --engine "cmd=$ENGINE name=B" \
    --rule "$rule" --size "$size" --openings "$openings" --draw-after $((size * size - 25)) \
    --games "$games" --concurrency "$conc" --stats "$@" | { grep -E '^(Stats|Endings):' || true; }
done
