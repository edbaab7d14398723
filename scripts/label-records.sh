#!/usr/bin/env bash
# Label the positions of recorded games for the tuner (`pbrain-tengen tune`): every
# game of the given SGF files whose rule is --rule; each quiet position gets the game's
# result and the teacher's value at --teacher-nodes (`datagen --from-sgf`).
#
#   scripts/label-records.sh [--rule R] [--teacher CMD] [--teacher-nodes N]
#                            [--jobs J] [--list FILE] [--exclude DATA]...
#                            [--out FILE] [SGF...]
#
#   --rule R           freestyle, standard or renju (or 0, 1, 4)     [freestyle]
#   --teacher CMD      pbrain engine that prints `Eval N`  [../shared/sparring/pbrain-rapfi]
#   --teacher-nodes N  nodes per position for the teacher             [10000]
#   --jobs J           files labelled at the same time                [2]
#   --list FILE        a file naming SGF files, one per line (# comments), read
#                      before the SGF arguments
#   --exclude DATA     a data file whose positions are not labelled again (may be
#                      given more than once; a position met twice is labelled once)
#   --out FILE         output                                  [data/<rule>-records.txt]
#
# Files of another rule (SGF RU[]) are skipped; the board size is read from SZ[]. Each
# file is labelled by its own teacher process and the output is the files' data in the
# order given, so the same files give the same data. The tuner keeps each position
# once, so overlapping records do no harm. TENGEN_BIN names a built pbrain-tengen to
# use instead of building this checkout's.
set -euo pipefail
cd "$(dirname "$0")/.."

rule=freestyle teacher=../shared/sparring/pbrain-rapfi teacher_nodes=10000 jobs=2
list= out=
files=() excludes=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rule) rule=$2; shift 2 ;;
    --teacher) teacher=$2; shift 2 ;;
    --teacher-nodes) teacher_nodes=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --list) list=$2; shift 2 ;;
    --exclude) excludes+=(--exclude "$2"); shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "label-records.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) files+=("$1"); shift ;;
  esac
done
case "$rule" in
  freestyle|0) rule=freestyle ru=0 ;;
  standard|1) rule=standard ru=1 ;;
  renju|4) rule=renju ru=4 ;;
  *) echo "label-records.sh: --rule must be freestyle, standard or renju" >&2; exit 2 ;;
esac
if [ -n "$list" ]; then
  [ -f "$list" ] || { echo "label-records.sh: no list file $list" >&2; exit 2; }
  listed=()
  while read -r f _; do
    case "$f" in ''|'#'*) ;; *) listed+=("$f") ;; esac
  done < "$list"
  files=("${listed[@]}" "${files[@]}")
fi
if [ ${#files[@]} -eq 0 ]; then
  echo "label-records.sh: no SGF files given (see --help)" >&2
  exit 2
fi
if [ ! -x "${teacher%% *}" ]; then
  echo "label-records.sh: no teacher engine at $teacher" >&2
  exit 2
fi
out=${out:-data/$rule-records.txt}

# TENGEN_BIN: a built pbrain-tengen to use instead of building this checkout's.
if [ -z "${TENGEN_BIN:-}" ]; then
  cargo build --release --quiet
fi
bin=${TENGEN_BIN:-$PWD/target/release/pbrain-tengen}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One line per file to label: index, size, path.
n=0
for f in "${files[@]}"; do
  [ -f "$f" ] || { echo "label-records.sh: no such file $f" >&2; exit 2; }
  n=$((n + 1))
  if ! grep -q "RU\[$ru\]" "$f"; then
    echo "skipped (not $rule): $f" >&2
    continue
  fi
  size=$(grep -m 1 -o 'SZ\[[0-9]*\]' "$f" | head -n 1 | tr -dc 0-9)
  printf '%05d %s %s\n' "$n" "${size:-15}" "$f"
done > "$tmp/todo"

label() {
  local idx=$1 size=$2 f=$3
  "$bin" datagen --rule "$rule" --size "$size" --from-sgf "$f" --teacher "$teacher" \
    --teacher-nodes "$teacher_nodes" $exclude_args --out "$tmp/$idx.txt" 2>"$tmp/$idx.log" ||
    { echo "label-records.sh: datagen failed on $f:" >&2; cat "$tmp/$idx.log" >&2; return 1; }
  echo "$f: $(tail -n 1 "$tmp/$idx.log")" >&2
}
export -f label
# Data file names without blanks, as the SGF lists already assume.
exclude_args="${excludes[*]:-}"
export bin rule teacher teacher_nodes tmp exclude_args
xargs -P "$jobs" -L 1 bash -c 'label "$0" "$1" "$2"' < "$tmp/todo"

mkdir -p "$(dirname "$out")"
: > "$out"
while read -r idx _ _; do
  [ -f "$tmp/$idx.txt" ] && cat "$tmp/$idx.txt" >> "$out"
done < "$tmp/todo"
echo "$(wc -l < "$out") positions written to $out"
