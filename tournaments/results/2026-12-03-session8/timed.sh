#!/bin/bash
# timed.sh BIN NAME GAMES OPENINGS SIZE TAG [OPP]
BIN=$1; NAME=$2; GAMES=$3; OPEN=$4; SIZE=$5; TAG=$6; OPP=${7:-aiwine}
cd /tmp/ev
/tmp/bins/main1 match --gauntlet --engine "cmd=$BIN name=$NAME" \
  --engine "cmd=/work/shared/sparring/pbrain-$OPP name=$OPP" \
  --openings $OPEN --games $GAMES --turn-ms 500 --tolerance-ms 2000 \
  --size $SIZE --concurrency 1 --sgf timed-$NAME-$TAG.sgf --pgn timed-$NAME-$TAG.pgn > timed-$NAME-$TAG.txt 2>&1
