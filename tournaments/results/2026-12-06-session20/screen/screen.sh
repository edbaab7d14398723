#!/bin/bash
# Fixed-node screen against Rapfi (classical), as run in the twentieth session:
#   screen.sh NAME BIN SIZE     (from the repository root)
# BIN at 100,000 nodes a move against Rapfi at 20,000, every opening of the
# Rapfi-balanced set for SIZE with both colours (400 games), 2 at a time, then the
# paired comparison with main's run of the seventeenth session (hgrav = bbf368a, whose
# games this session's main replays move for move: checked on the first 20 games).
name=$1 bin=$2 size=$3
out=${OUT:-target/screen}
mkdir -p "$out"
target/release/pbrain-tengen match --gauntlet --engine "cmd=$bin name=$name nodes=100000" \
  --engine "cmd=../shared/sparring/pbrain-rapfi name=rapfi nodes=20000" \
  --openings tournaments/openings/rapfi_balanced_freestyle$size.txt --size "$size" \
  --turn-ms 60000 --tolerance-ms 10000 --concurrency 2 \
  --sgf "$out/$name-$size.sgf" > "$out/$name-$size.txt" 2>&1
f=$(realpath "$out/$name-$size.txt")
(cd tournaments/results/2026-12-04-session16 &&
  python3 pool.py "../2026-12-04-session17/screen/hgrav-$size.txt:hgrav" "$f:$name")
