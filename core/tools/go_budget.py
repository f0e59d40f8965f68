#!/usr/bin/env python3
"""Phone budget of the Go engine: `python3 core/tools/go_budget.py target/release/qike`.

For each level and each of 9×9 and 19×19, one `qike engine go --level N` process pinned
to one core (taskset -c 0) under /usr/bin/time -v plays both sides of a game by
`genmove` for MOVES moves (the app's pick path with the level's own playouts and time
cap, and its tree kept from move to move); prints the slowest answer (wall clock, from
`genmove` to its answer) and the peak RSS. `CPUS=0,1` runs the engine on two cores
instead, where level 10 searches on two threads."""
import os, re, subprocess, sys, time

from gtp_pipe import exchange

BIN = sys.argv[1]  # a release `qike` binary
MOVES = int(sys.argv[2]) if len(sys.argv) > 2 else 40
CPUS = os.environ.get('CPUS', '0')


def measure(level, size):
    cmd = ['taskset', '-c', CPUS, '/usr/bin/time', '-v', BIN, 'engine', 'go', '--level',
           str(level), '--seed', str(level)]
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)

    def send(command):
        try:
            return '\n'.join(line.rstrip() for line in exchange(p, command))
        except EOFError:
            raise RuntimeError(f'engine closed its output after {command}')

    send(f'boardsize {size}')
    send('clear_board')
    send('komi 7.5')
    slowest = 0.0
    for i in range(MOVES):
        colour = 'b' if i % 2 == 0 else 'w'
        start = time.monotonic()
        answer = send(f'genmove {colour}')
        slowest = max(slowest, time.monotonic() - start)
        if not answer.startswith('='):
            break
    send('quit')
    _, err = p.communicate()
    rss = int(re.search(r'Maximum resident set size \(kbytes\): (\d+)', err).group(1))
    return slowest, rss / 1024


def main():
    print('size level slowest_ms peak_rss_mb')
    for size in (9, 19):
        for level in range(1, 11):
            slowest, rss = measure(level, size)
            print(f'{size} {level} {slowest * 1000:.0f} {rss:.1f}', flush=True)


if __name__ == '__main__':
    main()
