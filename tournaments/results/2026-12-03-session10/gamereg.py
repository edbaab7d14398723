# gamereg.py SGF NAME GN [GN...]: Rapfi (200k nodes) judges every move of NAME in the games:
# Rapfi's best move and value before our move, its value after it (for the side that moved), the drop.
import re,subprocess,sys,os
RAP='/work/shared/sparring/pbrain-rapfi'; N=int(os.environ.get('RN','200000'))
sgf,name=sys.argv[1],sys.argv[2]
games={re.search(r'GN\[(\d+)\]',g).group(1):g for g in open(sgf).read().split('(;')[1:]}
def rapfi(sz,moves):
    tomove=len(moves)%2
    L=[f"START {sz}",f"INFO max_node {N}","INFO timeout_turn 0","INFO timeout_match 0","BOARD"]
    L+=[f"{x},{y},{1 if i%2==tomove else 2}" for i,(x,y) in enumerate(moves)]+["DONE"]
    p=subprocess.Popen([RAP],stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=subprocess.DEVNULL,text=True)
    p.stdin.write("\n".join(L)+"\n"); p.stdin.flush(); ev=None; mv=None
    while True:
        l=p.stdout.readline()
        if not l: break
        m=re.search(r'Eval (-?M?\d+)',l)
        if m: ev=m.group(1)
        if re.match(r'^\d+,\d+',l): mv=l.strip(); break
    p.stdin.write("END\n"); p.stdin.flush(); p.communicate()
    return mv,ev
def num(e):
    if e is None: return 0
    if e.startswith('-M'): return -3000
    if e.startswith('M'): return 3000
    return max(-3000,min(3000,int(e)))
for gn in sys.argv[3:]:
    g=games[gn]; sz=int(re.search(r'SZ\[(\d+)\]',g).group(1))
    us='B' if re.search(r'PB\[([^\]]*)\]',g).group(1)==name else 'W'
    mv=re.findall(r';([BW])\[([a-z])([a-z])\]C\[([^\]]*)\]',g)
    moves=[(ord(x)-97,ord(y)-97) for _,x,y,_ in mv]
    print(f"game {gn}, we are {us}")
    for i,(c,x,y,cm) in enumerate(mv):
        if c!=us or cm=='opening': continue
        best,eb=rapfi(sz,moves[:i]); _,ea=rapfi(sz,moves[:i+1])
        drop=num(eb)+num(ea)
        print(f"  ply {i+1:3} ours {moves[i][0]},{moves[i][1]:<3} rapfi {best:<6} before {eb:>6} after(opp) {ea:>6} drop {drop:5} {'<<' if drop>150 else ''}")
