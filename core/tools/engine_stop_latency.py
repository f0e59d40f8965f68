#!/usr/bin/env python3
"""Stop latency: `python3 core/tools/engine_stop_latency.py target/release/qike`.

 `go infinite`, wait a random 50-300 ms, send `stop`, time until `bestmove`."""
import random, subprocess, sys, time
p = subprocess.Popen([sys.argv[1], 'engine', 'xiangqi'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): p.stdin.write(s + '\n'); p.stdin.flush()
def until(prefix):
    while True:
        l = p.stdout.readline()
        if l.startswith(prefix): return l
send('ucci'); until('ucciok')
random.seed(1); lat = []
for i in range(30):
    send('position startpos moves h2e2 h9g7' if i % 2 else 'position startpos')
    send('go infinite'); time.sleep(random.uniform(0.05, 0.3))
    t = time.monotonic(); send('stop'); until('bestmove'); lat.append((time.monotonic() - t) * 1000)
send('quit')
lat.sort()
print(f'stop latency over {len(lat)} stops: median {lat[len(lat)//2]:.2f} ms, max {lat[-1]:.2f} ms')
