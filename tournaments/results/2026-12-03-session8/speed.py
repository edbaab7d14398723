# time fixed-depth searches of midgame positions: python3 speed.py BIN DEPTH
import re,subprocess,sys,time,os
sgf=open('/work/main/tournaments/results/2026-12-02-session7/timed-main-a15s7.sgf').read().split('(;')[1:]
bin=sys.argv[1]; depth=sys.argv[2]
tot_n=0; tot_t=0
for g in sgf[:10]:
    mv=re.findall(r';([BW])\[([a-z])([a-z])\]C\[([^\]]*)\]',g)
    nop=sum(1 for m in mv if m[3]=='opening')
    n=min(nop+10,len(mv)-1)
    tomove='B' if n%2==0 else 'W'
    L=["START 15",f"INFO max_depth {depth}","INFO timeout_turn 100000","INFO timeout_match 0","BOARD"]
    for c,x,y,_ in mv[:n]: L.append(f"{ord(x)-97},{ord(y)-97},{1 if c==tomove else 2}")
    L.append("DONE")
    p=subprocess.Popen([bin],stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=subprocess.PIPE,text=True,env=dict(os.environ,RUST_LOG='debug'))
    p.stdin.write("\n".join(L)+"\n"); p.stdin.flush()
    while True:
        l=p.stdout.readline()
        if not l or re.match(r'^\d+,\d+',l): break
    p.stdin.write("END\n"); p.stdin.flush()
    o,e=p.communicate()
    if "search:" not in e: print(e[-500:]); continue
    m=re.findall(r"search: (\S+) value (-?\d+) depth (\d+) seldepth \d+ nodes (\d+) in (\d+) ms",e)[-1]
    tot_n+=int(m[3]); tot_t+=int(m[4])
    print(m)
print("total nodes",tot_n,"ms",tot_t,"nps",int(tot_n*1000/max(tot_t,1)))
