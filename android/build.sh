#!/usr/bin/env bash
# Builds the Android app: the native library with cargo-ndk, the Kotlin bindings with
# uniffi-bindgen (library mode), then the APK with the Gradle wrapper. NOT run in CI.
#
# Needs: Android SDK (platform 35, build-tools 35), NDK r27c (27.2.12479018) with
# ANDROID_NDK_HOME set, JDK 17, and
#   rustup target add aarch64-linux-android x86_64-linux-android
#   cargo install cargo-ndk --version ^3
# The first run needs a `gradle` on PATH (any recent one) to write the wrapper scripts
# for the version pinned in android/gradle/wrapper/gradle-wrapper.properties.
set -euo pipefail
cd "$(dirname "$0")/.."
profile=${PROFILE:-release}
# The ABIs here and abiFilters in app/build.gradle.kts name the same two.
cargo ndk -t arm64-v8a -t x86_64 -o android/app/src/main/jniLibs \
    build --profile "$profile" -p qike-app --lib
# Bindings come from a host build of the same crates (same metadata in every target).
cargo build --profile "$profile" -p qike-bindings --lib
dir=$([ "$profile" = dev ] && echo debug || echo "$profile")
lib=${CARGO_TARGET_DIR:-target}/$dir/libqike.so
[ "$(uname)" = Darwin ] && lib=${CARGO_TARGET_DIR:-target}/$dir/libqike.dylib
cargo run -p qike-bindings --bin uniffi-bindgen -- generate \
    --library "$lib" --language kotlin --config android/uniffi-android.toml \
    --out-dir android/app/build/generated/uniffi --no-format
cd android
if [ ! -x gradlew ]; then
    version=$(sed -n 's/^distributionUrl=.*gradle-\(.*\)-bin\.zip$/\1/p' gradle/wrapper/gradle-wrapper.properties)
    gradle wrapper --gradle-version "$version" --distribution-type bin
fi
./gradlew assembleDebug
echo "APK: android/app/build/outputs/apk/debug/app-debug.apk"
