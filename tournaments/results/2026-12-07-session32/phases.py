"""Where the time of a 500 ms move goes (thirty-second session).

    python3 phases.py GAMES.sgf SIZE BIN [NGAMES]

For the first NGAMES games (default 20) of an SGF collection written by `match --sgf`
with a player named `tengen`, every third of Tengen's positions from move 7 (at most
six a game) is given to BIN (a pbrain-tengen built with the phase timings in its debug
log) at 500 ms, freestyle, with RUST_LOG=debug. Prints, per position, when each root
phase ended (ms since the move was asked for): the root VCF, our root VCT, the pass
check (the opponent's VCT if we passed) and the defence check of the root moves, and
the main search's depth; then medians.
"""
import re, subprocess, sys, statistics
sgf, size, bin_ = sys.argv[1], int(sys.argv[2]), sys.argv[3]
ngames = int(sys.argv[4]) if len(sys.argv) > 4 else 20
txt = open(sgf).read()
games = txt.split('(;')[1:]
rows = []
for gi, g in enumerate(games[:ngames]):
    pb = re.search(r'PB\[(\w+)\]', g).group(1)
    moves = re.findall(r';([BW])\[([a-z])([a-z])\]', g)
    tcol = 'B' if pb == 'tengen' else 'W'
    idxs = [i for i, m in enumerate(moves) if m[0] == tcol and i >= 6]
    for i in idxs[::3][:6]:
        me = moves[i][0]
        lines = ['START %d' % size, 'INFO timeout_turn 500', 'INFO rule 0', 'BOARD']
        for c, a, b in moves[:i]:
            x, y = ord(a) - 97, ord(b) - 97
            lines.append('%d,%d,%d' % (x, y, 1 if c == me else 2))
        lines += ['DONE']
        pr = subprocess.Popen([bin_], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           env={'RUST_LOG': 'debug', 'PATH': '/usr/bin'})
        pr.stdin.write('\n'.join(lines) + '\n'); pr.stdin.flush()
        while True:
            l = pr.stdout.readline()
            if not l or re.match(r'^\d+,\d+', l): break
        pr.stdin.write('END\n'); pr.stdin.close()
        class P: pass
        p = P(); p.stderr = pr.stderr.read(); pr.wait()
        # stdin closes -> engine should still answer; collect timings
        d = {}
        for l in p.stderr.splitlines():
            for key, pat in [('vcf', r'root VCF: .* (\d+) ms'), ('vct', r'root VCT: (\S+) .* (\d+) ms'),
                             ('pass', r'pass check: (\S+).* (\d+) ms'), ('def', r'root VCT defence: (\d+) lost, (\d+) hold, (\d+) ms'),
                             ('search', r'search: .* depth (\d+) .* in (\d+) ms')]:
                m = re.search(pat, l)
                if m: d[key] = m.groups()
        rows.append(d)
        print(gi, i, d, flush=True)
def col(k, j):
    return [int(r[k][j]) for r in rows if k in r]
print('n', len(rows))
for k, j in [('vcf', 0), ('vct', 1), ('pass', 1), ('def', 2), ('search', 1)]:
    v = col(k, j)
    if v: print(k, 'count', len(v), 'median end ms', statistics.median(v), 'max', max(v))
print('pass found', sum(1 for r in rows if 'pass' in r and r['pass'][0] != 'None'))
print('depth median', statistics.median(col('search', 0)))
print('vct found', sum(1 for r in rows if 'vct' in r and r['vct'][0] != 'None'))
