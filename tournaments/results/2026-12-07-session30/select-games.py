#!/usr/bin/env python3
"""Rebuilds the two SGF files the thirtieth session labelled as data/records-D.txt.

Reads the files of records-D-sources.txt (in order), puts every game in a 15x15 or a
20x20 collection by its file's SZ[], and keeps a seeded random share of each: 28% of the
15x15 games (screens replay the same 200 openings, so fewer are needed) and 70% of the
20x20 ones. Then, from the repository root:

  python3 tournaments/results/2026-12-07-session30/select-games.py /tmp/lab
  scripts/label-records.sh --exclude data/records-A.txt --exclude data/records-B.txt \
    --exclude data/records-C.txt --exclude data/holdout-freestyle.txt \
    --out data/records-D.txt /tmp/lab/sel15.sgf /tmp/lab/sel20.sgf
"""
import os
import random
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
out = sys.argv[1] if len(sys.argv) > 1 else "."
sources = [l.strip() for l in open(os.path.join(here, "records-D-sources.txt"))
           if l.strip() and not l.startswith("#")]
text = {15: "", 20: ""}
for f in sources:
    t = open(f).read()
    size = int(re.search(r"SZ\[(\d+)\]", t).group(1))
    text[size] += t + "\n"
for size, share in ((15, 0.28), (20, 0.70)):
    games = re.findall(r"\(;.*?\)\s*(?=\(;|\Z)", text[size], re.S)
    rnd = random.Random(7)
    kept = [g.strip() for g in games if rnd.random() < share]
    with open(os.path.join(out, f"sel{size}.sgf"), "w") as o:
        o.write("\n".join(kept) + "\n")
    print(f"{size}x{size}: {len(kept)} of {len(games)} games")
