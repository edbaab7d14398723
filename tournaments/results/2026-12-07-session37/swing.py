"""How much the root value moves from one completed iteration to the next (thirty-seventh
session), run from the repository root:  swing.py TENGEN_BIN [NODES]
Every fourth position of the thirty-sixth session's agree-positions.txt, each engine at NODES
(default 50000) nodes in a fresh process; Tengen's values from its debug log (one line per
iteration, since 6840057), Rapfi's from its `Depth ... | Eval` lines. Values beyond 5000 (mates)
are left out; the first two iterations are skipped; changes are in nats (Tengen: 600 a nat,
Rapfi: 200). Rapfi prints a line per finished depth, some with the same value again."""
import sys,re,subprocess,statistics as st
sys.path.insert(0,'tournaments/results/2026-12-07-session36')
from agree import dialogue
S='tournaments/results/2026-12-07-session36'
pos=[l.split() for l in open(f'{S}/agree-positions.txt')][::4]
def rapfi(size,mv,nodes):
    board=''.join(f'{m},{1 if (len(mv)-i)%2==0 else 2}\n' for i,m in enumerate(mv))
    inp=f'START {size}\nINFO timeout_turn 600000\nINFO timeout_match 0\nINFO max_node {nodes}\nBOARD\n{board}DONE\nEND\n'
    out=subprocess.run(['../shared/sparring/pbrain-rapfi'],input=inp,capture_output=True,text=True).stdout
    vals=[]
    for m in re.finditer(r'Depth (\d+)-\d+ \| Eval (-?\d+) ',out):
        vals.append((int(m.group(1)),int(m.group(2))))
    return vals
def tengen(size,mv,nodes):
    _,_,err=dialogue(sys.argv[1],size,mv,nodes,debug=True)
    vals=[]
    for line in err.splitlines():
        if 'verify' in line: break
        m=re.search(r'iteration: depth (\d+) seldepth \d+ value (-?\d+)',line)
        if m: vals.append((int(m.group(1)),int(m.group(2))))
        if 'search:' in line: break
    return vals
res={'tengen':[], 'rapfi':[]}
for size,mv in pos:
    mv=mv.split(';')
    for name,f,scale in (('tengen',tengen,600),('rapfi',rapfi,200)):
        v=[x for d,x in f(size,mv,int(sys.argv[2]) if len(sys.argv)>2 else 50000) if abs(x)<5000]
        if len(v)>=4:
            d=[abs(b-a)/scale for a,b in zip(v[2:],v[3:])]
            res[name].append(st.mean(d))
for k,v in res.items(): print(k, len(v), 'median per-iteration |change| (nats):', round(st.median(v),3), 'mean', round(st.mean(v),3))
