#!/usr/bin/env python3
"""Share of the wins suite solved: wins-score.py RESULT... (run from the repository root).
A position is solved when the value is a win (Tengen: a root VCF or VCT, or a mate score;
Rapfi: `+M`),
or, where it answered without a search (a single move to play), when that move is
Rapfi's; by the length of Rapfi's mate (plies, from `wins-rapfi-200000.txt`)."""
import sys
D = 'tournaments/results/2026-12-07-session36'
ref = [l.split() for l in open(f'{D}/wins-rapfi-200000.txt')]
buckets = [(1, 6), (7, 12), (13, 18), (19, 42)]
for path in sys.argv[1:]:
    rows = [l.split() for l in open(path)]
    n = len(rows)
    # `none`: the engine answered without a search (a single move to play); solved when
    # that move is Rapfi's.
    solved = [r[1] == 'win' or r[1].startswith('+M') or (r[1] == 'none' and r[0] == f[0])
              or (r[1].lstrip('-').isdigit() and int(r[1]) >= 29000) for r, f in zip(rows, ref)]
    same = [r[0] == f[0] for r, f in zip(rows, ref)]
    parts = []
    for lo, hi in buckets:
        idx = [i for i in range(n) if lo <= int(ref[i][1]) <= hi]
        parts.append(f'{lo}-{hi}: {sum(solved[i] for i in idx)}/{len(idx)}')
    print(f'{path.split("/")[-1]}: solved {sum(solved)}/{n} ({100 * sum(solved) / n:.1f}%), '
          f'Rapfi\'s move {sum(same)}/{n}; by mate length ' + ', '.join(parts))
