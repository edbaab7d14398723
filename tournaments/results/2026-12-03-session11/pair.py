import re,sys,math
def scores(path,name):
    s={}
    for l in open(path):
        m=re.match(r'Game (\d+)/\d+: (\S+) \(black\) vs (\S+) \(white\): (\S+)',l)
        if not m: continue
        g,b,w,r=int(m[1]),m[2],m[3],m[4]
        pts={'1-0':(1,0),'0-1':(0,1),'1/2-1/2':(.5,.5),'1/2':(.5,.5)}[r]
        s[g]=pts[0] if b==name else pts[1]
    return s
a=scores(sys.argv[1],sys.argv[2]); b=scores(sys.argv[3],sys.argv[4])
common=sorted(set(a)&set(b))
d=[b[g]-a[g] for g in common]
n=len(d); m=sum(d)/n; sd=math.sqrt(sum((x-m)**2 for x in d)/(n-1))
print(f"{n} games: {sys.argv[2]} {sum(a[g] for g in common)} , {sys.argv[4]} {sum(b[g] for g in common)}; diff {sum(d)} points, per game {m:+.3f} ± {1.96*sd/math.sqrt(n):.3f}; games differing {sum(1 for x in d if x)}")
