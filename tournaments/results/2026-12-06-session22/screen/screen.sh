#!/bin/bash
# Fixed-node screens of the twenty-second session (run from the repository root):
#   screen.sh NAME BIN SIZE       freestyle SIZE (15 or 20): BIN at 120,000 nodes a move against
#                                 Rapfi at 24,000, every Rapfi-balanced opening, both colours (400
#                                 games; other node counts than earlier screens, so fresh games)
#   screen.sh NAME BIN standard   standard 15x15: BIN at 100,000 against Rapfi at 20,000, the 40
#                                 balanced_standard15_public openings, both colours (80 games)
# Output in $OUT (default target/screen): NAME-SIZE.txt/.sgf or std-NAME.txt/.sgf. Compare two
# runs game by game with ../../2026-12-04-session16/pool.py A.txt:NAME_A B.txt:NAME_B.
name=$1 bin=$2 what=$3
out=${OUT:-target/screen}
mkdir -p "$out"
if [ "$what" = standard ]; then
  target/release/pbrain-tengen match --gauntlet --engine "cmd=$bin name=$name nodes=100000" \
    --engine "cmd=../shared/sparring/pbrain-rapfi name=rapfi nodes=20000" \
    --openings tournaments/openings/balanced_standard15_public.txt --size 15 --rule standard \
    --turn-ms 60000 --tolerance-ms 10000 --concurrency 1 \
    --sgf "$out/std-$name.sgf" > "$out/std-$name.txt" 2>&1
  tail -3 "$out/std-$name.txt"
else
  OUT=$out tournaments/results/2026-12-04-session17/screen/screen.sh "$name" "$bin" "$what" 120000 24000
fi
