#!/usr/bin/env python3
"""Gomoku mobile budget: `python3 core/tools/gomoku_budget.py target/release/qike [games]`.

For each level, one `qike gomoku-match level:N level:N --timed` process pinned to one
core (taskset -c 0) under /usr/bin/time -v plays renju games with the levels' time caps
(the app's path, `ai::play_level` without fixed limits); prints the slowest move and
the peak RSS of the process (it holds both players' engines)."""
import re, subprocess, sys
BIN = sys.argv[1]
GAMES = sys.argv[2] if len(sys.argv) > 2 else '2'
for level in range(1, 11):
    p = subprocess.run(['taskset', '-c', '0', '/usr/bin/time', '-v', BIN, 'gomoku-match',
                        f'level:{level}', f'level:{level}', '--games', GAMES, '--rule', 'renju',
                        '--timed', '--seed', str(level)], capture_output=True, text=True)
    slow = re.search(r'slowest move: (\d+) ms', p.stdout)
    rss = re.search(r'Maximum resident set size \(kbytes\): (\d+)', p.stderr)
    if not slow or not rss:
        print(f'level {level:2}: failed: {p.stderr[-300:]}')
        continue
    print(f'level {level:2}: {GAMES} games, slowest move {slow.group(1)} ms, '
          f'peak RSS {int(rss.group(1)) / 1024:.1f} MB', flush=True)
