import math
import os,sys
sys.path.insert(0,os.path.join(os.path.dirname(os.path.abspath(__file__)),'..'))
from matchtools import scores
a=scores(sys.argv[1],sys.argv[2]); b=scores(sys.argv[3],sys.argv[4])
common=sorted(set(a)&set(b))
d=[b[g]-a[g] for g in common]
n=len(d); m=sum(d)/n; sd=math.sqrt(sum((x-m)**2 for x in d)/(n-1))
print(f"{n} games: {sys.argv[2]} {sum(a[g] for g in common)} , {sys.argv[4]} {sum(b[g] for g in common)}; diff {sum(d)} points, per game {m:+.3f} ± {1.96*sd/math.sqrt(n):.3f}; games differing {sum(1 for x in d if x)}")
