#!/bin/bash
# Fixed-node screens of the twenty-third session (run from the repository root):
#   screen.sh NAME BIN 15|20     freestyle: BIN at 140,000 nodes a move against Rapfi at
#                                28,000, every Rapfi-balanced opening, both colours (406 games)
#   screen.sh NAME BIN renju     renju 15x15: BIN at 120,000 against Rapfi at 24,000, the
#                                balanced_renju15_public and renju26_canonical_15 openings,
#                                both colours (132 games)
# Node counts no earlier screen or training game used. Output in $OUT (default
# target/screen): NAME-SIZE.txt/.sgf. Compare two runs game by game with
# tournaments/results/2026-12-04-session16/pool.py A.txt:NAME_A B.txt:NAME_B.
name=$1 bin=$2 what=$3
out=${OUT:-target/screen}
mkdir -p "$out"
if [ "$what" = renju ]; then
  cat tournaments/openings/balanced_renju15_public.txt tournaments/openings/renju26_canonical_15.txt > "$out/renju-openings.txt"
  target/release/pbrain-tengen match --gauntlet --engine "cmd=$bin name=$name nodes=120000" \
    --engine "cmd=../shared/sparring/pbrain-rapfi name=rapfi nodes=24000" \
    --openings "$out/renju-openings.txt" --size 15 --rule renju \
    --turn-ms 60000 --tolerance-ms 10000 --concurrency 2 \
    --sgf "$out/$name-renju.sgf" > "$out/$name-renju.txt" 2>&1
  tail -3 "$out/$name-renju.txt"
else
  OUT=$out tournaments/results/2026-12-04-session17/screen/screen.sh "$name" "$bin" "$what" 140000 28000
fi
