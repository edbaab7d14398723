# Pooled paired comparison of two builds over several runs of the same opening file:
# python3 pool.py "A_FILE:A_NAME,A_FILE2:A_NAME" "B_FILE:B_NAME,..."
# Each game index (opening and colours) gets the mean score of A's runs and of B's runs;
# prints the mean of B - A per index with a 95% interval (normal approximation).
import math
import os,sys
sys.path.insert(0,os.path.join(os.path.dirname(os.path.abspath(__file__)),'..'))
from matchtools import scores
def runs(arg):
    return [scores(*x.rsplit(':',1)) for x in arg.split(',')]
A,B=runs(sys.argv[1]),runs(sys.argv[2])
idx=sorted(set.intersection(*[set(r) for r in A+B]))
mean=lambda rs,g: sum(r[g] for r in rs)/len(rs)
d=[mean(B,g)-mean(A,g) for g in idx]
n=len(d); m=sum(d)/n; sd=math.sqrt(sum((x-m)**2 for x in d)/(n-1))
ta=sum(sum(r[g] for g in idx) for r in A); tb=sum(sum(r[g] for g in idx) for r in B)
print(f"{n} openings x colours; A: {ta} of {n*len(A)} ({100*ta/(n*len(A)):.1f}%), B: {tb} of {n*len(B)} ({100*tb/(n*len(B)):.1f}%); B - A per game {m:+.3f} ± {1.96*sd/math.sqrt(n):.3f}")
