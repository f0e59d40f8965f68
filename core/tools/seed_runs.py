#!/usr/bin/env python3
"""Finds text that repeats a source document word for word.

Usage: seed_runs.py SEEDS_DIR PATH... [--run N]

Every run of N characters (default 14, whitespace ignored) of any file under SEEDS_DIR is
indexed; each file under PATH (lesson TOML, Rust, Markdown) is scanned for the same runs.
Prints file, line and the repeated text for each hit and exits 1 when there is one.
Runs made only of ASCII letters, digits and punctuation (FEN strings, coordinates, move
lists) are ignored: they are facts of the board, not prose.
"""
import os
import sys


def squash(text):
    return "".join(ch for ch in text if not ch.isspace())


def is_prose(run):
    return any(ord(ch) > 127 for ch in run)


def files_under(path):
    if os.path.isfile(path):
        yield path
        return
    for root, _, names in os.walk(path):
        for name in sorted(names):
            if name.endswith((".toml", ".rs", ".md", ".txt", ".json")):
                yield os.path.join(root, name)


def main(argv):
    run = 14
    if "--run" in argv:
        i = argv.index("--run")
        run = int(argv[i + 1])
        del argv[i : i + 2]
    if len(argv) < 2:
        print(__doc__)
        return 2
    seeds, targets = argv[0], argv[1:]
    index = set()
    for path in files_under(seeds):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = squash(f.read())
        for i in range(len(text) - run + 1):
            piece = text[i : i + run]
            if is_prose(piece):
                index.add(piece)
    hits = 0
    for target in targets:
        for path in files_under(target):
            with open(path, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, 1):
                    text = squash(line)
                    for i in range(len(text) - run + 1):
                        piece = text[i : i + run]
                        if piece in index:
                            print(f"{path}:{number}: {piece}")
                            hits += 1
                            break
    print(f"{hits} line(s) repeat a {run}-character run of the sources")
    return 1 if hits else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
