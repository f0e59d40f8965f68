//! The phone shells (`android/`, `ios/`) checked as far as a Linux machine without the
//! NDK or Xcode can check them: the names that tie the Gradle and Xcode projects to the
//! Rust library, the settings that keep the Android activity alive, the Kotlin bindings
//! as the Android build generates them, the frameworks the iOS target links, the
//! XCFramework's slices, and the wgpu backends that `cargo tree` resolves for each phone.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use camino::Utf8PathBuf;
use qike_tests::{bindings_cdylib, scratch_dir, workspace_root};
use uniffi_bindgen::bindings::{GenerateOptions, TargetLanguage, generate};

fn read(path: &str) -> String {
    let full = workspace_root().join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("reading {}: {e}", full.display()))
}

/// The text between the first `open` in `text` and the next `close` after it.
fn between<'a>(text: &'a str, open: &str, close: &str) -> Option<&'a str> {
    let start = text.find(open)? + open.len();
    let len = text[start..].find(close)?;
    Some(&text[start..start + len])
}

/// Every quoted string in `text` that follows `key` on its line, e.g. the values of
/// `key("value")` or `key "value"`.
fn quoted_after<'a>(text: &'a str, key: &str) -> Vec<&'a str> {
    text.lines().filter_map(|line| between(&line[line.find(key)?..], "\"", "\"")).collect()
}

/// The XML without its comments, so that prose in them cannot match.
fn without_comments(xml: &str) -> String {
    let mut out = String::new();
    let mut rest = xml;
    while let Some(start) = rest.find("<!--") {
        out.push_str(&rest[..start]);
        rest = rest[start..].find("-->").map_or("", |end| &rest[start + end + 3..]);
    }
    out.push_str(rest);
    out
}

/// The start tags `<name …>` of an XML document, each as its attribute text.
fn elements<'a>(xml: &'a str, name: &str) -> Vec<&'a str> {
    let open = format!("<{name}");
    xml.match_indices(&open)
        .filter_map(|(at, _)| {
            let rest = &xml[at + open.len()..];
            rest.starts_with(char::is_whitespace).then(|| &rest[..rest.find('>').unwrap_or(0)])
        })
        .collect()
}

fn attribute<'a>(element: &'a str, name: &str) -> Option<&'a str> {
    between(element, &format!("{name}=\""), "\"")
}

/// The value of `key = "…"` inside the `[section]` table of a TOML file.
fn toml_value(text: &str, section: &str, key: &str) -> Option<String> {
    let header = format!("[{section}]");
    let mut inside = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == header;
        } else if inside
            && let Some((k, v)) = line.split_once('=')
            && k.trim() == key
        {
            return Some(v.trim().to_string());
        }
    }
    None
}

fn unquote(value: &str) -> &str {
    value.trim_matches('"')
}

/// The library name of the app crate: the one native library on both phones.
fn app_library() -> String {
    let manifest = read("app/Cargo.toml");
    let name = toml_value(&manifest, "lib", "name").expect("app/Cargo.toml has [lib] name");
    unquote(&name).to_string()
}

/// Packages and their enabled features, as `cargo tree` resolves qike-app for `target`.
/// Offline first (the lockfile's packages are usually in the local cache already); if
/// some phone-only package was never downloaded on this machine, cargo may fetch it.
fn resolved_for(target: &str) -> Vec<(String, String, BTreeSet<String>)> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let args = ["tree", "--target", target, "-p", "qike-app", "-e", "normal", "--prefix", "none"];
    let run = |offline: bool| {
        let mut command = Command::new(&cargo);
        command.current_dir(workspace_root()).args(args).args(["-f", "{p}|{f}"]);
        if offline {
            command.arg("--offline");
        }
        command.output().expect("cargo starts")
    };
    let mut output = run(true);
    if !output.status.success() {
        output = run(false);
    }
    assert!(
        output.status.success(),
        "cargo tree for {target} failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .expect("utf-8 cargo tree")
        .lines()
        .filter_map(|line| {
            let (package, features) = line.trim_end_matches(" (*)").split_once('|')?;
            let mut words = package.split_whitespace();
            let (name, version) = (words.next()?, words.next()?);
            let features = features.split(',').filter(|f| !f.is_empty()).map(String::from);
            Some((
                name.to_string(),
                version.trim_start_matches('v').to_string(),
                features.collect(),
            ))
        })
        .collect()
}

