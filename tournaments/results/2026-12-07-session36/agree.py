#!/usr/bin/env python3
"""Move agreement at fixed nodes (thirty-sixth session), run from the repository root.

  agree.py positions SGF... > POSITIONS      sample positions from match records
  agree.py ask BIN NODES POSITIONS > MOVES    one engine's move in each, at NODES nodes
  agree.py compare REF OTHER...               share of positions where each agrees with REF
  agree.py evals BIN NODES POSITIONS          as ask, with the engine's last `Eval` after the move
  agree.py tengen BIN NODES POSITIONS         as evals, for Tengen (its value read from the debug
                                              log; `win` for a root VCF or VCT)
  agree.py value BIN NODES POSITIONS MOVES     BIN's value (its `Eval` at NODES nodes) of each
                                              position after its move in MOVES, for the side
                                              that played it (Rapfi's units: 200 ~ one e)

A position is a line `size moves` (moves as x,y;x,y;... from the start). The sample takes,
from each game in turn, plies 10, 16, 22 and 28 that the game reached (a move was played
from there), so both colours and both engines' positions are in it. Each position is
asked of a fresh engine process: `START`, `INFO max_node NODES`, `BOARD` ... `DONE`.
"""
import os
import re
import subprocess
import sys


def positions(paths):
    for path in paths:
        text = open(path).read()
        for game in text.split('(;')[1:]:
            size = int(re.search(r'SZ\[(\d+)\]', game).group(1))
            mv = [(ord(a) - 97, ord(b) - 97) for a, b in re.findall(r';[BW]\[([a-z])([a-z])\]', game)]
            for ply in (10, 16, 22, 28):
                if ply < len(mv):
                    print(size, ';'.join(f'{x},{y}' for x, y in mv[:ply]))


def dialogue(binary, size, mv, nodes, debug=False):
    """One fresh engine process asked for its move after `mv` (x,y strings from the
    start): the move ('none' if it gave none), its last `Eval` on stdout ('none' if
    none), and its stderr (the debug log when `debug`)."""
    board = ''.join(f'{m},{1 if (len(mv) - i) % 2 == 0 else 2}\n' for i, m in enumerate(mv))
    inp = (f'START {size}\nINFO timeout_turn 600000\nINFO timeout_match 0\n'
           f'INFO max_node {nodes}\nBOARD\n{board}DONE\n')
    env = dict(os.environ, RUST_LOG='debug') if debug else None
    p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE if debug else subprocess.DEVNULL,
                         text=True, env=env)
    p.stdin.write(inp)
    p.stdin.flush()
    ans = 'none'
    value = 'none'
    for out in p.stdout:
        e = re.search(r'Eval (-?[0-9]+|[-+]?M[0-9]+)', out)
        if e:
            value = e.group(1)
        if re.fullmatch(r'\d+,\d+', out.strip()):
            ans = out.strip()
            break
    # END only once the move is out: an END while thinking may cut the search short.
    p.stdin.write('END\n')
    p.stdin.close()
    err = p.stderr.read() if debug else ''
    p.wait()
    return ans, value, err


def ask(binary, nodes, path, after=None, with_eval=False):
    extra = [l.strip() for l in open(after)] if after else None
    for k, line in enumerate(open(path)):
        size, moves = line.split()
        mv = moves.split(';')
        if extra is not None:
            mv.append(extra[k])
        ans, value, _ = dialogue(binary, size, mv, nodes)
        if extra is not None:
            # The value for the side that played the move: the engine's, negated.
            v = value
            ans = (v[1:] if v.startswith('-') else '-' + v.lstrip('+')) if v != 'none' else v
        print(f'{ans} {value}' if with_eval else ans, flush=True)


def tengen(binary, nodes, path):
    for line in open(path):
        size, moves = line.split()
        ans, _, err = dialogue(binary, size, moves.split(';'), nodes, debug=True)
        value = 'none'
        if re.search(r'root (VCF|VCT): Some', err):
            value = 'win'
        else:
            v = re.findall(r'search: \S+ value (-?\d+)', err)
            if v:
                value = v[-1]
        print(ans, value, flush=True)


def compare(ref, others):
    r = [l.strip() for l in open(ref)]
    for o in others:
        m = [l.strip() for l in open(o)]
        n = min(len(r), len(m))
        same = sum(a == b for a, b in zip(r[:n], m[:n]))
        p = same / n
        print(f'{o}: {same} of {n} agree with {ref} ({100 * p:.1f}% ± {196 * (p * (1 - p) / n) ** 0.5:.1f})')


if __name__ == '__main__':
    cmd = sys.argv[1] if len(sys.argv) > 1 else ''
    if cmd == 'positions':
        positions(sys.argv[2:])
    elif cmd == 'ask':
        ask(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    elif cmd == 'evals':
        ask(sys.argv[2], int(sys.argv[3]), sys.argv[4], with_eval=True)
    elif cmd == 'tengen':
        tengen(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    elif cmd == 'value':
        ask(sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5])
    elif cmd == 'compare':
        compare(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(__doc__)
