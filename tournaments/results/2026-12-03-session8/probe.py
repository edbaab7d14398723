import re,subprocess,sys,os
sgf=open(sys.argv[1]).read()
which=sys.argv[2]; ms=int(sys.argv[3]); extra=int(sys.argv[4]) if len(sys.argv)>4 else 8
games=[g for g in sgf.split('(;')[1:]]
out=[]
import time
def run(cmd,inp,env):
    p=subprocess.Popen(cmd,stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=subprocess.PIPE,text=True,env=env)
    p.stdin.write(inp); p.stdin.flush()
    outl=[]
    while True:
        l=p.stdout.readline()
        if not l: break
        outl.append(l)
        if re.match(r'^\d+,\d+',l): break
    p.stdin.write("END\n"); p.stdin.flush()
    o,e=p.communicate(timeout=30)
    return "".join(outl)+o, e
for gi,g in enumerate(games[:int(os.environ.get('NG','12'))]):
    sz=int(re.search(r'SZ\[(\d+)\]',g).group(1))
    mv=re.findall(r';([BW])\[([a-z])([a-z])\]C\[([^\]]*)\]',g)
    nop=sum(1 for m in mv if m[3]=='opening')
    n=nop+extra
    if n>=len(mv): continue
    moves=mv[:n]
    me= 1 if True else 2
    tomove = 'B' if n%2==0 else 'W'
    lines=[f"START {sz}",f"INFO timeout_turn {ms}","INFO timeout_match 100000000","INFO time_left 100000000","BOARD"]
    for c,x,y,_ in moves:
        own = 1 if c==tomove else 2
        lines.append(f"{ord(x)-97},{ord(y)-97},{own}")
    lines+=["DONE"]
    inp="\n".join(lines)+"\n"
    if which=='rapfi':
        txt=run(["/work/shared/sparring/pbrain-rapfi"],inp,os.environ)[0]
        ds=re.findall(r'[Dd]epth\s*(\d+)',txt)
        print(gi,n,'rapfi depth',ds[-1] if ds else None, txt.strip().splitlines()[-3:] )
    else:
        env=dict(os.environ,RUST_LOG='debug')
        txt=run([which],inp,env)[1]
        ds=re.findall(r'depth\D{0,3}(\d+)',txt)
        print(gi,n,'tengen depth',ds[-1] if ds else None, [l for l in txt.splitlines() if 'depth' in l][-1:] )