fn features_of(resolved: &[(String, String, BTreeSet<String>)], name: &str) -> BTreeSet<String> {
    resolved
        .iter()
        .filter(|(n, _, _)| n == name)
        .flat_map(|(_, _, features)| features.iter().cloned())
        .collect()
}

fn rust_targets() -> BTreeSet<String> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let output = Command::new(rustc).args(["--print", "target-list"]).output().expect("rustc");
    String::from_utf8(output.stdout).expect("utf-8").lines().map(String::from).collect()
}

/// Bevy's Android example lists these; each missing one recreates the activity when it
/// changes, which starts `android_main` a second time, and winit 0.30 cannot build a
/// second event loop. `fontScale` is ours: children's tablets often have large text set
/// while the app runs.
const CONFIG_CHANGES: [&str; 12] = [
    "orientation",
    "screenSize",
    "smallestScreenSize",
    "screenLayout",
    "density",
    "uiMode",
    "keyboard",
    "keyboardHidden",
    "navigation",
    "locale",
    "layoutDirection",
    "fontScale",
];

#[test]
fn android_manifest_keeps_the_activity_and_names_the_rust_library() {
    let manifest = without_comments(&read("android/app/src/main/AndroidManifest.xml"));
    let activities = elements(&manifest, "activity");
    assert_eq!(activities.len(), 1, "one activity");
    let handled: BTreeSet<&str> = attribute(activities[0], "android:configChanges")
        .expect("the activity declares configChanges")
        .split('|')
        .collect();
    let missing: Vec<_> = CONFIG_CHANGES.iter().filter(|c| !handled.contains(*c)).collect();
    assert!(missing.is_empty(), "configChanges lacks {missing:?}");

    let library = app_library();
    let lib_names: Vec<_> = elements(&manifest, "meta-data")
        .into_iter()
        .filter(|e| attribute(e, "android:name") == Some("android.app.lib_name"))
        .filter_map(|e| attribute(e, "android:value"))
        .collect();
    assert_eq!(lib_names, [library.as_str()], "GameActivity loads the app's cdylib");

    let activity = read("android/app/src/main/java/org/qike/app/MainActivity.kt");
    assert_eq!(quoted_after(&activity, "System.loadLibrary("), [library.as_str()]);
    let crate_types = toml_value(&read("app/Cargo.toml"), "lib", "crate-type").unwrap();
    for kind in ["cdylib", "staticlib"] {
        assert!(crate_types.contains(&format!("\"{kind}\"")), "app builds a {kind}: {crate_types}");
    }
}

#[test]
fn android_requires_the_graphics_api_its_wgpu_build_has() {
    let resolved = resolved_for("aarch64-linux-android");
    let hal = features_of(&resolved, "wgpu-hal");
    assert!(hal.contains("vulkan"), "Android wgpu-hal without Vulkan: {hal:?}");
    assert!(!hal.contains("metal"), "Android wgpu-hal with Metal: {hal:?}");

    let manifest = without_comments(&read("android/app/src/main/AndroidManifest.xml"));
    let features = elements(&manifest, "uses-feature");
    let requires_vulkan = features.iter().any(|f| {
        attribute(f, "android:name") == Some("android.hardware.vulkan.version")
            && attribute(f, "android:required") == Some("true")
    });
    // With a GLES fallback the app would run on phones without Vulkan, and the manifest
    // must not turn them away; without one it must.
    assert_eq!(
        requires_vulkan,
        !hal.contains("gles"),
        "manifest's Vulkan requirement does not match wgpu-hal's backends {hal:?}"
    );
    let requires_gles = features.iter().any(|f| attribute(f, "android:glEsVersion").is_some());
    assert_eq!(requires_gles, hal.contains("gles"), "GLES requirement without a GLES backend");

    // GameActivity's Java half comes from Gradle and must match the native half the
    // android-activity crate compiles in (its README: 0.6 pairs with 4.4.0).
    let activity = resolved
        .iter()
        .find(|(name, _, _)| name == "android-activity")
        .expect("android-activity in the Android tree");
    assert!(activity.2.contains("game-activity"), "android-activity built for GameActivity");
    assert!(activity.1.starts_with("0.6."), "android-activity {}: check the pairing", activity.1);
    let gradle = read("android/app/build.gradle.kts");
    let games: Vec<_> = quoted_after(&gradle, "implementation(")
        .into_iter()
        .filter(|d| d.starts_with("androidx.games:games-activity:"))
        .collect();
    assert_eq!(games, ["androidx.games:games-activity:4.4.0"]);
}

