#!/bin/bash
# Labels the files select-rest.py wrote (in DIR, default /tmp/rest) two at a time, in
# this order, then joins them into data/records-E.txt (thirty-first session). Positions
# of A to D and of the held-out set are not labelled again. Run from the repository root.
set -euo pipefail
dir=${1:-/tmp/rest}
mkdir -p data/E
pairs="20-00:15-00 20-01:15-01 20-02:15-02 20-03:15-03 15-04:15-05 15-06:15-07 15-08:15-09
15-10:15-11 15-12:15-13 15-14:15-15"
for p in $pairs; do
  a=${p%:*} b=${p#*:}
  scripts/label-records.sh --exclude data/records-A.txt --exclude data/records-B.txt \
    --exclude data/records-C.txt --exclude data/records-D.txt \
    --exclude data/holdout-freestyle.txt --jobs 2 --out "data/E/E-$a-$b.txt" \
    "$dir/rest-$a.sgf" "$dir/rest-$b.sgf"
done
for p in $pairs; do cat "data/E/E-${p%:*}-${p#*:}.txt"; done > data/records-E.txt
wc -l data/records-E.txt
