#!/bin/sh
# The Go ladder: `sh core/tools/go_ladder.sh target/release/qike [GAMES] [SIZE]` (SIZE 9,
# 13 or 19; 9 when left out). Level 1 against the random mover, then each level against
# the one below, both on their own playouts with no time cap (`--fixed`: the app's pick
# path, so machine load cannot change a move), and level 10 on its own time cap against
# level 9. The level below plays over GTP; neither side resigns except level 9 in the
# last step.
set -eu
BIN=${1:?usage: go_ladder.sh QIKE_BINARY [GAMES] [SIZE]}
GAMES=${2:-100}
SIZE=${3:-9}
tally() { printf '%s: ' "$1"; tail -1 "$2"; }
out=$(mktemp -d)
nice -n 19 "$BIN" go-match random --level 1 --fixed --games "$GAMES" --size "$SIZE" \
  > "$out/1-random.txt"
tally "level 1 vs random ($SIZE×$SIZE)" "$out/1-random.txt"
for k in 2 3 4 5 6 7 8 9; do
  low=$((k - 1))
  nice -n 19 "$BIN" go-match "$BIN engine go --level $low --fixed --no-resign" \
    --level "$k" --fixed --games "$GAMES" --size "$SIZE" > "$out/$k-$low.txt"
  tally "level $k vs $low ($SIZE×$SIZE)" "$out/$k-$low.txt"
done
"$BIN" go-match "$BIN engine go --level 9 --fixed" --level 10 --games "$GAMES" --size "$SIZE" \
  > "$out/10-9.txt"
tally "level 10 vs 9 ($SIZE×$SIZE)" "$out/10-9.txt"
echo "games in $out"