#[test]
fn android_abis_and_gradle_version_fit_together() {
    let script = read("android/build.sh");
    let ndk: BTreeSet<&str> = script
        .split_whitespace()
        .collect::<Vec<_>>()
        .windows(2)
        .filter(|w| w[0] == "-t")
        .map(|w| w[1])
        .collect();
    let gradle = read("android/app/build.gradle.kts");
    let filters = between(&gradle, "abiFilters += listOf(", ")").expect("abiFilters");
    let gradle_abis: BTreeSet<&str> =
        filters.split(',').map(|a| a.trim().trim_matches('"')).collect();
    assert_eq!(ndk, gradle_abis, "cargo-ndk builds the ABIs the APK packs");
    let targets = rust_targets();
    for abi in &ndk {
        let triple = match *abi {
            "arm64-v8a" => "aarch64-linux-android",
            "x86_64" => "x86_64-linux-android",
            "armeabi-v7a" => "armv7-linux-androideabi",
            "x86" => "i686-linux-android",
            other => panic!("unknown Android ABI {other}"),
        };
        assert!(targets.contains(triple), "rustc has no {triple}");
    }

    // The Android Gradle plugin 8.7 needs Gradle 8.9 or a later 8.x.
    let plugins = read("android/build.gradle.kts");
    let agp = plugins
        .lines()
        .find(|l| l.contains("\"com.android.application\""))
        .and_then(|l| between(&l[l.find(" version ")?..], "\"", "\""))
        .expect("the Android Gradle plugin's version");
    assert!(agp.starts_with("8.7."), "Android Gradle plugin {agp}: update the Gradle check");
    let wrapper = read("android/gradle/wrapper/gradle-wrapper.properties");
    let gradle_version = between(&wrapper, "distributions/gradle-", "-bin.zip").expect("wrapper");
    let parts: Vec<u32> = gradle_version.split('.').map(|p| p.parse().unwrap()).collect();
    assert!(parts[0] == 8 && parts[1] >= 9, "Gradle {gradle_version} with plugin {agp}");
    assert!(
        script.contains("gradle/wrapper/gradle-wrapper.properties") && script.contains("./gradlew")
    );
}

