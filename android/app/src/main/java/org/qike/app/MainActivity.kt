package org.qike.app

import android.os.Bundle
import android.util.Log
import androidx.core.view.WindowCompat
import androidx.core.view.WindowInsetsCompat
import androidx.core.view.WindowInsetsControllerCompat
import com.google.androidgamesdk.GameActivity
import org.qike.core.coreVersion

/**
 * Hosts the Bevy app (android_main in libqike_app.so). The same library exports the
 * uniffi API, which the Kotlin bindings (org.qike.core) call through JNA.
 *
 * The app runs full screen: the status and navigation bars are hidden and come back
 * for a moment when the child swipes from an edge. With target SDK 35 the window is
 * always drawn edge to edge, so hiding the bars is what keeps them off the board; the
 * app's own layout keeps a band clear at the top and bottom for a camera cutout.
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
        hideSystemBars()
    }

    override fun onWindowFocusChanged(hasFocus: Boolean) {
        super.onWindowFocusChanged(hasFocus)
        // A dialog, the notification shade or a trip to another app shows the bars
        // again; hide them whenever the game has the focus back.
        if (hasFocus) {
            hideSystemBars()
        }
    }

    private fun hideSystemBars() {
        WindowCompat.setDecorFitsSystemWindows(window, false)
        WindowInsetsControllerCompat(window, window.decorView).apply {
            hide(WindowInsetsCompat.Type.systemBars())
            systemBarsBehavior = WindowInsetsControllerCompat.BEHAVIOR_SHOW_TRANSIENT_BARS_BY_SWIPE
        }
    }
}
