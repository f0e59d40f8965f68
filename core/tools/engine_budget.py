#!/usr/bin/env python3
"""Mobile budget: `python3 core/tools/engine_budget.py target/release/qike`.

For each level, one `qike engine xiangqi` process pinned to one core
(taskset -c 0) under /usr/bin/time -v answers `go` from every opening of the suite;
prints the slowest answer (wall clock, send `go` -> `bestmove`) and the peak RSS."""
import pathlib, re, subprocess, sys, time
BIN = sys.argv[1]  # a release `qike` binary
openings = []
for line in open(pathlib.Path(__file__).resolve().parent.parent / 'src/ai/openings.txt'):
    line = line.split('#')[0].strip()
    if line:
        openings.append(line)
for level in range(1, 11):
    p = subprocess.Popen(['taskset', '-c', '0', '/usr/bin/time', '-v', BIN, 'engine', 'xiangqi'],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
    def send(s):
        p.stdin.write(s + '\n'); p.stdin.flush()
    def until(prefix):
        while True:
            l = p.stdout.readline()
            if not l:
                raise SystemExit('engine closed')
            if l.startswith(prefix):
                return l
    send('ucci'); until('ucciok'); send(f'setoption level {level}'); send('isready'); until('readyok')
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
    print(f'level {level:2}: {len(openings)} positions, slowest {worst*1000:.0f} ms, mean {total/len(openings)*1000:.0f} ms, peak RSS {int(rss.group(1))/1024:.1f} MB' if rss else err[-300:], flush=True)
