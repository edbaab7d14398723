# deep3.py: for new1's regret>500 positions of r3-600: its move at 300k and at 3M nodes
import json,sys
sys.argv=['x']
exec(open('regret.py').read().split("pos=[json.loads")[0])
res=[json.loads(l) for l in open('reg/r3-600.jsonl')]
big=[r for r in res if r['/tmp/bins/new1'][1]>500]
same=0
for r in big:
    mv=[tuple(m) for m in r['moves']]
    m3,_=query('/tmp/bins/new1',r['sz'],mv,3000000)
    m0=tuple(r['/tmp/bins/new1'][0]); best=tuple(r['best'])
    same+= (m3==m0)
    print(len(mv),'rapfi',best,'ours300k',m0,'ours3M',m3, 'regret',r['/tmp/bins/new1'][1], flush=True)
print('same move at 3M:',same,'of',len(big), 'rapfi move at 3M:', sum(1 for r in big if 0))
