# Helpers shared by the result scripts of the sessions (pair.py, pool.py, rank.py, probe.py).
import re,subprocess

def scores(path,name):
    """Score of NAME in each game of a `pbrain-tengen match` output file, by game number."""
    s={}
    for l in open(path):
        m=re.match(r'Game (\d+)/\d+: (\S+) \(black\) vs (\S+) \(white\): (\S+)',l)
        if not m: continue
        g,b,w,r=int(m[1]),m[2],m[3],m[4]
        pts={'1-0':(1,0),'0-1':(0,1),'1/2-1/2':(.5,.5),'1/2':(.5,.5)}[r]
        s[g]=pts[0] if b==name else pts[1]
    return s

def ask_move(binary,moves,size,ms):
    """The move a pbrain engine plays at MS ms a move (freestyle, no match clock) after
    MOVES (x,y pairs, alternating from black), as the line it answers: "x,y"."""
    n=len(moves)
    lines=[f"START {size}",f"INFO timeout_turn {ms}","INFO timeout_match 0","INFO rule 0","BOARD"]
    for i,(x,y) in enumerate(moves):
        lines.append(f"{x},{y},{1 if (i%2)==(n%2) else 2}")
    lines.append("DONE")
    p=subprocess.Popen([binary],stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=subprocess.DEVNULL,text=True)
    p.stdin.write("\n".join(lines)+"\n"); p.stdin.flush()
    while True:
        l=p.stdout.readline()
        if not l: break
        l=l.strip()
        if l and l[0].isdigit(): break
    p.stdin.write("END\n"); p.stdin.close(); p.wait(timeout=10)
    return l
