#!/bin/sh
# The level ladder: each adjacent pair, the higher level as player 1, N games
# at their own settings, C games at once (one per free core; no engine ponders).
# `sh core/tools/engine_ladder.sh target/release/qike [N] [C] [FIRST_HIGH]`.
# With FIRST_HIGH 1 the ladder starts with level 1 against the greedy bot and the
# random mover. Levels 1–9 search without their time caps (`level:N:fixed`): their
# depth and node caps stop a search long before those caps on an idle core, and
# dropping them keeps a loaded machine from changing a move. Level 10 has no node
# cap and thinks for its half second, so its line depends on the machine's load.
# `GAME=chess sh core/tools/engine_ladder.sh …` runs the chess ladder (its matches play
# one game at a time, so C is ignored there).
# Gomoku has its own: core/tools/gomoku_ladder.sh (both rules, level 1 against the bots).
# The last line of each `qike match` is the score, draw rate and Elo with its interval.
BIN=$1; N=${2:-100}; C=${3:-1}; FROM=${4:-2}
match() {
    if [ "${GAME:-xiangqi}" = chess ]; then
        "$BIN" match --game chess "$1" "$2" --games "$N" | tail -1
    else
        "$BIN" match "$1" "$2" --games "$N" --concurrency "$C" | tail -1
    fi
}
player() { if [ "$1" -lt 10 ]; then echo "level:$1:fixed"; else echo "level:$1"; fi; }
if [ "$FROM" -le 1 ]; then
    for bot in greedy random; do
        echo "level 1 vs $bot: $(match "$(player 1)" "$bot")"
    done
fi
for high in 2 3 4 5 6 7 8 9 10; do
    [ "$high" -lt "$FROM" ] && continue
    low=$((high - 1))
    echo "level $high vs level $low: $(match "$(player "$high")" "$(player "$low")")"
done
