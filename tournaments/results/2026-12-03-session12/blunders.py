# The positions where Tengen's move turned a position that Rapfi did not judge lost
# (eval above -400) into a forced mate against it, from oracle.py's output.
# Run from the repository root:
#   python3 .../blunders.py OUT SGF1 ORACLE1 [SGF2 ORACLE2 ...]
# Writes lines "SGF GAME MOVE EVAL_BEFORE MATE_AFTER" (MOVE: the move number of our move).
import sys
out = open(sys.argv[1], 'w')
args = sys.argv[2:]
for sgf, oracle in zip(args[0::2], args[1::2]):
    for l in open(oracle):
        w = l.split(); gn = w[1]
        items = [x.split(':') for x in w[3:]]
        for i, (k, e) in enumerate(items):
            if e.startswith('-M'):
                if i > 0 and not items[i-1][1].startswith(('-M', '+M')) and int(items[i-1][1]) > -400:
                    out.write(f"{sgf} {gn} {items[i-1][0]} {items[i-1][1]} {e}\n")
                break
