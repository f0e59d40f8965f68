#!/bin/sh
# The level ladder: each adjacent pair, the higher level as player 1, N games
# at their own settings, C games at once (one per free core; no engine ponders).
# `sh core/tools/engine_ladder.sh target/release/qike [N] [C] [FIRST_HIGH]`.
# Gomoku has its own: core/tools/gomoku_ladder.sh (both rules, level 1 against the bots).
# The last line of each `qike match` is the score, draw rate and Elo with its interval.
BIN=$1; N=${2:-100}; C=${3:-1}; FROM=${4:-2}
for high in 2 3 4 5 6 7 8 9 10; do
    [ "$high" -lt "$FROM" ] && continue
    low=$((high - 1))
    echo "level $high vs level $low: $("$BIN" match "level:$high" "level:$low" --games "$N" --concurrency "$C" | tail -1)"
done
