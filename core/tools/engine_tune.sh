#!/bin/sh
# An evaluation tuning run, end to end, for chess or xiangqi:
# `sh core/tools/engine_tune.sh GAME target/release/qike [GAMES_PER_SEED] [DIR]`.
# 1. self-play at 3000 nodes a move from the match openings plus four random plies,
#    two seeds side by side, each writing its quiet positions (chess: `FEN;result`;
#    xiangqi: `FEN;result;score`, the score from a depth-6 search of the position);
# 2. the Texel fit (K first, then every weight), written as a weights file;
# 3. an SPRT of the fitted weights against the built-in ones at 3000 nodes a move,
#    which stops when it decides. Copy DIR/tuned.txt over
#    core/src/ai/GAME/weights.txt only if the last line says "H1 accepted".
# Everything runs at fixed nodes and `nice -n 19`, so a busy machine slows it down
# without changing what it measures.
GAME=$1; BIN=$2; GAMES=${3:-400}; DIR=${4:-tune-$1}
case "$GAME" in
    chess)
        GEN_EXTRA=""
        FIT_EXTRA="--epochs 400 --l2 1e-8"
        ;;
    xiangqi)
        GEN_EXTRA="--label-depth 6 --label-nodes 200000"
        FIT_EXTRA="--epochs 400 --l2 1e-8 --lambda 0.3"
        ;;
    *)
        echo "usage: engine_tune.sh chess|xiangqi QIKE [GAMES_PER_SEED] [DIR]" >&2
        exit 2
        ;;
esac
mkdir -p "$DIR"
for seed in 1 2; do
    # shellcheck disable=SC2086
    nice -n 19 "$BIN" tune "$GAME" gen --games "$GAMES" --seed "$seed" --nodes 3000 \
        --random-plies 4 $GEN_EXTRA --out "$DIR/positions$seed.txt" > "$DIR/gen$seed.log" &
done
wait
cat "$DIR"/gen*.log
# shellcheck disable=SC2086
nice -n 19 "$BIN" tune "$GAME" fit --data "$DIR/positions1.txt" --data "$DIR/positions2.txt" \
    $FIT_EXTRA --out "$DIR/tuned.txt"
nice -n 19 "$BIN" match --game "$GAME" "search:nodes=3000:weights=$DIR/tuned.txt" \
    search:nodes=3000 --random-plies 4 --sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 \
    --out "$DIR/sprt-games.txt" | tail -3
