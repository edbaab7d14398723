# regret2.py POSFILE OUT PRIOR.jsonl BIN [BIN...]: like regret.py, but Rapfi's judgements
# already in PRIOR (a regret.py/regret2.py output on the same positions) are reused.
import re,subprocess,sys,os,json,concurrent.futures as cf
TN=int(os.environ.get('TN','300000')); RN=int(os.environ.get('RN','500000'))
def query(cmd, sz, moves, nodes):
    tomove=len(moves)%2
    tt = "0" if 'rapfi' in cmd else "1000000"
    L=[f"START {sz}",f"INFO max_node {nodes}",f"INFO timeout_turn {tt}","INFO timeout_match 0","BOARD"]
    for i,m in enumerate(moves): L.append(f"{m[0]},{m[1]},{1 if i%2==tomove else 2}")
    L.append("DONE")
    p=subprocess.Popen([cmd],stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=subprocess.DEVNULL,text=True)
    p.stdin.write("\n".join(L)+"\n"); p.stdin.flush()
    ev=None; mv=None
    while True:
        l=p.stdout.readline()
        if not l: break
        m=re.search(r'Eval (-?M?\d+)',l)
        if m: ev=m.group(1)
        if re.match(r'^\d+,\d+',l): mv=tuple(map(int,l.strip().split(','))); break
    p.stdin.write("END\n"); p.stdin.flush(); p.communicate()
    return mv, ev
def evnum(e):
    if e is None: return 0
    if e.startswith('-M'): return -3000
    if e.startswith('M'): return 3000
    return max(-3000,min(3000,int(e)))
RAP='/work/shared/sparring/pbrain-rapfi'
root={}   # (sz,moves) -> (best, eb)
after={}  # (sz,moves,m) -> regret
for l in open(sys.argv[3]):
    r=json.loads(l); k=(r['sz'],tuple(tuple(m) for m in r['moves']))
    root[k]=(tuple(r['best']),r['eb'])
    for b,v in r.items():
        if b.startswith('/'):
            after[k+(tuple(v[0]),)]=v[1]
def one(args):
    sz,moves,bins=args
    k=(sz,tuple(moves))
    if k not in root:
        best,e=query(RAP,sz,moves,RN); root[k]=(best,evnum(e))
    best,eb=root[k]
    out={'best':best,'eb':eb,'moves':moves,'sz':sz}
    for b in bins:
        m,_=query(b,sz,moves,TN)
        if m==best: r=0
        elif k+(m,) in after: r=after[k+(m,)]
        else:
            _,e2=query(RAP,sz,moves+[m],RN); r=eb+evnum(e2); after[k+(m,)]=r
        out[b]=(m,r)
    return out
pos=[json.loads(l) for l in open(sys.argv[1])]
bins=sys.argv[4:]
with cf.ThreadPoolExecutor(int(os.environ.get('J','2'))) as ex:
    res=list(ex.map(one,[(p['sz'],[tuple(m) for m in p['moves']],bins) for p in pos]))
with open(sys.argv[2],'w') as f:
    for r in res: f.write(json.dumps(r)+"\n")
for b in bins:
    rs=[r[b][1] for r in res]
    rs2=[max(0,x) for x in rs]
    print(b, 'n',len(rs),'agree',sum(1 for r in res if r[b][0]==tuple(r['best'])), 'mean regret',round(sum(rs2)/len(rs2),1),
          '>200',sum(1 for x in rs if x>200),'>500',sum(1 for x in rs if x>500))
