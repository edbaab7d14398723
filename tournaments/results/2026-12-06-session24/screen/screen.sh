#!/bin/bash
# Fixed-node renju screen of the twenty-fourth session (run from the repository root):
#   screen.sh NAME BIN [TENGEN_NODES RAPFI_NODES]
# BIN at 130,000 nodes a move against Rapfi classical at 26,000 (node counts no training
# game or earlier screen used), the balanced_renju15_public and renju26_canonical_15
# openings with both colours (132 games), drawn at 200 stones as the real managers do.
# Output in $OUT (default target/screen): NAME-renju.txt/.sgf. Compare two runs game by
# game with tournaments/results/2026-12-04-session16/pool.py A.txt:NAME_A B.txt:NAME_B.
name=$1 bin=$2 tn=${3:-130000} rn=${4:-26000}
out=${OUT:-target/screen}
mkdir -p "$out"
cat tournaments/openings/balanced_renju15_public.txt tournaments/openings/renju26_canonical_15.txt > "$out/renju-openings.txt"
target/release/pbrain-tengen match --gauntlet --engine "cmd=$bin name=$name nodes=$tn" \
  --engine "cmd=../shared/sparring/pbrain-rapfi name=rapfi nodes=$rn" \
  --openings "$out/renju-openings.txt" --size 15 --rule renju --draw-after 200 \
  --turn-ms 60000 --tolerance-ms 10000 --concurrency 2 \
  --sgf "$out/$name-renju.sgf" > "$out/$name-renju.txt" 2>&1
tail -3 "$out/$name-renju.txt"
