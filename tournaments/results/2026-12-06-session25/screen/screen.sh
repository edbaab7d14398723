#!/bin/bash
# Fixed-node screens of the twenty-fifth session: the twenty-third session's freestyle screen
# (BIN at 140,000 nodes a move against Rapfi at 28,000, the 200 Rapfi-balanced 15x15 openings,
# both colours, 400 games, 2 at a time), run from the repository root:
#   screen.sh NAME BIN
# Each variant's patch is NAME.patch here (ext, nofree, lean on 1438c60; leannv and s85 on
# 8af3236, leannv being lean.patch there). Baselines: 1438c60 plays move for move as the
# twenty-third session's pol2 (../../2026-12-06-session23/screen/pol2-15.txt; six games replayed
# identical), 8af3236 is nv-15.txt. Compare with ../../2026-12-04-session16/pool.py.
OUT=${OUT:-target/screen} exec tournaments/results/2026-12-06-session23/screen/screen.sh "$1" "$2" 15
