# Run on 3b21e46 (play of 87f9f77) while nothing else ran; output in phase.txt.
# phase.py BIN: time shares of root threat searches vs main search at 500 ms/move on positions of s10's AIWine games
import re,subprocess,sys,os
sgf=open('/work/main/tournaments/results/2026-12-03-session10/timed-s10-a15.sgf').read().split('(;')[1:]
bin=sys.argv[1]
tot={'vcf':0,'vct':0,'pass':0,'check':0,'all':0}; nmoves=0
for g in sgf[:40:3]:
    mv=re.findall(r';([BW])\[([a-z])([a-z])\]',g)
    for n in range(8, len(mv)-2, 6):
        tomove='B' if n%2==0 else 'W'
        L=["START 15","INFO timeout_turn 500","INFO timeout_match 0","BOARD"]
        for c,x,y in mv[:n]: L.append(f"{ord(x)-97},{ord(y)-97},{1 if c==tomove else 2}")
        L.append("DONE")
        p=subprocess.Popen([bin],stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=subprocess.PIPE,text=True,env=dict(os.environ,RUST_LOG='debug'))
        p.stdin.write("\n".join(L)+"\n"); p.stdin.flush()
        while True:
            l=p.stdout.readline()
            if not l or re.match(r'^\d+,\d+',l): break
        p.stdin.write("END\n"); p.stdin.flush()
        o,e=p.communicate()
        def nodes(pat):
            m=re.search(pat+r".* in (\d+) nodes",e); return int(m.group(1)) if m else 0
        tot['vcf']+=nodes('root VCF:'); tot['vct']+=nodes('root VCT:'); tot['pass']+=nodes('root VCT pass check:')
        ms=re.findall(r'verify .* at (\d+) ms',e)
        m=re.findall(r"search: \S+ value -?\d+ depth \d+ seldepth \d+ nodes (\d+) in (\d+) ms",e)
        if m: tot['all']+=int(m[-1][0]); nmoves+=1
print(nmoves, tot)
