#!/bin/bash
# Fixed-node screen against Rapfi at equal node counts (thirty-second session):
#   parity.sh NAME BIN SIZE NODES   (run from the repository root)
# The seventeenth session's screen.sh with both engines at NODES a move (400 games, 2 at
# a time), its files renamed NAME-SIZE-NODES.{txt,sgf} so that they stand beside the
# 5:1 screen's NAME-SIZE ones. Fixed-node games do not depend on the load.
set -euo pipefail
name=$1 bin=$2 size=$3 n=$4
out=${OUT:-target/screen}
mkdir -p "$out"
tmp=$(mktemp -d "$out/parity.XXXXXX")
OUT=$tmp tournaments/results/2026-12-04-session17/screen/screen.sh "$name" "$bin" "$size" "$n" "$n" > /dev/null
for e in txt sgf; do mv "$tmp/$name-$size.$e" "$out/$name-$size-$n.$e"; done
rmdir "$tmp"
tail -3 "$out/$name-$size-$n.txt"
