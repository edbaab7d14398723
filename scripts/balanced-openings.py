#!/usr/bin/env python3
"""Balanced opening sets for screening matches, judged by a pbrain engine.

    scripts/balanced-openings.py --judge CMD [options] > FILE

Draws random openings (a few stones near the centre, black first, alternating) and
keeps those that the judge engine, searching a fixed number of nodes, values close to
even for the side to move. The output is the c-gomoku-cli offset format that
`pbrain-tengen match --openings` reads: `dx,dy, dx,dy, ...` from the centre
(size/2 rounded down), one opening per line, after a `#` header that says how the
set was made. Same seed, same judge, same nodes: same file.

Options:
  --judge CMD       the pbrain engine that values the openings (required; it must
                    honour INFO max_node and print "MESSAGE ... Eval N", as Rapfi does)
  --size N          board size                                     [15]
  --rule R          INFO rule sent to the judge (0 freestyle, 1 standard, 4 renju) [0]
  --count N         openings to keep                               [100]
  --stones A-B      stones per opening, drawn uniformly            [3-5]
  --radius R        stones within R cells of the centre            [4]
  --nodes N         the judge's nodes per opening                  [30000]
  --max-eval V      keep |eval| <= V (the judge's units)           [100]
  --seed S          random seed                                    [1]
  --exclude FILE    skip openings already in this offset file (may repeat)
"""
import argparse
import random
import re
import shlex
import subprocess
import sys


def judge_eval(cmd, size, rule, nodes, stones):
    """The judge's value for the side to move after STONES (absolute x,y), or None."""
    n = len(stones)
    lines = [f"START {size}", "INFO timeout_turn 0", "INFO timeout_match 0",
             f"INFO max_node {nodes}", f"INFO rule {rule}", "BOARD"]
    for i, (x, y) in enumerate(stones):
        # BOARD marks the side to move's stones 1 and the other side's 2.
        own = (i % 2) == (n % 2)
        lines.append(f"{x},{y},{1 if own else 2}")
    lines.append("DONE")
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    p.stdin.write("\n".join(lines) + "\n")
    p.stdin.flush()
    value = None
    while True:
        line = p.stdout.readline()
        if not line:
            break
        line = line.strip()
        m = re.search(r"Eval (-?\d+)", line)
        if m:
            value = int(m.group(1))
        if line and line[0].isdigit():
            break
    try:
        p.stdin.write("END\n")
        p.stdin.close()
    except BrokenPipeError:
        pass
    p.wait(timeout=10)
    return value


def wins(stones):
    """Whether the stones already hold five in a row (such openings are refused)."""
    cells = {s: i % 2 for i, s in enumerate(stones)}
    for (x, y), c in cells.items():
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            k = 1
            while cells.get((x + k * dx, y + k * dy)) == c:
                k += 1
            if k >= 5:
                return True
    return False


def read_offsets(path):
    seen = set()
    for raw in open(path):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        nums = [int(t) for t in re.split(r"[,\s]+", line) if t]
        seen.add(tuple(zip(nums[0::2], nums[1::2])))
    return seen


def main():
    ap = argparse.ArgumentParser(add_help=True, description=__doc__.split("\n")[0])
    ap.add_argument("--judge", required=True)
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--rule", type=int, default=0)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--stones", default="3-5")
    ap.add_argument("--radius", type=int, default=4)
    ap.add_argument("--nodes", type=int, default=30000)
    ap.add_argument("--max-eval", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--exclude", action="append", default=[])
    a = ap.parse_args()
    lo, _, hi = a.stones.partition("-")
    lo, hi = int(lo), int(hi or lo)
    if not (1 <= lo <= hi) or a.radius < 1 or 2 * a.radius + 1 > a.size:
        sys.exit("balanced-openings.py: bad --stones or --radius for this board")
    cmd = shlex.split(a.judge)
    seen = set()
    for f in a.exclude:
        seen |= read_offsets(f)
    rng = random.Random(a.seed)
    c = a.size // 2
    kept, tried = [], 0
    while len(kept) < a.count:
        tried += 1
        if tried > 200 * a.count:
            sys.exit(f"balanced-openings.py: only {len(kept)} kept in {tried - 1} tries")
        n = rng.randint(lo, hi)
        offs = []
        while len(offs) < n:
            o = (rng.randint(-a.radius, a.radius), rng.randint(-a.radius, a.radius))
            if o not in offs:
                offs.append(o)
        key = tuple(offs)
        if key in seen:
            continue
        seen.add(key)
        stones = [(c + dx, c + dy) for dx, dy in offs]
        if wins(stones):
            continue
        v = judge_eval(cmd, a.size, a.rule, a.nodes, stones)
        if v is None or abs(v) > a.max_eval:
            continue
        kept.append((offs, v))
        print(f"kept {len(kept)}/{a.count} after {tried} tries (eval {v})", file=sys.stderr)
    print(f"# {len(kept)} openings for {a.size}x{a.size}, rule {a.rule}: {lo}-{hi} random stones "
          f"within {a.radius} of the centre, kept where the judge's value for the side to move "
          f"is within +-{a.max_eval} at {a.nodes} nodes ({len(kept)} of {tried} drawn; seed {a.seed})")
    print(f"# judge: {a.judge}")
    print(f"# made by: scripts/balanced-openings.py --size {a.size} --rule {a.rule} "
          f"--count {a.count} --stones {a.stones} --radius {a.radius} --nodes {a.nodes} "
          f"--max-eval {a.max_eval} --seed {a.seed}")
    for offs, v in kept:
        print(", ".join(f"{dx},{dy}" for dx, dy in offs))


if __name__ == "__main__":
    main()
