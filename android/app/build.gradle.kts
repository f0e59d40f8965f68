plugins {
    id("com.android.application")
    id("org.jetbrains.kotlin.android")
}

android {
    namespace = "org.qike.app"
    compileSdk = 35
    ndkVersion = "27.2.12479018"

    defaultConfig {
        applicationId = "org.qike.app"
        // Android 12, as in Bevy's Android example (Bevy's docs give API 31 as the
        // floor for GameActivity). Phones that new all ship a Vulkan driver.
        minSdk = 31
        targetSdk = 35
        versionCode = 1
        versionName = "0.1.0"
        ndk { abiFilters += listOf("arm64-v8a", "x86_64") }
    }

    buildTypes {
        release {
            isMinifyEnabled = false
        }
    }
    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }
    kotlinOptions { jvmTarget = "17" }
    // build.sh puts libqike_app.so (Bevy + the uniffi API) here with cargo-ndk.
    sourceSets["main"].jniLibs.srcDirs("src/main/jniLibs")
    // build.sh generates the Kotlin bindings here.
    sourceSets["main"].java.srcDirs("src/main/java", "build/generated/uniffi")
}

dependencies {
    // Must match the GameActivity version bundled by the android-activity crate (0.6.1).
    implementation("androidx.games:games-activity:4.4.0")
    implementation("androidx.appcompat:appcompat:1.7.0")
    implementation("androidx.core:core-ktx:1.15.0")
    // uniffi's Kotlin bindings call the native library through JNA.
    implementation("net.java.dev.jna:jna:5.15.0@aar")
    implementation("org.jetbrains.kotlinx:kotlinx-coroutines-android:1.9.0")
}
