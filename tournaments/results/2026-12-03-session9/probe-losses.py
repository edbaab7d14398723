# probe-losses.py SGF BIN: for five Pela standard losses, at the move the eighth session's
# review named: our engine's root log (500 ms) before and after the move, and Rapfi's
# move and value (1M nodes, standard) before and after it.
import re,subprocess,sys,os
sgf,bin=sys.argv[1],sys.argv[2]
games=open(sgf).read().split('(;')[1:]
def moves(gn):
    g=[g for g in games if re.search(r'GN\[%s\]'%gn,g)][0]
    return [(ord(x)-97,ord(y)-97) for c,x,y in re.findall(r';([BW])\[([a-z])([a-z])\]',g)]
def run(cmd,mv,extra,env=None):
    tomove=len(mv)%2
    L=["START 15","INFO rule 1"]+extra+["INFO timeout_match 0","BOARD"]
    L+=[f"{m[0]},{m[1]},{1 if i%2==tomove else 2}" for i,m in enumerate(mv)]+["DONE"]
    p=subprocess.Popen([cmd],stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=subprocess.PIPE,text=True,env=env)
    p.stdin.write("\n".join(L)+"\n"); p.stdin.flush()
    ev=None; out=None
    while True:
        l=p.stdout.readline()
        if not l: break
        m=re.search(r'Eval (-?M?\d+)',l)
        if m: ev=m.group(1)
        if re.match(r'^\d+,\d+',l): out=l.strip(); break
    p.stdin.write("END\n"); p.stdin.flush(); _,e=p.communicate()
    return out,ev,e
def ours(mv):
    out,_,e=run(bin,mv,["INFO timeout_turn 500"],dict(os.environ,RUST_LOG='debug'))
    log=[l[l.index(']')+1:].strip() for l in e.splitlines() if ']' in l and ('root' in l or 'verify' in l or 'search:' in l)]
    return out,log
def rapfi(mv):
    out,ev,_=run('/work/shared/sparring/pbrain-rapfi',mv,["INFO max_node 1000000","INFO timeout_turn 0"])
    return out,ev
for gn,n in [(33,8),(48,9),(63,6),(73,8),(75,8)]:
    mv=moves(gn)
    print(f"=== game {gn}, our move {n+1} (played {mv[n]})")
    o,log=ours(mv[:n]); print("  ours before:",o); [print("    "+l) for l in log]
    o,log=ours(mv[:n+1]); print("  ours as the opponent after it:",o); [print("    "+l) for l in log]
    print("  rapfi before (move, eval for the side to move):",rapfi(mv[:n]))
    print("  rapfi after (opponent to move):",rapfi(mv[:n+1]))
