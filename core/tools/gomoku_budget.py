#!/usr/bin/env python3
"""Gomoku mobile budget: `python3 core/tools/gomoku_budget.py target/release/qike [games] [rules]`.

For each level and rule (default: renju and freestyle), one
`qike gomoku-match level:N level:N --timed` process pinned to one core (taskset -c 0)
under /usr/bin/time -v plays games with the levels' time caps (the app's path,
`ai::play_level` without fixed limits); prints the slowest and mean move and the peak
RSS of the process (it holds both players' engines). A second run per level without
`--timed` (node caps only, as the ladder measures) gives the slowest move when the
time cap never cuts the search short."""
import re, subprocess, sys
BIN = sys.argv[1]
GAMES = sys.argv[2] if len(sys.argv) > 2 else '2'
RULES = sys.argv[3].split(',') if len(sys.argv) > 3 else ['renju', 'freestyle']


def run(level, rule, timed):
    cmd = ['taskset', '-c', '0', '/usr/bin/time', '-v', BIN, 'gomoku-match',
           f'level:{level}', f'level:{level}', '--games', GAMES, '--rule', rule,
           '--seed', str(level)] + (['--timed'] if timed else [])
    p = subprocess.run(cmd, capture_output=True, text=True)
    times = re.search(r'time per move: .*?mean (\d+) ms, slowest (\d+) ms.*?'
                      r'mean (\d+) ms, slowest (\d+) ms', p.stdout)
    rss = re.search(r'Maximum resident set size \(kbytes\): (\d+)', p.stderr)
    if not times or not rss:
        return None, p.stderr[-300:]
    mean = max(int(times.group(1)), int(times.group(3)))
    slow = max(int(times.group(2)), int(times.group(4)))
    return (mean, slow, int(rss.group(1)) / 1024), None


for rule in RULES:
    for level in range(1, 11):
        timed, err = run(level, rule, True)
        fixed, err2 = run(level, rule, False)
        if timed is None or fixed is None:
            print(f'{rule} level {level:2}: failed: {err or err2}')
            continue
        print(f'{rule} level {level:2}: {GAMES} games; with time cap: slowest move {timed[1]} ms, '
              f'mean {timed[0]} ms, peak RSS {timed[2]:.1f} MB; node cap only: slowest '
              f'{fixed[1]} ms, mean {fixed[0]} ms, peak RSS {fixed[2]:.1f} MB', flush=True)
