#!/bin/bash
# One run on a quiet machine: Tengen's bench and board bench, and Rapfi's bench.
T=$1; R=$(readlink -f /work/main/../shared/sparring/pbrain-rapfi)
echo "# $(date) tengen=$T ($($T --version 2>&1 | head -1))"
echo "== tengen bench"; $T bench | tail -3
echo "== rapfi bench"; $R bench 2>&1 | grep -E "Bench|Total Time|Moves/s|Nodes"
echo "== tengen bench --board"; $T bench --board | grep make+undo
echo "== tengen bench (again)"; $T bench | grep Nodes/second
