#!/bin/bash
# The thirty-eighth session's wander data (run from the repository root, after
# `cargo build --release` of commit 0b24b79 or later): the positions of the timed games
# against Rapfi recorded in the thirtieth to thirty-fifth sessions, each followed by one
# position 1 to 4 random plausible plies off the line (`datagen --wander 4`), all valued
# by Rapfi at 10,000 nodes. Two jobs; about 10 minutes on this 2-core machine.
# Output in DATA (default /tmp/wd): train.txt (15x15), train20.txt (20x20), and the
# held-out hold15.txt (ext3h's 15x15 games) and hold20.txt (stack's 20x20 games).
# Then: pbrain-tengen tune $DATA/train.txt $DATA/train20.txt --holdout $DATA/hold15.txt
#   --holdout $DATA/hold20.txt --rule freestyle --epochs 20 --lr 0.5 --out DIR
D=${DATA:-/tmp/wd}
mkdir -p "$D"
B=target/release/pbrain-tengen
T=../shared/sparring/pbrain-rapfi
R=tournaments/results/2026-12-07-session3
lab() { # SGF SIZE SEED OUT
  $B datagen --from-sgf $1 --size $2 --teacher $T --teacher-nodes 10000 --wander 4 --seed $3 --out $4 2>> $4.log
}
( lab ${R}0/rapfi-fd-freestyle15-100.sgf 15 1 $D/train.txt
  lab ${R}2/rapfi-ca-freestyle15-100.sgf 15 2 $D/train.txt
  lab ${R}3/rapfi-ext3-freestyle15-100.sgf 15 3 $D/train.txt
  lab ${R}3/rapfi-ext3h-freestyle15-100.sgf 15 4 $D/hold15.txt
  lab ${R}5/rapfi-stack-freestyle20-100.sgf 20 5 $D/hold20.txt ) &
( lab ${R}0/rapfi-fd-freestyle20-100.sgf 20 11 $D/train20.txt
  lab ${R}0/rapfi-main30-freestyle20-100.sgf 20 12 $D/train20.txt
  lab ${R}1/rapfi-fep-freestyle20-100.sgf 20 13 $D/train20.txt
  lab ${R}1/rapfi-main31-freestyle20-100.sgf 20 14 $D/train20.txt
  lab ${R}2/rapfi-lean-freestyle20-100.sgf 20 15 $D/train20.txt
  lab ${R}3/rapfi-ext3-freestyle20-100.sgf 20 16 $D/train20.txt
  lab ${R}4/rapfi-ext3h-freestyle20-100.sgf 20 17 $D/train20.txt ) &
wait
