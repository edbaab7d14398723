#!/usr/bin/env bash
# SPRT of the working tree against a git ref.
#
#   scripts/sprt.sh REF [extra `pbrain-tengen match` arguments...]
#
# Builds the engine at REF (in a temporary git worktree, with its own cached target
# directory under target/sprt-base) and the working tree, then plays them against
# each other with `pbrain-tengen match --sprt` until the test decides. The working
# tree is the first engine ("new"), so "H1 accepted" means the change gains at least
# ELO1.
#
# Environment (defaults in brackets):
#   PRESET [fastgame20]  ELO0 [0]  ELO1 [10]  ALPHA [0.05]  BETA [0.05]
#   CONCURRENCY [number of CPUs]  SEED [random]  GAMES [20000: the cap if undecided]
# Results: target/sprt/<ref>-<time>.pgn and .sgf; the summary is printed at the end.
# Record the result in tournaments/results/ (see its README).
set -euo pipefail

if [ $# -lt 1 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
  sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
ref=$1
shift

root=$(git rev-parse --show-toplevel)
cd "$root"
commit=$(git rev-parse --verify "$ref^{commit}") || { echo "sprt.sh: unknown ref $ref" >&2; exit 2; }

tmp=$(mktemp -d)
cleanup() {
  git -C "$root" worktree remove --force "$tmp/base" >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT

echo "== building $ref ($commit)"
git worktree add --detach "$tmp/base" "$commit" >/dev/null
(cd "$tmp/base" && CARGO_TARGET_DIR="$root/target/sprt-base" cargo build --release --quiet)
cp "$root/target/sprt-base/release/pbrain-tengen" "$tmp/pbrain-base"

echo "== building the working tree"
cargo build --release --quiet
cp "$root/target/release/pbrain-tengen" "$tmp/pbrain-new"

out="$root/target/sprt"
mkdir -p "$out"
stamp="$(echo "$ref" | tr '/ ' '__')-$(date +%Y%m%d-%H%M%S)"
seed=${SEED:-$RANDOM}

echo "== SPRT new vs $ref (preset ${PRESET:-fastgame20}, seed $seed)"
# The runner itself comes from the working tree; the engines are copies so that
# rebuilding during the match cannot disturb it.
"$tmp/pbrain-new" match \
  --preset "${PRESET:-fastgame20}" \
  --engine "cmd=$tmp/pbrain-new name=new" \
  --engine "cmd=$tmp/pbrain-base name=$ref" \
  --sprt "elo0=${ELO0:-0} elo1=${ELO1:-10} alpha=${ALPHA:-0.05} beta=${BETA:-0.05}" \
  --games "${GAMES:-20000}" \
  --concurrency "${CONCURRENCY:-$(nproc 2>/dev/null || echo 1)}" \
  --seed "$seed" \
  --pgn "$out/$stamp.pgn" --sgf "$out/$stamp.sgf" \
  "$@"
echo "Records: $out/$stamp.pgn, $out/$stamp.sgf"
