#!/usr/bin/env python3
"""Phone budget of the xiangqi and chess engines:
`python3 core/tools/engine_budget.py target/release/qike [xiangqi|chess]`.

For each level, one `qike engine <game>` process pinned to one core (taskset -c 0)
under /usr/bin/time -v answers `go` (level 10: `go movetime 500`) from every opening of
the game's suite; prints the slowest answer (wall clock, `go` -> `bestmove`) and the
peak RSS. Xiangqi uses the 50 balanced openings of its engine; chess the book's main
lines played on by four seeded random moves (100 positions no book knows, so every
level must search), as `qike match --game chess --random-plies 4` writes them."""
import os, pathlib, re, subprocess, sys, tempfile, time

BIN = sys.argv[1]  # a release `qike` binary
GAME = sys.argv[2] if len(sys.argv) > 2 else 'xiangqi'


def xiangqi_openings():
    path = pathlib.Path(__file__).resolve().parent.parent / 'src/ai/xiangqi/openings.txt'
    lines = (line.split('#')[0].strip() for line in open(path))
    return [line for line in lines if line]


def chess_openings():
    openings = []
    with tempfile.TemporaryDirectory() as d:
        games = os.path.join(d, 'games.txt')
        # Two random movers with a ply cap of 0 play no move beyond the opening line.
        subprocess.run([BIN, 'match', '--game', 'chess', 'random', 'random', '--games', '200',
                        '--max-plies', '0', '--random-plies', '4', '--out', games],
                       check=True, stdout=subprocess.DEVNULL)
        for line in open(games):
            moves = line.split(' moves ', 1)[1].strip()
            if moves not in openings:
                openings.append(moves)
    return openings


# Per game: the openings, and the handshake that sets a level (the chess book is off so
# that the measured answers are searches).
GAMES = {
    'xiangqi': (xiangqi_openings, 'ucci', 'ucciok', lambda n: [f'setoption level {n}']),
    'chess': (chess_openings, 'uci', 'uciok',
              lambda n: [f'setoption name Level value {n}', 'setoption name OwnBook value false']),
}
if GAME not in GAMES:
    raise SystemExit(f'unknown game {GAME!r}: xiangqi or chess')
load, hello, ready, level_options = GAMES[GAME]
openings = load()

for level in range(1, 11):
    p = subprocess.Popen(['taskset', '-c', '0', '/usr/bin/time', '-v', BIN, 'engine', GAME],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, bufsize=1)

    def send(s):
        p.stdin.write(s + '\n'); p.stdin.flush()

    def until(prefix):
        while True:
            l = p.stdout.readline()
            if not l:
                raise SystemExit('engine closed')
            if l.startswith(prefix):
                return l

    send(hello); until(ready)
    for option in level_options(level):
        send(option)
    send('isready'); until('readyok')
    worst, total = 0.0, 0.0
    for o in openings:
        send(f'position startpos moves {o}')
        t = time.monotonic()
        send('go movetime 500' if level == 10 else 'go')
        until('bestmove')
        dt = time.monotonic() - t
        worst = max(worst, dt); total += dt
    send('quit')
    _, err = p.communicate()
    rss = re.search(r'Maximum resident set size \(kbytes\): (\d+)', err)
    print(f'level {level:2}: {len(openings)} positions, slowest {worst*1000:.0f} ms, '
          f'mean {total/len(openings)*1000:.0f} ms, peak RSS {int(rss.group(1))/1024:.1f} MB'
          if rss else err[-300:], flush=True)
