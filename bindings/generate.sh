#!/usr/bin/env bash
# Builds the bindings library and generates Kotlin, Swift and Python bindings from it
# in library mode: bindings/generate.sh [OUT_DIR]   (default: bindings/generated)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-bindings/generated}
cargo build --release -p qike-bindings --lib
target=${CARGO_TARGET_DIR:-target}
lib=$target/release/libqike.so
[ "$(uname)" = Darwin ] && lib=$target/release/libqike.dylib
cargo run --release -p qike-bindings --bin uniffi-bindgen -- generate --library "$lib" \
    --language kotlin --language swift --language python --out-dir "$out" --no-format
# The Python layer (repr, ==, hash, argument checks, the store's context manager).
cat bindings/python/pythonic.py >> "$out/qike.py"
cp "$lib" "$out/"
echo "bindings in $out"
