#!/usr/bin/env bash
# Make labelled positions and fit the evaluation weights of one rule family.
#
#   scripts/tune-eval.sh [--rule R] [--games N] [--nodes N] [--teacher CMD]
#                        [--teacher-nodes N] [--jobs J] [--data DIR] [--out DIR]
#
# Plays --games self-play games per job (J jobs in parallel, different seeds, each on
# the opening sets that fit the rule: 15x15 and 20x20), labels every quiet position with
# the game result and, when the teacher exists (default ../shared/sparring/pbrain-rapfi),
# the teacher's value at --teacher-nodes; then tunes on all of it and writes the weight
# files to --out (default: a scratch folder; give src/board/weights to replace the ones
# compiled in, then rebuild). Data stays in --data (default data/, not committed).
# The same seeds give the same data.
set -euo pipefail
cd "$(dirname "$0")/.."

rule=freestyle games=500 nodes=10000 teacher_nodes=10000 jobs=2
teacher=../shared/sparring/pbrain-rapfi data=data out=
while [ $# -gt 0 ]; do
  case "$1" in
    --rule) rule=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    --teacher) teacher=$2; shift 2 ;;
    --teacher-nodes) teacher_nodes=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --data) data=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "tune-eval.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done

cargo build --release --quiet
bin=target/release/pbrain-tengen
mkdir -p "$data"
teach=()
if [ -x "$teacher" ]; then
  teach=(--teacher "$teacher" --teacher-nodes "$teacher_nodes")
else
  echo "tune-eval.sh: no teacher at $teacher: labels are game results only" >&2
fi

case "$rule" in
  freestyle|0) sets=("15 tournaments/openings/gomocup2025_freestyle15.txt" "20 tournaments/openings/balanced_freestyle20_public.txt") ;;
  standard|1) sets=("15 tournaments/openings/balanced_standard15_public.txt") ;;
  renju|4) sets=("15 tournaments/openings/balanced_renju15_public.txt") ;;
  *) sets=("15 tournaments/openings/gomocup2025_freestyle15.txt") ;;
esac

files=()
pids=()
for ((j = 1; j <= jobs; j++)); do
  set -- ${sets[$(( (j - 1) % ${#sets[@]} ))]}
  f="$data/$rule-$1-seed$j.txt"
  files+=("$f")
  "$bin" datagen --rule "$rule" --size "$1" --openings "$2" --games "$games" \
    --nodes "$nodes" --seed "$j" "${teach[@]}" --out "$f" >"$f.log" 2>&1 &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
wc -l "${files[@]}"

"$bin" tune "${files[@]}" --rule "$rule" ${out:+--out "$out"}
