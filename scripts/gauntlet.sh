#!/usr/bin/env bash
# Gauntlet: this checkout's Tengen against a folder of other pbrain engines (the
# verdict that self-play cannot give, design notes habit 9). One
# `pbrain-tengen match --gauntlet` run; each opponent's line is appended to
# tournaments/results/ladder.md.
#
#   scripts/gauntlet.sh [options] [-- extra `pbrain-tengen match` arguments]
#
#   --engines DIR      folder with pbrain-* engines         [../shared/sparring]
#   --only A,B         only these opponents (pbrain-A, ...)  [every pbrain-* in DIR]
#   --rule R           freestyle, standard, renju or 0/1/4   [freestyle]
#   --size N           board size                            [15]
#   --openings FILE    opening file   [tournaments/openings/, by rule and size:
#                      freestyle 15: gomocup2025_freestyle15, freestyle 20:
#                      balanced_freestyle20_public, standard/renju 15: balanced_*15_public]
#   --turn-ms MS       time per move                         [1000]
#   --nodes N          fixed nodes per move instead of time: Tengen and the opponents
#                      that honour INFO max_node (NODE_ENGINES, default "rapfi") get
#                      nodes=N; the others are skipped, as their games would be timed.
#                      Such games are deterministic: only two per opening (one per
#                      colour) are distinct, and the script warns when more are asked for
#   --games N          games per opponent  [24: 12 openings, both colours]
#   --concurrency N    games at the same time                [2]
#   --no-ladder        do not append to the ladder
# Renju games are drawn once size*size - 25 stones are on the board (200 on 15x15), as
# Piskvork and GomocupJudge draw them (../shared/protocol.md, section 8); before, they
# went on to the full board, where black's last stone could be a forced foul.
# TENGEN_BIN names a built pbrain-tengen to play instead of building this checkout's
# (the ladder's commit column then names the file).
# Records: target/gauntlet/<stamp>.{txt,pgn,sgf}.
# Defaults: about 15 minutes on 2 cores with the three engines of ../shared/sparring
# (72 games; extrapolated from a measured 200 ms/move run: 6 games in 18 s, ~5.3 s of
# thinking per game, i.e. ~27 s a game at 1000 ms). Without any engine in DIR it
# says so and exits 0.
set -euo pipefail

# (The help is this header, up to `set`: it cannot fall out of step with its length.)
usage() { sed -n '2,/^set -euo/{/^#/p}' "$0" | sed 's/^# \{0,1\}//'; }

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

engines_dir=../shared/sparring
only=""
rule=freestyle
size=15
openings=""
turn_ms=""
nodes=""
games=24
conc=2
ladder=1
extra=()
while [ $# -gt 0 ]; do
  case $1 in
    --engines) engines_dir=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --rule) rule=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    --openings) openings=$2; shift 2 ;;
    --turn-ms) turn_ms=$2; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --concurrency) conc=$2; shift 2 ;;
    --no-ladder) ladder=0; shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift; extra=("$@"); break ;;
    *) echo "gauntlet.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

case $rule in
  0|free|freestyle) rule=0 rule_name=freestyle ;;
  1|standard|exact) rule=1 rule_name=standard ;;
  4|renju) rule=4 rule_name=renju ;;
  *) echo "gauntlet.sh: rule $rule: the sparring engines play freestyle, standard and renju" >&2; exit 2 ;;
esac
if [ -z "$openings" ]; then
  case "$rule_name$size" in
    freestyle15) openings=tournaments/openings/gomocup2025_freestyle15.txt ;;
    freestyle20) openings=tournaments/openings/balanced_freestyle20_public.txt ;;
    standard15) openings=tournaments/openings/balanced_standard15_public.txt ;;
    renju15) openings=tournaments/openings/balanced_renju15_public.txt ;;
    *) openings=none ;;
  esac
fi

# At fixed nodes both sides are deterministic: an opening played again with the same
# colours replays the same game, which adds nothing but weight to the tally.
repeat_note=
if [ -n "$nodes" ] && [ "$openings" != none ] && [ -f "$openings" ]; then
  # (grep -c exits 1 when it counts nothing; an empty file is the match runner's to refuse.)
  lines=$(grep -cv '^[[:space:]]*\(#\|$\)' "$openings" || true)
  distinct=$((2 * lines))
  if [ "$lines" -gt 0 ] && [ "$games" -gt "$distinct" ]; then
    echo "gauntlet.sh: warning: at fixed nodes every game is deterministic; $games games from $lines openings replay only $distinct distinct games (use --games $distinct or a larger opening file)" >&2
    repeat_note=", only $distinct distinct games"
  fi
fi

