#!/bin/bash
# Fixed-node screening against Rapfi (classical), as run in the seventeenth session:
#   screen.sh NAME BIN SIZE [TENGEN_NODES RAPFI_NODES]   (run from the repository root)
# Tengen BIN at 100,000 nodes a move against Rapfi at 20,000, every opening of the
# Rapfi-balanced set for SIZE with both colours (400 games), 2 at a time. Fixed-node
# games do not depend on the load, so this may run beside other work.
name=$1 bin=$2 size=$3 tn=${4:-100000} rn=${5:-20000}
out=${OUT:-target/screen}
mkdir -p "$out"
target/release/pbrain-tengen match --gauntlet --engine "cmd=$bin name=$name nodes=$tn" \
  --engine "cmd=../shared/sparring/pbrain-rapfi name=rapfi nodes=$rn" \
  --openings tournaments/openings/rapfi_balanced_freestyle$size.txt --size "$size" \
  --turn-ms 60000 --tolerance-ms 10000 --concurrency 2 \
  --sgf "$out/$name-$size.sgf" > "$out/$name-$size.txt" 2>&1
tail -3 "$out/$name-$size.txt"
