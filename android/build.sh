#!/usr/bin/env bash
# Builds the Android app: the native library with cargo-ndk, the Kotlin bindings with
# uniffi-bindgen (library mode), then the APK with Gradle. NOT run in CI.
#
# Needs: Android SDK (platform 35, build-tools 35), NDK r27c (27.2.12479018) with
# ANDROID_NDK_HOME set, JDK 17, Gradle 8.9+ (or a wrapper: `gradle wrapper`),
#   rustup target add aarch64-linux-android x86_64-linux-android
#   cargo install cargo-ndk --version ^3
set -euo pipefail
cd "$(dirname "$0")/.."
profile=${PROFILE:-release}
cargo ndk -t arm64-v8a -t x86_64 -o android/app/src/main/jniLibs \
    build --profile "$profile" -p qike-app --lib
# Bindings come from a host build of the same crates (same metadata in every target).
cargo build --profile "$profile" -p qike-bindings --lib
dir=$([ "$profile" = dev ] && echo debug || echo "$profile")
cargo run -p qike-bindings --bin uniffi-bindgen -- generate \
    --library "${CARGO_TARGET_DIR:-target}/$dir/libqike.so" --language kotlin \
    --out-dir android/app/build/generated/uniffi --no-format
cd android && gradle assembleDebug
echo "APK: android/app/build/outputs/apk/debug/app-debug.apk"
