#!/bin/bash
# Fixed-node screen against Rapfi at equal node counts (thirty-second session):
#   parity.sh NAME BIN SIZE NODES   (run from the repository root)
# Both engines at NODES a move, every opening of the Rapfi-balanced set for SIZE with
# both colours (400 games), 2 at a time. Fixed-node games do not depend on the load.
name=$1 bin=$2 size=$3 n=$4
out=${OUT:-target/screen}
mkdir -p "$out"
target/release/pbrain-tengen match --gauntlet --engine "cmd=$bin name=$name nodes=$n" \
  --engine "cmd=../shared/sparring/pbrain-rapfi name=rapfi nodes=$n" \
  --openings tournaments/openings/rapfi_balanced_freestyle$size.txt --size "$size" \
  --turn-ms 60000 --tolerance-ms 10000 --concurrency 2 \
  --sgf "$out/$name-$size-$n.sgf" > "$out/$name-$size-$n.txt" 2>&1
tail -3 "$out/$name-$size-$n.txt"
