# Tally of why Tengen lost the games of an `analyse --brief` output (thirty-eighth session):
#   python3 tally.py ANALYSE.txt
# For each game Tengen lost: the cause `analyse` gives for its losing move, the move
# number, and the searched value of the position before it.
import collections
import re
import sys

games, cur = [], None
for line in open(sys.argv[1]):
    line = line.rstrip()
    m = re.match(r'Game (\d+): (\S+) \(black\) vs (\S+) \(white\) \|.*result (\S+)', line)
    if m:
        cur = {'black': m[2], 'white': m[3], 'res': m[4]}
        games.append(cur)
        continue
    m = re.match(r'Lost after: move (\d+) \((\w+)[^:]*: (\S+) before', line)
    if m and cur:
        cur.update(lost_move=int(m[1]), loser=m[2], before=m[3])
    m = re.match(r'Cause: (.*?):?( at move.*)?$', line)
    if m and cur:
        cur['cause'] = m[1]

causes, lost, moves, before = collections.Counter(), 0, [], []
for g in games:
    tengen = 'black' if g['black'] == 'tengen' else 'white'
    winner = {'B': 'black', 'W': 'white'}.get(g['res'][:1])
    if winner is None or winner == tengen:
        continue
    lost += 1
    if g.get('loser') != tengen:
        causes['no losing move of Tengen found'] += 1
        continue
    causes[g.get('cause', '?')] += 1
    moves.append(g['lost_move'])
    if re.fullmatch(r'[-+]?\d+', g['before']):
        before.append(int(g['before']))
print(lost, 'games lost by Tengen')
for k, v in causes.most_common():
    print(v, k)


def spread(xs):
    xs = sorted(xs)
    return f'median {xs[len(xs) // 2]}, quartiles {xs[len(xs) // 4]} and {xs[3 * len(xs) // 4]}'


print('losing move number:', spread(moves))
print(f'searched value before it ({len(before)} not already mates):', spread(before))
