# The fifteenth session's probe input: Rapfi's move in the positions of a match SGF where NAME
# is to move (plies 5 to 30).  python3 rank.py SGF NAME MS > rank20-rapfi-moves.txt
# For Tengen-to-move positions of the games in SGF (plies 4..30), Rapfi's move at MS ms.
# Output lines: game ply size rapfi_x,rapfi_y moves...
import os,sys,re,concurrent.futures as cf
sys.path.insert(0,os.path.join(os.path.dirname(os.path.abspath(__file__)),'..'))
from matchtools import ask_move
sgf,name,ms=sys.argv[1],sys.argv[2],int(sys.argv[3])
def ask(mv,sz):
    return ask_move('/work/shared/sparring/pbrain-rapfi',mv,sz,ms)
jobs=[]
for g in re.findall(r'\(;[^()]*\)',open(sgf).read()):
    gn=int(re.search(r'GN\[(\d+)\]',g).group(1)); sz=int(re.search(r'SZ\[(\d+)\]',g).group(1))
    col=0 if re.search(r'PB\[%s\]'%name,g) else 1
    mv=[(ord(x)-97,ord(y)-97) for c,x,y in re.findall(r';([BW])\[([a-v])([a-v])\]',g)]
    for k in range(4,min(len(mv),30)):
        if k%2==col: jobs.append((gn,k,sz,mv[:k]))
def run(j):
    gn,k,sz,mv=j
    return f"{gn} {k} {sz} {ask(mv,sz)} "+" ".join(f"{x},{y}" for x,y in mv)
with cf.ThreadPoolExecutor(2) as ex:
    for l in ex.map(run,jobs): print(l,flush=True)
