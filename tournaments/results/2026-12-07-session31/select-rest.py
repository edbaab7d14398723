#!/usr/bin/env python3
"""Writes the games of data D's sources that the thirtieth session did not select
(the complement of 2026-12-07-session30/select-games.py's seeded draw), shuffled and cut
into files of at most CHUNK games of one size, so that each pair of files is labelled
by one run of label-records.sh and a stopped run loses only its pair (data E).
From the repository root, as the thirty-first session ran it (label-E.sh here):

  python3 tournaments/results/2026-12-07-session31/select-rest.py /tmp/rest
  tournaments/results/2026-12-07-session31/label-E.sh /tmp/rest

then the held-out set of that session's fits, the thirtieth session's three timed
gauntlets against Rapfi, without the positions of A to E:

  scripts/label-records.sh --exclude data/records-A.txt --exclude data/records-B.txt \
    --exclude data/records-C.txt --exclude data/records-D.txt --exclude data/records-E.txt \
    --exclude data/holdout-freestyle.txt --out data/holdout-30.txt \
    tournaments/results/2026-12-07-session30/rapfi-fd-freestyle15-100.sgf \
    tournaments/results/2026-12-07-session30/rapfi-fd-freestyle20-100.sgf \
    tournaments/results/2026-12-07-session30/rapfi-main30-freestyle20-100.sgf
"""
import os
import random
import re
import sys

CHUNK = 500
here = os.path.dirname(os.path.abspath(__file__))
d30 = os.path.join(here, "..", "2026-12-07-session30")
out = sys.argv[1] if len(sys.argv) > 1 else "."
os.makedirs(out, exist_ok=True)
sources = [l.strip() for l in open(os.path.join(d30, "records-D-sources.txt"))
           if l.strip() and not l.startswith("#")]
text = {15: "", 20: ""}
for f in sources:
    t = open(f).read()
    size = int(re.search(r"SZ\[(\d+)\]", t).group(1))
    text[size] += t + "\n"
rest = []
for size, share in ((15, 0.28), (20, 0.70)):
    games = re.findall(r"\(;.*?\)\s*(?=\(;|\Z)", text[size], re.S)
    rnd = random.Random(7)  # the thirtieth session's draw, replayed
    left = [g.strip() for g in games if not rnd.random() < share]
    print(f"{size}x{size}: {len(left)} of {len(games)} games not selected before")
    rest += [(size, g) for g in left]
random.Random(31).shuffle(rest)
# One size per file: label-records.sh reads a file's board size from its first SZ[].
n = 0
for size in (15, 20):
    games = [g for s, g in rest if s == size]
    for i in range(0, len(games), CHUNK):
        with open(os.path.join(out, f"rest-{size}-{i // CHUNK:02d}.sgf"), "w") as o:
            o.write("\n".join(games[i:i + CHUNK]) + "\n")
        n += 1
print(f"{n} files of at most {CHUNK} games in {out}")
