#!/usr/bin/env bash
# The full protocol soak: 200 games (or $1) of pbrain-tengen against itself through
# the protocol at 50 ms/move, sizes 15 and 20, every rule, two manager styles; every
# reply checked for legality, latency and memory. Prints the figures at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
TENGEN_SOAK_GAMES="${1:-200}" cargo test --release --test protocol_soak -- --ignored --nocapture full_soak
