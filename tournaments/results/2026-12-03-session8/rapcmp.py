# rapcmp.py SGF GAMEIDX ME(B/W) MS : per own move: played, rapfi's move and eval before, rapfi eval after (from our side)
import re,subprocess,sys
sgf=open(sys.argv[1]).read().split('(;')[1:]
g=sgf[int(sys.argv[2])]; me=sys.argv[3]; ms=sys.argv[4] if len(sys.argv)>4 else '500'
sz=int(re.search(r'SZ\[(\d+)\]',g).group(1))
mv=re.findall(r';([BW])\[([a-z])([a-z])\]C\[([^\]]*)\]',g)
def ask(moves):
    tomove='B' if len(moves)%2==0 else 'W'
    L=[f"START {sz}",f"INFO timeout_turn {ms}","INFO timeout_match 100000000","BOARD"]
    for c,x,y,_ in moves: L.append(f"{ord(x)-97},{ord(y)-97},{1 if c==tomove else 2}")
    L.append("DONE")
    p=subprocess.Popen(["/work/shared/sparring/pbrain-rapfi"],stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=subprocess.DEVNULL,text=True)
    p.stdin.write("\n".join(L)+"\n"); p.stdin.flush()
    ev=None
    while True:
        l=p.stdout.readline()
        if not l: break
        m=re.search(r'Eval (-?\w+)',l)
        if m: ev=m.group(1)
        if re.match(r'^\d+,\d+',l): mvv=l.strip(); break
    p.stdin.write("END\n"); p.stdin.flush(); p.communicate()
    x,y=map(int,mvv.split(','))
    return chr(97+x)+chr(97+y), ev
for i,(c,x,y,cm) in enumerate(mv):
    if cm=='opening' or c!=me: continue
    best,ev=ask(mv[:i])
    _,ev2=ask(mv[:i+1])
    print(i+1, 'played',x+y, 'rapfi',best, 'eval before',ev, 'after(opp view)',ev2, cm, flush=True)
