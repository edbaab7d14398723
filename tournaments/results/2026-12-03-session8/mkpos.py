# mkpos.py OUT SGF... : positions with our engine (not aiwine/rapfi) to move, first K own moves after the opening
import re,sys,json,random
K=int(sys.argv[2]); out=open(sys.argv[1],'w'); n=0
for f in sys.argv[3:]:
    for g in open(f).read().split('(;')[1:]:
        sz=int(re.search(r'SZ\[(\d+)\]',g).group(1))
        pb=re.search(r'PB\[([^\]]*)\]',g).group(1)
        mv=re.findall(r';([BW])\[([a-z])([a-z])\]C\[([^\]]*)\]',g)
        me='B' if pb not in ('aiwine','rapfi','pela') else 'W'
        cnt=0
        for i,(c,x,y,cm) in enumerate(mv):
            if cm=='opening' or c!=me: continue
            if cnt>=K: break
            cnt+=1
            out.write(json.dumps({'sz':sz,'moves':[(ord(a)-97,ord(b)-97) for _,a,b,_ in mv[:i]]})+"\n"); n+=1
print(n)
