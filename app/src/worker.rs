//! The engines' worker threads run below the threads that draw the screen: when every
//! core is busy, the board gets one first and keeps moving while the computer thinks.

/// The nice value a worker asks for: Android's background priority.
pub const WORKER_NICE: i32 = 10;

/// Lowers the calling thread (only it: Linux and Android keep a nice value per thread)
/// to [`WORKER_NICE`]; elsewhere, or if the system refuses, nothing changes.
pub fn background_priority() {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    // SAFETY: setpriority reads no memory of ours; `who` 0 is the calling thread.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, WORKER_NICE);
    }
}

/// Has every engine worker of the core start with [`background_priority`].
pub fn install() {
    qike_core::ai::set_worker_setup(background_priority);
}

#[cfg(all(test, any(target_os = "linux", target_os = "android")))]
mod tests {
    use super::*;

    /// The calling thread's nice value.
    fn thread_nice() -> i32 {
        // SAFETY: getpriority reads no memory of ours; -1 is also a valid nice value,
        // so errno tells a failure.
        unsafe {
            *libc::__errno_location() = 0;
            let nice = libc::getpriority(libc::PRIO_PROCESS, 0);
            assert_eq!(*libc::__errno_location(), 0, "getpriority failed");
            nice
        }
    }

    #[test]
    fn a_worker_runs_below_the_screen_and_the_other_threads_keep_their_priority() {
        let before = thread_nice();
        let worker = std::thread::spawn(|| {
            background_priority();
            thread_nice()
        })
        .join()
        .unwrap();
        // A thread may lower itself but not raise itself back: the worker is at
        // WORKER_NICE, or lower still when the caller already was.
        assert_eq!(worker, WORKER_NICE.max(before));
        assert_eq!(thread_nice(), before, "only the worker thread changed");
    }
}
