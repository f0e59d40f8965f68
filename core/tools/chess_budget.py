#!/usr/bin/env python3
"""Chess phone budget: `python3 core/tools/chess_budget.py target/release/qike`.

For each level, one `qike engine chess` process pinned to one core (taskset -c 0)
under /usr/bin/time -v answers `go` (level 10: `go movetime 500`) from every opening of
the match suite played on by four seeded random moves (the book's main lines, six
plies each, then moves no book knows, so every level must search; as
`qike match --game chess --random-plies 4` writes them); prints the slowest answer (wall clock, `go` -> `bestmove`) and the
peak RSS."""
import os, re, subprocess, sys, tempfile, time
BIN = sys.argv[1]  # a release `qike` binary
with tempfile.TemporaryDirectory() as d:
    games = os.path.join(d, 'games.txt')
    # Two random movers with a ply cap of 0 play no move beyond the opening line.
    subprocess.run([BIN, 'match', '--game', 'chess', 'random', 'random', '--games', '200',
                    '--max-plies', '0', '--random-plies', '4', '--out', games], check=True, stdout=subprocess.DEVNULL)
    openings = []
    for line in open(games):
        moves = line.split(' moves ', 1)[1].strip()
        if moves not in openings:
            openings.append(moves)
for level in range(1, 11):
    p = subprocess.Popen(['taskset', '-c', '0', '/usr/bin/time', '-v', BIN, 'engine', 'chess'],
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
    send('uci'); until('uciok'); send(f'setoption name Level value {level}')
    send('setoption name OwnBook value false'); send('isready'); until('readyok')
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
