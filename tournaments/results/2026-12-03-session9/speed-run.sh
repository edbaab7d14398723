#!/bin/bash
# speed-run.sh OLD NEW: one run, one machine: two builds, then Rapfi's own bench.
# speed-run.txt: OLD = 8e6f640, NEW = a5fefaf; speed-run-2.txt: OLD = 8e6f640, NEW = 25f833a.
OLD=$1; NEW=$2; RAP=/work/shared/sparring/pbrain-rapfi
for b in OLD NEW; do echo "== $b bench"; ${!b} bench | tail -3; done
echo "== rapfi bench"; $RAP bench 2>&1 | grep -E "Bench|Time|Moves/s|Nodes"
for b in OLD NEW; do echo "== $b bench --board"; ${!b} bench --board | grep make; done
for b in OLD NEW; do echo "== $b bench (again)"; ${!b} bench | tail -1; done
for b in OLD NEW; do echo "== $b fixed depth 10, 10 positions"; python3 /work/main/tournaments/results/2026-12-03-session8/speed.py ${!b} 10 | tail -1; done
