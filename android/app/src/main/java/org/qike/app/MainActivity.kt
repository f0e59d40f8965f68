package org.qike.app

import android.os.Bundle
import android.util.Log
import com.google.androidgamesdk.GameActivity
import org.qike.core.coreVersion

/**
 * Hosts the Bevy app (android_main in libqike_app.so). The same library exports the
 * uniffi API, which the Kotlin bindings (org.qike.core) call through JNA.
 */
class MainActivity : GameActivity() {
    companion object {
        init {
            System.loadLibrary("qike_app")
        }
    }

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        Log.i("Qike", "qike-core " + coreVersion())
    }
}
