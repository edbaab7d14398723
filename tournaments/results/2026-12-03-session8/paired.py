import json,sys,math
res=[json.loads(l) for l in open(sys.argv[1])]
a,b=sys.argv[2],sys.argv[3]
d=[max(0,r[b][1])-max(0,r[a][1]) for r in res]
n=len(d); m=sum(d)/n; sd=math.sqrt(sum((x-m)**2 for x in d)/(n-1))
wa=sum(1 for r in res if r[a][1]>r[b][1]+50); wb=sum(1 for r in res if r[b][1]>r[a][1]+50)
print(f"{b} - {a}: mean regret diff {m:.1f} ± {1.96*sd/math.sqrt(n):.1f} (95%), n {n}; {a} worse by >50: {wa}, {b} worse by >50: {wb}")
