# Rapfi as a judge of lost games: for each game of SGF that NAME lost, Rapfi's value
# (MESSAGE ... Eval) of every position where NAME was to move, MS per position.
# Run from the repository root (Rapfi from ../shared/sparring):
#   python3 .../oracle.py SGF NAME MS [THREADS] > ORACLE
# Lines: "game N COLOUR: MOVE:EVAL ..." (EVAL from NAME's side; -Mk: mated in k plies).
import sys,subprocess,re,concurrent.futures as cf
def games(path, me):
    t=open(path).read()
    for g in t.split('(;FF')[1:]:
        gn=int(re.search(r'GN\[(\d+)\]',g).group(1))
        pb=re.search(r'PB\[([^\]]*)\]',g).group(1); pw=re.search(r'PW\[([^\]]*)\]',g).group(1)
        re_=re.search(r'RE\[([^\]]*)\]',g).group(1)
        col='B' if pb==me else 'W'
        if not re_.startswith('W' if col=='B' else 'B'): continue
        mv=[(ord(x)-97,ord(y)-97) for c,x,y in re.findall(r';([BW])\[([a-v])([a-v])\]',g)]
        nopen=len(re.findall(r'C\[opening\]',g))
        sz=int(re.search(r'SZ\[(\d+)\]',g).group(1))
        yield gn,col,mv,nopen,sz
def rapfi(mv,sz,ms):
    n=len(mv)
    lines=[f"START {sz}",f"INFO timeout_turn {ms}","INFO timeout_match 0","INFO rule 0","BOARD"]
    for i,(x,y) in enumerate(mv):
        lines.append(f"{x},{y},{1 if (i%2)==(n%2) else 2}")
    lines.append("DONE")
    p=subprocess.Popen(['../shared/sparring/pbrain-rapfi'],stdin=subprocess.PIPE,stdout=subprocess.PIPE,text=True)
    out,_=p.communicate("\n".join(lines)+"\n",timeout=ms/1000+10)
    ls=[l for l in out.split('\n') if 'Eval' in l]
    mvs=[l for l in out.split('\n') if l and l[0].isdigit()]
    e=re.search(r'Eval (\S+)',ls[-1]).group(1) if ls else '?'
    return e,(mvs[0] if mvs else '?')
def job(args):
    path,me,ms,gn,col,mv,nopen,sz=args
    res=[]
    start=nopen
    for k in range(start,len(mv)):
        if (k%2==0)==(col=='B'):
            e,b=rapfi(mv[:k],sz,ms)
            res.append((k+1,e,b,mv[k]))
    return gn,col,res
path,me,ms=sys.argv[1],sys.argv[2],int(sys.argv[3])
jobs=[(path,me,ms)+g for g in games(path,me)]
with cf.ThreadPoolExecutor(int(sys.argv[4]) if len(sys.argv)>4 else 2) as ex:
    for gn,col,res in ex.map(job,jobs):
        print(f"game {gn} {col}: "+" ".join(f"{k}:{e}" for k,e,b,m in res), flush=True)
