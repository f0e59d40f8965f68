#!/usr/bin/env python3
"""Generates finished GNU Go self-play games for the scoring comparison.

Usage: gen.py OUTDIR PREFIX SIZE COUNT [--capture-all-dead] [--level N] [--first-seed S]
Each game opens with a few seeded random moves (so games differ), then GNU Go plays
both sides (never resigning, positional superko as in the Chinese rules) until two passes. Writes OUTDIR/PREFIX-NN.sgf and appends
"PREFIX-NN.sgf <final_score>" to OUTDIR/expected.txt.
"""
import random
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))
from gtp_pipe import exchange  # noqa: E402

LETTERS = "ABCDEFGHJKLMNOPQRST"


def to_sgf(move, size):
    if move.upper() == "PASS":
        return ""
    x = LETTERS.index(move[0].upper())
    y = size - int(move[1:])
    return "abcdefghijklmnopqrs"[x] + "abcdefghijklmnopqrs"[y]


def main():
    out, prefix, size, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    cad = "--capture-all-dead" in sys.argv
    level = 1
    first = 1
    if "--level" in sys.argv:
        level = int(sys.argv[sys.argv.index("--level") + 1])
    if "--first-seed" in sys.argv:
        first = int(sys.argv[sys.argv.index("--first-seed") + 1])
    for n in range(first, first + count):
        args = ["/usr/games/gnugo", "--mode", "gtp", "--chinese-rules", "--komi", "7.5",
                "--never-resign", "--positional-superko", "--level", str(level), "--seed", str(n)]
        if cad:
            args.append("--capture-all-dead")
        p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

        def gtp(cmd):
            text = "\n".join(exchange(p, cmd))
            return text[2:] if text.startswith("= ") else text

        gtp(f"boardsize {size}")
        gtp("clear_board")
        rng = random.Random(n * 7919 + size)
        colours = ["black", "white"]
        moves = 0
        record = []
        for _ in range(4 if size == 9 else 8):
            while True:
                mv = LETTERS[rng.randrange(size)] + str(rng.randrange(size) + 1)
                r = gtp(f"play {colours[moves % 2]} {mv}")
                if not r.startswith("?"):
                    break
            record.append(mv)
            moves += 1
        passes = 0
        while passes < 2 and moves < size * size * 3:
            r = gtp(f"genmove {colours[moves % 2]}").strip().upper()
            moves += 1
            record.append(r)
            passes = passes + 1 if r == "PASS" else 0
        score = gtp("final_score").strip()
        name = f"{prefix}-{n:02d}.sgf"
        body = "".join(f";{'BW'[i % 2]}[{to_sgf(m, size)}]" for i, m in enumerate(record))
        sgf = (f"(;FF[4]GM[1]SZ[{size}]KM[7.5]RU[Chinese]RE[{score}]"
               f"C[GNU Go 3.8 self-play, level {level}, seed {n}"
               f"{', capture-all-dead' if cad else ''}]{body})")
        with open(f"{out}/{name}", "w") as f:
            f.write(sgf + "\n")
        with open(f"{out}/expected.txt", "a") as f:
            f.write(f"{name} {score}\n")
        gtp("quit")
        p.wait()
        print(name, score, moves, flush=True)


main()
