#!/usr/bin/env bash
# Builds the iOS app's native part: the qike-app staticlib (Bevy + the uniffi API) for
# device and simulator, an XCFramework of them, and the Swift bindings. NOT run in CI.
#
# Needs macOS with Xcode 16+, XcodeGen, and
#   rustup target add aarch64-apple-ios aarch64-apple-ios-sim
set -euo pipefail
cd "$(dirname "$0")/.."
out=ios/generated
rm -rf "$out" && mkdir -p "$out/headers"
for target in aarch64-apple-ios aarch64-apple-ios-sim; do
    cargo build --release -p qike-app --lib --target "$target"
done
cargo build --release -p qike-bindings --lib
cargo run -p qike-bindings --bin uniffi-bindgen -- generate \
    --library ${CARGO_TARGET_DIR:-target}/release/libqike.dylib --language swift --out-dir "$out" --no-format
cp "$out/QikeCoreFFI.h" "$out/headers/"
cp "$out/QikeCoreFFI.modulemap" "$out/headers/module.modulemap"
cp "$out/QikeCoreFFI.h" ios/Qike/
xcodebuild -create-xcframework \
    -library ${CARGO_TARGET_DIR:-target}/aarch64-apple-ios/release/libqike_app.a -headers "$out/headers" \
    -library ${CARGO_TARGET_DIR:-target}/aarch64-apple-ios-sim/release/libqike_app.a -headers "$out/headers" \
    -output "$out/QikeApp.xcframework"
(cd ios && xcodegen generate)
echo "Open ios/Qike.xcodeproj and run the Qike scheme."
