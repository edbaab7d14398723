# dbgpos.py BIN SGF GN NMOVES [MS]: the engine's debug log at MS per move on the position after NMOVES moves of game GN
import re,subprocess,sys,os
bin,sgf,gn,n=sys.argv[1],sys.argv[2],sys.argv[3],int(sys.argv[4]); ms=sys.argv[5] if len(sys.argv)>5 else '500'
g=[g for g in open(sgf).read().split('(;')[1:] if re.search(r'GN\[%s\]'%gn,g)][0]
sz=int(re.search(r'SZ\[(\d+)\]',g).group(1)); ru=re.search(r'RU\[(\d+)\]',g).group(1)
mv=re.findall(r';([BW])\[([a-z])([a-z])\]',g)[:n]
tomove='B' if len(mv)%2==0 else 'W'
L=[f"START {sz}",f"INFO rule {ru}",f"INFO timeout_turn {ms}","INFO timeout_match 0","BOARD"]
for c,x,y in mv: L.append(f"{ord(x)-97},{ord(y)-97},{1 if c==tomove else 2}")
L.append("DONE")
p=subprocess.Popen([bin],stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=subprocess.PIPE,text=True,env=dict(os.environ,RUST_LOG='debug'))
p.stdin.write("\n".join(L)+"\n"); p.stdin.flush()
out=None
while True:
    l=p.stdout.readline()
    if not l: break
    if re.match(r'^\d+,\d+',l): out=l.strip(); break
p.stdin.write("END\n"); p.stdin.flush()
o,e=p.communicate()
print('move',out, 'rule',ru)
for l in e.splitlines():
    if 'iteration' in l: continue
    print(l[l.find(']')+1:][:200] if ']' in l else l[:200])
