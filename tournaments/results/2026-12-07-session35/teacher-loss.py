#!/usr/bin/env python3
"""How well a teacher's values at a small node count predict the tuner's targets.

    teacher-loss.py HOLDOUT LABELS

HOLDOUT: a data file (src/eval/tune.rs format) whose values are the reference teacher's
(Rapfi at 10,000 nodes); LABELS: the same games labelled again (scripts/label-records.sh
--teacher-nodes N). For the positions in both, prints the tuner's target entropy (the
least loss any model can reach), the loss of a constant 1/2, and the loss of LABELS'
values at several scales (the teacher's own scale is 200; a shallow search is
over-confident, so the best scale is the fair figure). The target is the tuner's
default: 0.8 of the reference teacher's score plus 0.2 of the game result. With
--write FILE, writes the HOLDOUT lines of the common positions (for `tune --holdout`,
whose first line gives the built-in evaluation's loss on them).
"""
import math
import sys


def load(fn):
    d = {}
    for line in open(fn):
        f = line.split()
        if len(f) == 6 and f[0] == '0' and f[3] != '-':
            d[f[5]] = f
    return d


def target(f):
    t = 1 / (1 + math.exp(-int(f[3]) / 200))
    g = {'W': 1.0, 'L': 0.0, 'D': 0.5}[f[4]]
    return 0.8 * t + 0.2 * g


def ce(p, t):
    p = min(max(p, 1e-6), 1 - 1e-6)
    return -(t * math.log(p) + (1 - t) * math.log(1 - p))


args = sys.argv[1:]
out = None
if '--write' in args:
    i = args.index('--write')
    out = args[i + 1]
    del args[i:i + 2]
hold, lab = load(args[0]), load(args[1])
keys = [k for k in lab if k in hold and hold[k][4] != '-']
print(f'{len(keys)} positions in both')
ts = [target(hold[k]) for k in keys]
print(f'target entropy {sum(ce(t, t) for t in ts) / len(ts):.4f}, constant 1/2 {math.log(2):.4f}')
for s in (200, 300, 400, 600, 800):
    loss = sum(ce(1 / (1 + math.exp(-int(lab[k][3]) / s)), t) for k, t in zip(keys, ts)) / len(keys)
    print(f'scale {s}: {loss:.4f}')
if out:
    with open(out, 'w') as o:
        for k in keys:
            o.write(' '.join(hold[k]) + '\n')
