package org.qike.app

import android.content.Context
import android.net.wifi.WifiManager
import android.os.Bundle
import android.os.Handler
import android.os.Looper
import android.util.Log
import androidx.core.view.WindowCompat
import androidx.core.view.WindowInsetsCompat
import androidx.core.view.WindowInsetsControllerCompat
import com.google.androidgamesdk.GameActivity
import org.qike.core.coreVersion
import org.qike.core.multicastInUse

/**
 * Hosts the Bevy app (android_main in libqike_app.so). The same library exports the
 * uniffi API, which the Kotlin bindings (org.qike.core) call through JNA.
 *
 * The app runs full screen: the status and navigation bars are hidden and come back
 * for a moment when the child swipes from an edge. With target SDK 35 the window is
 * always drawn edge to edge, so hiding the bars is what keeps them off the board; the
 * app's own layout keeps a band clear at the top and bottom for a camera cutout.
 *
 * Class sync finds the teacher's collection by multicast DNS, which Android filters out
 * to save power unless the app holds a Wi-Fi multicast lock. The lock follows the
 * core's `multicastInUse()`: held while the teacher collects or a pupil's class screen
 * looks, released otherwise and whenever the app is in the background.
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

    private val multicastLock: WifiManager.MulticastLock by lazy {
        val wifi = applicationContext.getSystemService(Context.WIFI_SERVICE) as WifiManager
        wifi.createMulticastLock("qike-class-sync").apply { setReferenceCounted(false) }
    }

    private val handler = Handler(Looper.getMainLooper())

    /** Takes or lets go of the multicast lock as class sync needs it, once a second. */
    private val followMulticast = object : Runnable {
        override fun run() {
            val wanted = multicastInUse()
            if (wanted && !multicastLock.isHeld) {
                multicastLock.acquire()
            } else if (!wanted && multicastLock.isHeld) {
                multicastLock.release()
            }
            handler.postDelayed(this, 1000)
        }
    }

    override fun onResume() {
        super.onResume()
        handler.post(followMulticast)
    }

    override fun onPause() {
        handler.removeCallbacks(followMulticast)
        if (multicastLock.isHeld) {
            multicastLock.release()
        }
        super.onPause()
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
