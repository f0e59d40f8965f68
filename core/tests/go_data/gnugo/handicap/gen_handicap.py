import subprocess, sys
# Usage: gen_handicap.py SIZE STONES > game.sgf  (GNU Go self-play, Chinese rules,
# komi 0, fixed handicap, capture-all-dead; RE holds GNU Go's final_score)
size, h = int(sys.argv[1]), int(sys.argv[2])
p = subprocess.Popen(["/usr/games/gnugo","--mode","gtp","--chinese-rules","--komi","0","--never-resign","--capture-all-dead","--level","1"],stdin=subprocess.PIPE,stdout=subprocess.PIPE,text=True)
def gtp(c):
    p.stdin.write(c+"\n"); p.stdin.flush(); out=[]
    while True:
        l=p.stdout.readline()
        if l=="" or (l=="\n" and out): break
        if l!="\n": out.append(l.strip())
    t=" ".join(out); return t[2:] if t.startswith("= ") else t
gtp(f"boardsize {size}"); gtp("clear_board")
stones = gtp(f"fixed_handicap {h}").split()
L="ABCDEFGHJKLMNOPQRST"
def sgfp(m): return "abcdefghijklmnopqrs"[L.index(m[0])]+"abcdefghijklmnopqrs"[size-int(m[1:])]
rec=[]; passes=0; col=["white","black"]; i=0
while passes<2:
    r=gtp(f"genmove {col[i%2]}").upper(); rec.append(r); i+=1
    passes = passes+1 if r=="PASS" else 0
score=gtp("final_score")
body="".join(f";{'WB'[k%2]}[{'' if m=='PASS' else sgfp(m)}]" for k,m in enumerate(rec))
print(f"(;FF[4]GM[1]SZ[{size}]KM[0]HA[{h}]RE[{score}]AB"+"".join(f"[{sgfp(s)}]" for s in stones)+f"PL[W]{body})")
