# tq.py BIN SGF GAMEIDX NMOVES MS : our engine's move/value at the position after NMOVES moves
import re,subprocess,sys,os
bin,sgf,gi,n,ms=sys.argv[1],sys.argv[2],int(sys.argv[3]),int(sys.argv[4]),sys.argv[5]
g=open(sgf).read().split('(;')[1:][gi]
sz=int(re.search(r'SZ\[(\d+)\]',g).group(1))
mv=re.findall(r';([BW])\[([a-z])([a-z])\]',g)[:n]
tomove='B' if len(mv)%2==0 else 'W'
L=[f"START {sz}",f"INFO timeout_turn {ms}","INFO timeout_match 100000000","BOARD"]
for c,x,y in mv: L.append(f"{ord(x)-97},{ord(y)-97},{1 if c==tomove else 2}")
L.append("DONE")
p=subprocess.Popen([bin],stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=subprocess.PIPE,text=True,env=dict(os.environ,RUST_LOG='debug'))
p.stdin.write("\n".join(L)+"\n"); p.stdin.flush()
while True:
    l=p.stdout.readline()
    if not l or re.match(r'^\d+,\d+',l): break
p.stdin.write("END\n"); p.stdin.flush()
o,e=p.communicate()
for l in e.splitlines():
    if 'search:' in l or 'verify' in l: print(l[23:])
