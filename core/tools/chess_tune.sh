#!/bin/sh
# The chess evaluation tuning run, end to end:
# `sh core/tools/chess_tune.sh target/release/qike [GAMES_PER_SEED] [DIR]`.
# 1. self-play at 3000 nodes a move from the book openings plus four random plies,
#    two seeds side by side, each writing its quiet positions (`FEN;result`);
# 2. the Texel fit (K first, then every weight), written as a weights file;
# 3. an SPRT of the fitted weights against the built-in ones at 3000 nodes a move,
#    which stops when it decides. Copy DIR/tuned.txt over
#    core/src/ai/chess/weights.txt only if the last line says "H1 accepted".
BIN=$1; GAMES=${2:-400}; DIR=${3:-tune-chess}
mkdir -p "$DIR"
for seed in 1 2; do
    "$BIN" tune chess gen --games "$GAMES" --seed "$seed" --nodes 3000 --random-plies 4 \
        --out "$DIR/positions$seed.txt" > "$DIR/gen$seed.log" &
done
wait
cat "$DIR"/gen*.log
"$BIN" tune chess fit --data "$DIR/positions1.txt" --data "$DIR/positions2.txt" \
    --epochs 400 --l2 1e-8 --out "$DIR/tuned.txt"
"$BIN" match --game chess "search:nodes=3000:weights=$DIR/tuned.txt" search:nodes=3000 \
    --random-plies 2 --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 --out "$DIR/sprt-games.txt" | tail -3
