#!/usr/bin/env bash
# Builds the iOS app's native part: the qike-app staticlib (Bevy + the uniffi API) for
# devices and both simulators, an XCFramework of them, and the Swift bindings. NOT run
# in CI.
#
# Needs macOS with Xcode 16+, XcodeGen, and
#   rustup target add aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir=${CARGO_TARGET_DIR:-target}
out=ios/generated
# The XCFramework's slices: one library for devices, and one for the simulator that
# holds both simulator architectures (Apple silicon and Intel Macs), joined by lipo,
# because an XCFramework takes one library per platform.
device=aarch64-apple-ios
simulators=(aarch64-apple-ios-sim x86_64-apple-ios)
rm -rf "$out" && mkdir -p "$out/headers" "$out/simulator"
for target in "$device" "${simulators[@]}"; do
    cargo build --release -p qike-app --lib --target "$target"
done
sim_libs=()
for target in "${simulators[@]}"; do
    sim_libs+=("$target_dir/$target/release/libqike_app.a")
done
lipo -create "${sim_libs[@]}" -output "$out/simulator/libqike_app.a"
# The Swift bindings and their C header, from a host build of the same crates. Swift
# reaches the header one way only: as the QikeCoreFFI module, through the module map
# in the XCFramework's headers.
cargo build --release -p qike-bindings --lib
cargo run -p qike-bindings --bin uniffi-bindgen -- generate \
    --library "$target_dir/release/libqike.dylib" --language swift --out-dir "$out" --no-format
cp "$out/QikeCoreFFI.h" "$out/headers/"
cp "$out/QikeCoreFFI.modulemap" "$out/headers/module.modulemap"
xcodebuild -create-xcframework \
    -library "$target_dir/$device/release/libqike_app.a" -headers "$out/headers" \
    -library "$out/simulator/libqike_app.a" -headers "$out/headers" \
    -output "$out/QikeApp.xcframework"
(cd ios && xcodegen generate)
echo "Open ios/Qike.xcodeproj and run the Qike scheme."