#[test]
fn kotlin_bindings_for_android_use_the_app_library_and_the_android_cleaner() {
    let config = read("bindings/uniffi.toml");
    let package = toml_value(&config, "bindings.kotlin", "package_name").expect("package_name");
    let cdylib = toml_value(&config, "bindings.kotlin", "cdylib_name").expect("cdylib_name");
    assert_eq!(unquote(&cdylib), app_library(), "Kotlin bindings load the app's library");
    let activity = read("android/app/src/main/java/org/qike/app/MainActivity.kt");
    assert!(
        activity.contains(&format!("import {}.", unquote(&package))),
        "MainActivity imports the bindings' package {package}"
    );
    // The desktop JVM (the Kotlin FFI test) uses uniffi.toml as it is, without Android
    // classes; the Android build adds its override file.
    assert_eq!(toml_value(&config, "bindings.kotlin", "android"), None);
    assert!(read("android/build.sh").contains("--config android/uniffi-android.toml"));

    let generated = |override_file: Option<&str>, name: &str| {
        let dir = scratch_dir(name);
        generate(GenerateOptions {
            languages: vec![TargetLanguage::Kotlin],
            source: Utf8PathBuf::from_path_buf(bindings_cdylib()).expect("utf-8 path"),
            out_dir: Utf8PathBuf::from_path_buf(dir.clone()).expect("utf-8 path"),
            config_override: override_file
                .map(|f| Utf8PathBuf::from_path_buf(workspace_root().join(f)).expect("utf-8")),
            format: false,
            crate_filter: None,
            metadata_no_deps: true,
        })
        .expect("Kotlin bindings generated");
        let path: PathBuf = dir.join(unquote(&package).replace('.', "/")).join("qike.kt");
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let android = generated(Some("android/uniffi-android.toml"), "kotlin-android");
    assert!(android.contains(&format!("package {}", unquote(&package))));
    assert!(android.contains(&format!("return \"{}\"", app_library())), "loads the app library");
    assert!(android.contains("android.system.SystemCleaner"), "Android cleaner in use");
    let jvm = generated(None, "kotlin-jvm");
    assert!(!jvm.contains("android.system.SystemCleaner"), "JVM bindings stay free of Android");
}

#[test]
fn android_and_ios_declare_the_local_network_class_sync_uses() {
    let manifest = without_comments(&read("android/app/src/main/AndroidManifest.xml"));
    let permissions: BTreeSet<&str> = elements(&manifest, "uses-permission")
        .into_iter()
        .filter_map(|e| attribute(e, "android:name"))
        .collect();
    for p in ["INTERNET", "ACCESS_WIFI_STATE", "CHANGE_WIFI_MULTICAST_STATE"] {
        let name = format!("android.permission.{p}");
        assert!(permissions.contains(name.as_str()), "the manifest lacks {name}: {permissions:?}");
    }
    // The multicast lock follows the core's flag, and is let go in the background.
    let activity = read("android/app/src/main/java/org/qike/app/MainActivity.kt");
    assert!(activity.contains("import org.qike.core.multicastInUse"), "{activity}");
    assert!(activity.contains("createMulticastLock("), "no multicast lock");
    assert!(
        activity.contains("multicastLock.acquire()")
            && activity.contains("multicastLock.release()")
    );
    let pause = activity.find("override fun onPause()").expect("onPause");
    assert!(activity[pause..].contains("multicastLock.release()"), "the lock outlives the screen");
    let out = scratch_dir("kotlin-multicast");
    qike_tests::generate_bindings(TargetLanguage::Kotlin, &out);
    let kotlin: String = walk(&out)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "kt"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    assert!(kotlin.contains("fun `multicastInUse`()") || kotlin.contains("fun multicastInUse()"));

    let plist = read("ios/Qike/Info.plist");
    let usage = between(&plist, "<key>NSLocalNetworkUsageDescription</key>", "</string>")
        .expect("NSLocalNetworkUsageDescription");
    assert!(usage.trim().trim_start_matches("<string>").chars().count() > 20, "{usage}");
    let bonjour =
        between(&plist, "<key>NSBonjourServices</key>", "</array>").expect("NSBonjourServices");
    assert!(bonjour.contains("<string>_qike._tcp</string>"), "{bonjour}");
    // The same service type the core announces.
    let discovery = read("core/src/sync/discovery.rs");
    assert!(discovery.contains("pub const SERVICE_TYPE: &str = \"_qike._tcp.local.\";"));
}

/// Every file under `dir`.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

/// Crates in the iOS tree that link an Apple framework or library, and what they link
/// (from their `#[link]` attributes). A static library carries none of these to Xcode.
const IOS_LINKS: [(&str, &str); 13] = [
    ("objc2", "libobjc.tbd"),
    ("objc-sys", "libobjc.tbd"),
    ("objc2-foundation", "Foundation.framework"),
    ("objc2-core-foundation", "CoreFoundation.framework"),
    ("core-foundation-sys", "CoreFoundation.framework"),
    ("sys-locale", "CoreFoundation.framework"),
    ("objc2-ui-kit", "UIKit.framework"),
    ("objc2-metal", "Metal.framework"),
    ("objc2-quartz-core", "QuartzCore.framework"),
    // Sound (Bevy's audio through cpal's Core Audio backend).
    ("objc2-audio-toolbox", "AudioToolbox.framework"),
    ("objc2-avf-audio", "AVFAudio.framework"),
    ("objc2-core-audio", "CoreAudio.framework"),
    ("objc2-core-audio-types", "CoreAudioTypes.framework"),
];

/// objc2's helper crates, which link no framework of their own.
const OBJC2_HELPERS: [&str; 3] = ["objc2-encode", "objc2-proc-macros", "objc2-exception-helper"];

#[test]
fn ios_links_every_framework_its_rust_crates_need() {
    let resolved = resolved_for("aarch64-apple-ios");
    let hal = features_of(&resolved, "wgpu-hal");
    assert!(hal.contains("metal"), "iOS wgpu-hal without Metal: {hal:?}");
    assert!(!hal.contains("vulkan"), "iOS wgpu-hal with Vulkan (no MoltenVK here): {hal:?}");

    let names: BTreeSet<&str> = resolved.iter().map(|(name, _, _)| name.as_str()).collect();
    let unknown: Vec<_> = names
        .iter()
        .filter(|n| n.starts_with("objc2-") && !OBJC2_HELPERS.contains(n))
        .filter(|n| !IOS_LINKS.iter().any(|(c, _)| c == *n))
        .collect();
    assert!(
        unknown.is_empty(),
        "{unknown:?} link frameworks: add them to project.yml and IOS_LINKS"
    );

    let project = read("ios/project.yml");
    let linked: BTreeSet<&str> =
        project.lines().filter_map(|l| l.trim().strip_prefix("- sdk: ")).collect();
    let needed: BTreeSet<&str> =
        IOS_LINKS.iter().filter(|(c, _)| names.contains(c)).map(|(_, lib)| *lib).collect();
    assert!(needed.len() >= 6, "the iOS tree lost its objc2 crates? {needed:?}");
    let missing: Vec<_> = needed.difference(&linked).collect();
    assert!(missing.is_empty(), "project.yml does not link {missing:?}");
}

#[test]
fn ios_xcframework_covers_devices_and_both_simulators_with_one_header_path() {
    let script = read("ios/build.sh");
    let device = script.lines().find_map(|l| l.strip_prefix("device=")).expect("device=");
    let simulators: BTreeSet<&str> =
        between(&script, "simulators=(", ")").expect("simulators=(…)").split_whitespace().collect();
    assert_eq!(device, "aarch64-apple-ios");
    assert_eq!(simulators, BTreeSet::from(["aarch64-apple-ios-sim", "x86_64-apple-ios"]));
    let targets = rust_targets();
    for target in simulators.iter().chain([&device]) {
        assert!(targets.contains(*target), "rustc has no {target}");
    }
    // Both simulator architectures go into one library (an XCFramework takes one per
    // platform), so the XCFramework gets exactly two: device and simulator.
    assert!(script.contains("lipo -create"), "simulator libraries joined");
    let xcframework = &script[script.find("-create-xcframework").expect("xcframework")..];
    let xcframework = &xcframework[..xcframework.find("-output").expect("-output")];
    assert_eq!(xcframework.matches("-library ").count(), 2, "{xcframework}");

    // The uniffi header reaches Swift only as the module in the XCFramework's headers.
    let config = read("bindings/uniffi.toml");
    let ffi_module = toml_value(&config, "bindings.swift", "ffi_module_name").unwrap();
    let ffi_module = unquote(&ffi_module);
    assert!(script.contains(&format!(
        "cp \"$out/{ffi_module}.modulemap\" \"$out/headers/module.modulemap\""
    )));
    let project = read("ios/project.yml");
    assert!(!project.contains("SWIFT_OBJC_BRIDGING_HEADER"), "a bridging header imports it again");
    let swift_module = toml_value(&config, "bindings.swift", "module_name").unwrap();
    assert!(project.contains(&format!("generated/{}.swift", unquote(&swift_module))));
    for entry in std::fs::read_dir(workspace_root().join("ios/Qike")).expect("ios/Qike") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            !text.contains(&format!("{ffi_module}.h")),
            "{} includes the FFI header",
            path.display()
        );
    }
}

