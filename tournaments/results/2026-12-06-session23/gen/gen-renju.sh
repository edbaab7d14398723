#!/bin/bash
# Renju training games of the twenty-third session (run from the repository root):
#   gen-renju.sh BIN "TENGEN_NODES..." "RAPFI_A:RAPFI_B..."
# Tengen BIN at each TENGEN_NODES against Rapfi classical at a fifth of it, and Rapfi
# against itself at each pair of node counts, every opening of balanced_renju15_public
# and renju26_canonical_15 with both colours (132 games a setting). Fixed-node games are
# deterministic, so each node setting gives other games. Output: $OUT (default
# target/gen)/renju-*.sgf and .txt. Run in this session as
#   gen-renju.sh BIN "60000 80000 150000 200000" "10000:14000 20000:28000 40000:30000"
#   gen-renju.sh BIN "40000 250000 300000" "5000:7000 8000:12000 15000:20000 30000:40000 60000:45000"
bin=$1
out=${OUT:-target/gen}
mkdir -p "$out"
cat tournaments/openings/balanced_renju15_public.txt tournaments/openings/renju26_canonical_15.txt > "$out/renju-openings.txt"
R=../shared/sparring/pbrain-rapfi
play() { # NAME ENGINE_A ENGINE_B
  target/release/pbrain-tengen match --gauntlet --engine "$2" --engine "$3" \
    --openings "$out/renju-openings.txt" --size 15 --rule renju \
    --turn-ms 60000 --tolerance-ms 10000 --concurrency 2 \
    --sgf "$out/renju-$1.sgf" > "$out/renju-$1.txt" 2>&1
  tail -1 "$out/renju-$1.txt"
}
for tn in $2; do
  play "t$tn" "cmd=$bin name=tengen nodes=$tn" "cmd=$R name=rapfi nodes=$((tn / 5))"
done
for pair in $3; do
  a=${pair%:*} b=${pair#*:}
  play "r$a-$b" "cmd=$R name=rapfi-a nodes=$a" "cmd=$R name=rapfi-b nodes=$b"
done
