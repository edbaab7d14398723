import re,sys,collections
# per opening line and colour: results of NAME across txt files
tab=collections.defaultdict(list)
for f in sys.argv[1:]:
    for l in open(f):
        m=re.match(r'Game \d+/\d+: (\S+) \(black\) vs (\S+) \(white\): (\S+) .*opening line (\d+)',l)
        if not m: continue
        b,w,res,op=m.groups()
        me = 'B' if b!='aiwine' else 'W'
        r = {'1-0':'B','0-1':'W'}.get(res,'D')
        tab[(int(op),me)].append('w' if r==me else ('d' if r=='D' else 'l'))
tot=collections.Counter()
for k in sorted(tab):
    s="".join(tab[k]); tot[s.count('w')==len(s)]+=1
    print(k, s)
