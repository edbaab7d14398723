#!/bin/bash
# Fixed-node screen against Rapfi (classical), as run in the twentieth session:
#   screen.sh NAME BIN SIZE     (from the repository root)
# Plays the seventeenth session's screen (../2026-12-04-session17/screen/screen.sh:
# BIN at 100,000 nodes a move against Rapfi at 20,000, 400 games), then compares it
# game by game with main's run of that session (hgrav = bbf368a, whose games this
# session's main replays move for move: checked on the first 20 games).
name=$1 bin=$2 size=$3
out=${OUT:-target/screen}
tournaments/results/2026-12-04-session17/screen/screen.sh "$name" "$bin" "$size"
f=$(realpath "$out/$name-$size.txt")
(cd tournaments/results/2026-12-04-session16 &&
  python3 pool.py "../2026-12-04-session17/screen/hgrav-$size.txt:hgrav" "$f:$name")
