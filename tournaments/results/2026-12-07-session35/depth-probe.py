#!/usr/bin/env python3
"""Rapfi's reported depth at 10k, 50k and 200k nodes on the first six openings of the
15x15 balanced set (run from the repository root; prints its `MESSAGE Speed` lines)."""
import subprocess

lines = [l for l in open('tournaments/openings/rapfi_balanced_freestyle15.txt')
         if not l.startswith('#')][:6]
for li, l in enumerate(lines):
    v = [int(x) for x in l.replace(',', ' ').split()]
    mv = [(v[i] + 7, v[i + 1] + 7) for i in range(0, len(v), 2)]
    tomove = len(mv) % 2  # 0: black to move
    board = ''.join(f"{x},{y},{1 if i % 2 == tomove else 2}\n" for i, (x, y) in enumerate(mv))
    for nodes in (10000, 50000, 200000):
        inp = f"START 15\nINFO timeout_turn 60000\nINFO max_node {nodes}\nBOARD\n{board}DONE\n"
        p = subprocess.run(['bash', '-c', '(cat; sleep 6; echo END) | ../shared/sparring/pbrain-rapfi'],
                           input=inp, capture_output=True, text=True)
        d = [x for x in p.stdout.splitlines() if x.startswith('MESSAGE Speed')]
        print(li, nodes, d[-1] if d else p.stdout[-200:])
