import json,sys,re,subprocess,os
sys.argv=['x']
exec(open('regret.py').read().split("pos=[json.loads")[0])
def tq(sz,moves,nodes):
    tomove=len(moves)%2
    L=[f"START {sz}",f"INFO max_node {nodes}","INFO timeout_turn 0","INFO timeout_match 0","BOARD"]
    for i,m in enumerate(moves): L.append(f"{m[0]},{m[1]},{1 if i%2==tomove else 2}")
    L.append("DONE")
    p=subprocess.Popen(['/tmp/bins/new1'],stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=subprocess.PIPE,text=True,env=dict(os.environ,RUST_LOG='debug'))
    p.stdin.write("\n".join(L)+"\n"); p.stdin.flush()
    while True:
        l=p.stdout.readline()
        if not l or re.match(r'^\d+,\d+',l): break
    p.stdin.write("END\n"); p.stdin.flush()
    o,e=p.communicate()
    s=[l for l in e.splitlines() if 'search:' in l]
    return s[-1][23:] if s else e[-200:]
big=json.load(open('big.json'))
for r in big[:8]:
    mv=[tuple(m) for m in r['moves']]; sz=r['sz']
    ours=tuple(r['/tmp/bins/new1'][0]); best=tuple(r['best'])
    print(len(mv),'ours',ours,'rapfi',best)
    print('   tengen root:',tq(sz,mv,1000000))
    print('   tengen after ours (opp):',tq(sz,mv+[ours],1000000))
    print('   tengen after rapfi (opp):',tq(sz,mv+[best],1000000))
    print('   rapfi after rapfi (opp):',query(RAP,sz,mv+[best],500000))
