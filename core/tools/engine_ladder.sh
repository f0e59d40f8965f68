#!/bin/sh
# The level ladder (issue 6): each adjacent pair, the higher level as player 1, N games
# at their own settings. `sh core/tools/engine_ladder.sh target/release/qike [N]`.
# The last line of each `qike match` is the score, draw rate and Elo with its interval.
BIN=$1; N=${2:-100}
for high in 2 3 4 5 6 7 8 9 10; do
    low=$((high - 1))
    echo "level $high vs level $low: $(nice -n 19 "$BIN" match "level:$high" "level:$low" --games "$N" | tail -1)"
done