# The opponents: executable pbrain-* files in the folder.
opponents=()
if [ -d "$engines_dir" ]; then
  for f in "$engines_dir"/pbrain-*; do
    [ -f "$f" ] && [ -x "$f" ] || continue
    name=${f##*/pbrain-}
    if [ -n "$only" ] && [[ ",$only," != *",$name,"* ]]; then
      continue
    fi
    if [ -n "$nodes" ] && [[ " ${NODE_ENGINES:-rapfi} " != *" $name "* ]]; then
      echo "gauntlet.sh: skipping $name: it does not honour INFO max_node (its games would be timed)"
      continue
    fi
    opponents+=("$name")
  done
fi
if [ ${#opponents[@]} -eq 0 ]; then
  echo "gauntlet.sh: no sparring engines (pbrain-*) in $engines_dir${only:+ matching $only}; nothing to play."
  exit 0
fi

if [ -n "${TENGEN_BIN:-}" ]; then
  [ -x "$TENGEN_BIN" ] || { echo "gauntlet.sh: TENGEN_BIN=$TENGEN_BIN is not an executable file" >&2; exit 2; }
  bin=$TENGEN_BIN
  commit="${TENGEN_BIN##*/} (TENGEN_BIN)"
else
  echo "== building the working tree"
  nice -n 10 cargo build --release --quiet
  bin=target/release/pbrain-tengen
  commit=$(git rev-parse --short HEAD)
  git diff --quiet HEAD -- src Cargo.toml Cargo.lock 2>/dev/null || commit="$commit+dirty"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A copy, so that a rebuild during the gauntlet cannot change the player.
cp "$bin" "$tmp/pbrain-tengen"

args=(match --gauntlet --rule "$rule" --size "$size" --games "$games" --concurrency "$conc")
args+=(--engine "cmd=$tmp/pbrain-tengen name=tengen")
for o in "${opponents[@]}"; do
  args+=(--engine "cmd=$engines_dir/pbrain-$o name=$o")
done
if [ "$openings" != none ]; then
  args+=(--openings "$openings")
  opening_text="$(basename "$openings" .txt)"
else
  opening_text="empty board"
fi
if [ -n "$nodes" ]; then
  # The node limit must bind, not the clock: a generous move time, a long grace.
  args+=(--each "nodes=$nodes" --turn-ms "${turn_ms:-60000}" --tolerance-ms 10000)
  tc_text="$nodes nodes/move"
  tc_text="$tc_text$repeat_note"
else
  # AIWine overruns short moves on a busy machine (../shared/sparring/README.md).
  args+=(--turn-ms "${turn_ms:-1000}" --tolerance-ms 2000)
  tc_text="${turn_ms:-1000} ms/move"
fi

draw_text=
if [ "$rule_name" = renju ]; then
  draw_after=$((size * size - 25))
  args+=(--draw-after "$draw_after")
  draw_text=", draw at $draw_after stones"
fi

out=target/gauntlet
mkdir -p "$out"
# The process id keeps two runs started in the same second apart (they once shared
# one set of record files and mixed their games).
stamp=$(date +%Y%m%d-%H%M%S)-$$
args+=(--pgn "$out/$stamp.pgn" --sgf "$out/$stamp.sgf")
conditions="$rule_name ${size}x${size}, $opening_text, $tc_text$draw_text, $games games, concurrency $conc"
echo "== gauntlet: tengen ($commit) vs ${opponents[*]} | $conditions"
start=$(date +%s)
"$tmp/pbrain-tengen" "${args[@]}" "${extra[@]}" | tee "$out/$stamp.txt"
secs=$(( $(date +%s) - start ))
echo "== $secs s; records: $out/$stamp.{txt,pgn,sgf}"

[ "$ladder" = 1 ] || exit 0
file=tournaments/results/ladder.md
if [ ! -f "$file" ]; then
  cat >"$file" <<'EOF'
# Ladder: Tengen against the sparring engines

One row per opponent per `scripts/gauntlet.sh` run (the script appends them). W/L/D
and the score are Tengen's; score ±95% is the normal approximation from the per-game
results, Elo ±95% is the match runner's. `+dirty`: uncommitted changes in src/.

| date | commit | conditions | opponent | W/L/D | score ±95% | Elo ±95% |
|---|---|---|---|---|---|---|
EOF
fi
for o in "${opponents[@]}"; do
  # The opponent's row of the result table (rank name games wins losses draws score
  # elo margin los fails): in a gauntlet it only met Tengen, so Tengen's result is its
  # mirror image.
  awk -v name="$o" -v date="$(date +%Y-%m-%d)" -v commit="$commit" -v cond="$conditions" '
    $1 ~ /^[0-9]+$/ && $2 == name && NF >= 10 {
      w = $5; l = $4; d = $6; n = w + l + d
      if (n == 0) next
      s = (w + d / 2) / n
      var = (w * (1 - s) ^ 2 + d * (0.5 - s) ^ 2 + l * s ^ 2) / n
      ci = 1.96 * sqrt(var / n)
      elo = $8
      if (elo ~ /^\+/) sub(/^\+/, "-", elo); else if (elo ~ /^-/) sub(/^-/, "+", elo)
      if (elo == "-0.0") elo = "+0.0"
      printf "| %s | %s | %s | %s | %d/%d/%d | %.1f%% ± %.1f | %s ± %s |\n",
        date, commit, cond, name, w, l, d, 100 * s, 100 * ci, elo, $9
    }' "$out/$stamp.txt" >>"$file"
done
echo "== appended to $file:"
tail -n ${#opponents[@]} "$file"
