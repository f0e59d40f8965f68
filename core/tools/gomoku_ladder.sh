#!/bin/sh
# The gomoku level ladder, both rules: each adjacent pair (the higher level first) and
# level 1 against the five/four bot and a random mover, N games each, at the levels'
# own node caps and no time cap (`qike gomoku-match` without --nodes or --timed), so a
# busy machine slows it down without changing a single game. Every match runs under
# `nice -n 19`, J at once.
# `sh core/tools/gomoku_ladder.sh target/release/qike [N] [J] [SEED] [RULES]`
# The last line of each match is the first player's score and the Elo over game pairs.
BIN=$1; N=${2:-100}; J=${3:-2}; SEED=${4:-3}; RULES=${5:-"renju freestyle"}
OUT=$(mktemp -d)
run() {
    # run RULE A B SEED: one match, its last line kept under a sortable name.
    nice -n 19 "$BIN" gomoku-match "$2" "$3" --games "$N" --rule "$1" --seed "$4" \
        | tail -1 > "$OUT/$1-$2-$3"
}
for rule in $RULES; do
    jobs=""
    for high in 2 3 4 5 6 7 8 9 10; do
        run "$rule" "level:$high" "level:$((high - 1))" "$SEED" &
        jobs="$jobs $!"
        # At most J matches at once.
        while [ "$(jobs -p | wc -l)" -ge "$J" ]; do sleep 1; done
    done
    for bot in greedy random; do
        run "$rule" level:1 "$bot" 11 &
        while [ "$(jobs -p | wc -l)" -ge "$J" ]; do sleep 1; done
    done
    wait
    for f in "$OUT/$rule"-*; do echo "$rule: $(cat "$f")"; done
done
rm -r "$OUT"
