# tqm.py BIN SZ MS moves... (xy letters, black first): engine's move/value at that position
import re,subprocess,sys,os
bin,sz,ms=sys.argv[1],int(sys.argv[2]),sys.argv[3]
mv=sys.argv[4:]
tomove=len(mv)%2
L=[f"START {sz}",f"INFO timeout_turn {ms}","INFO timeout_match 100000000","BOARD"]
for i,m in enumerate(mv): L.append(f"{ord(m[0])-97},{ord(m[1])-97},{1 if i%2==tomove else 2}")
L.append("DONE")
rap='rapfi' in bin
p=subprocess.Popen([bin],stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=subprocess.PIPE,text=True,env=dict(os.environ,RUST_LOG='debug'))
p.stdin.write("\n".join(L)+"\n"); p.stdin.flush()
out=[]
while True:
    l=p.stdout.readline()
    out.append(l)
    if not l or re.match(r'^\d+,\d+',l): break
p.stdin.write("END\n"); p.stdin.flush()
o,e=p.communicate()
if rap: print("".join(out[-3:]).strip())
for l in e.splitlines():
    if "search:" in l or "depth" in l: print(l[23:])
