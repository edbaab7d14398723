# Blunder check: the engine BIN plays each position of SETFILE (from blunders.py) at
# MS per move (default 500); Rapfi then judges the position after its move at 300 ms.
# LOST: Rapfi sees a forced mate for the opponent. The set holds positions where
# Tengen's own move lost, so any build that plays differently scores better on it:
# compare builds with each other, and judge them by matches.
#   python3 .../tester.py BIN SETFILE [MS]
# With LOGFILE=F (and RUST_LOG=debug) the engine's log is appended to F.
import sys,subprocess,re,concurrent.futures as cf
binp=sys.argv[1]; ms=int(sys.argv[3]) if len(sys.argv)>3 else 500
def load(sgf,gn):
    t=open(sgf).read()
    g=[x for x in t.split('(;FF')[1:] if re.search(r'GN\[%s\]'%gn,x)][0]
    mv=[(ord(x)-97,ord(y)-97) for c,x,y in re.findall(r';([BW])\[([a-v])([a-v])\]',g)]
    sz=int(re.search(r'SZ\[(\d+)\]',g).group(1))
    return mv,sz
def transcript(mv,sz,ms):
    n=len(mv)
    lines=[f"START {sz}",f"INFO timeout_turn {ms}","INFO timeout_match 0","INFO game_type 1","INFO rule 0","INFO time_left 2147483647","BOARD"]
    for i,(x,y) in enumerate(mv):
        lines.append(f"{x},{y},{1 if (i%2)==(n%2) else 2}")
    lines.append("DONE")
    return "\n".join(lines)+"\n"
import os
LOG=os.environ.get('LOGFILE')
def ask(cmd,mv,sz,ms):
    err=open(LOG,'a') if LOG and 'rapfi' not in cmd[0] else subprocess.DEVNULL
    p=subprocess.Popen(cmd,stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=err,text=True,bufsize=1)
    p.stdin.write(transcript(mv,sz,ms)); p.stdin.flush()
    ls=[];mvs=[]
    while True:
        l=p.stdout.readline()
        if not l: break
        l=l.strip()
        if 'Eval' in l: ls.append(l)
        if l and l[0].isdigit(): mvs.append(l); break
    p.stdin.write("END\n"); p.stdin.close(); p.wait(timeout=10)
    e=re.search(r'Eval (\S+)',ls[-1]).group(1) if ls else '?'
    x,y=map(int,mvs[0].split(','))
    return e,(x,y)
cases=[l.split() for l in open(sys.argv[2]) if l.strip()]
picks=[]
for c in cases:
    mv,sz=load(c[0],c[1]); k=int(c[2])
    pos=mv[:k-1]; bad=mv[k-1]
    _,m=ask([binp],pos,sz,ms)
    picks.append((c,pos,sz,m,bad))
def verdict(a):
    c,pos,sz,m,bad=a
    e,_=ask(['../shared/sparring/pbrain-rapfi'],pos+[m],sz,300)
    return c,m,bad,e
lost=0;same=0
with cf.ThreadPoolExecutor(2) as ex:
    for c,m,bad,e in ex.map(verdict,picks):
        l=e.startswith('+M'); lost+=l; same+=(m==bad)
        print(c[0].split('/')[-1],c[1],c[2],'played',m,'game',bad,'rapfi-after',e,'LOST' if l else '')
print(f"positions {len(picks)} lost {lost} same-as-game {same}")
