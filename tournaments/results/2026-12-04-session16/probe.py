# The sixteenth session's probe of the lost games: run in a folder holding lost.sgf and
# lost-analysis.txt (both here).  python3 probe.py BIN MS
# For each lost game: the position before the move after which analysis said we were lost;
# ask BIN at MS ms and report whether it plays the same move again.
import os,sys,re
sys.path.insert(0,os.path.join(os.path.dirname(os.path.abspath(__file__)),'..'))
from matchtools import ask_move
bin_,ms=sys.argv[1],int(sys.argv[2])
games={}
for g in ['(;'+x for x in open('lost.sgf').read().split('(;')[1:]]:
    gn=int(re.search(r'GN\[(\d+)\]',g).group(1))
    games[gn]=[(ord(x)-97,ord(y)-97) for c,x,y in re.findall(r';([BW])\[([a-v])([a-v])\]',g)]
an=open('lost-analysis.txt').read().split('Game ')[1:]
jobs=[];seen=set()
for blk in an:
    gn=int(blk.split(':')[0]); m=re.search(r'Lost after: move (\d+)',blk); cause=re.search(r'Cause: missed defence against a (\w+)',blk).group(1)
    k=int(m.group(1))-1
    key=tuple(games[gn][:k+1])
    if key in seen: continue
    seen.add(key); jobs.append((gn,k,cause,games[gn][:k],games[gn][k]))
def ask(j):
    gn,k,cause,mv,played=j
    x,y=map(int,ask_move(bin_,mv,20,ms).split(','))
    return (gn,k+1,cause,(x,y)==tuple(played))
res=[ask(j) for j in jobs]
same=sum(r[3] for r in res)
for r in res: print(*r)
print(f"{len(res)} positions; same losing move {same}; by cause:",
  {c:(sum(1 for r in res if r[2]==c and r[3]),sum(1 for r in res if r[2]==c)) for c in set(r[2] for r in res)})