/// The Swift glue that carries a task's cancellation to the engine: it calls the
/// generated Swift's own `engineMove()` and `cancelThinking()` on `Session`, whose
/// protocol is `Sendable` (the cancellation handler runs on another thread), and the
/// project compiles it with the app. (No Swift compiler runs here: the names are
/// checked against the Swift that uniffi generates from the library.)
#[test]
fn ios_glue_cancels_the_engine_move_with_the_swift_task() {
    let glue = read("ios/Qike/EngineMove.swift");
    assert!(glue.contains("extension Session"), "{glue}");
    assert!(glue.contains("withTaskCancellationHandler"), "{glue}");
    assert!(glue.contains("try await engineMove()") && glue.contains("cancelThinking()"));
    assert!(glue.contains("-> EngineReply"), "{glue}");
    let project = read("ios/project.yml");
    assert!(project.contains("      - Qike\n"), "the Qike folder's Swift is built with the app");

    let out = scratch_dir("swift-glue");
    qike_tests::generate_bindings(TargetLanguage::Swift, &out);
    let config = read("bindings/uniffi.toml");
    let module = toml_value(&config, "bindings.swift", "module_name").unwrap();
    let swift = std::fs::read_to_string(out.join(format!("{}.swift", unquote(&module))))
        .expect("generated Swift");
    assert!(swift.contains("open class Session"), "no Session class");
    let protocol = swift.find("public protocol SessionProtocol").expect("Session's protocol");
    assert!(swift[protocol..].lines().next().unwrap().contains("Sendable"), "Session not Sendable");
    assert!(
        swift.contains("func engineMove() async throws  -> EngineReply")
            || swift.contains("func engineMove() async throws -> EngineReply"),
        "engineMove's signature changed"
    );
    assert!(swift.contains("func cancelThinking()"), "no cancelThinking()");
}
