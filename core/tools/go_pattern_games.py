#!/usr/bin/env python3
"""Plays GNU Go against itself and writes the games, one per line, for the pattern
learner (`qike go-learn-patterns`).

Each game starts from a few random stones in the middle of the board, so that the
games differ, and then GNU Go plays both sides until two passes or the move limit.
A line is the board size and the moves in GTP notation, black first:

    13 D4 K10 C3 ...

Usage: go_pattern_games.py GAMES SIZE LEVEL SEED > games.txt
"""

import random
import subprocess
import sys

from gtp_pipe import exchange

COLUMNS = "ABCDEFGHJKLMNOPQRST"


def main():
    games, size, level, seed = (int(a) for a in sys.argv[1:5])
    rng = random.Random(seed)
    gnugo = subprocess.Popen(
        ["/usr/games/gnugo", "--mode", "gtp", "--level", str(level), "--chinese-rules",
         "--seed", str(seed)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(command):
        try:
            lines = exchange(gnugo, command)
        except EOFError:
            raise SystemExit("gnugo closed its output")
        answer = " ".join(line.strip() for line in lines)
        if not answer.startswith("="):
            raise SystemExit(f"gnugo: {command}: {answer}")
        return answer[1:].strip()

    ask(f"boardsize {size}")
    for _ in range(games):
        ask("clear_board")
        moves = []
        colour = "B"
        taken = set()
        for _ in range(rng.randint(2, 4)):
            while True:
                f, r = rng.randint(2, size - 3), rng.randint(2, size - 3)
                if (f, r) not in taken:
                    break
            taken.add((f, r))
            move = f"{COLUMNS[f]}{r + 1}"
            ask(f"play {colour} {move}")
            moves.append(move)
            colour = "W" if colour == "B" else "B"
        passes = 0
        while passes < 2 and len(moves) < 3 * size * size:
            move = ask(f"genmove {colour}").upper()
            if move == "RESIGN":
                break
            if move == "PASS":
                passes += 1
            else:
                passes = 0
            moves.append(move)
            colour = "W" if colour == "B" else "B"
        print(size, " ".join(moves), flush=True)


if __name__ == "__main__":
    main()
