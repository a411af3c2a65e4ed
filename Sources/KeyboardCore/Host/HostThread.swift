import InputClick
import Synchronization

/// The check of a ``KeyboardHost``'s thread rule (its **Threads** paragraph).
///
/// The first thread that calls an entry point of the host, or of a
/// responder, text input, keyboard or proxy in it, claims the host; debug
/// builds stop the process when another thread calls one later, and release
/// builds compile the check away. A responder not yet added to a host is
/// checked by nothing.
struct HostThread: ~Copyable, Sendable {
    /// The owning thread's `pthread_t`, 0 until first use. A `pthread_t` can be reused once its thread has ended, so a later thread may pass for a dead owner: the check misses that case, never stops a rightful caller.
    private let owner = Atomic<UInt>(0)

    init() {}

    /// Claims the host for the calling thread on first use; afterwards stops
    /// the process (debug builds) if the caller is another thread.
    @inline(__always)
    func check(_ entry: StaticString = #function) {
        #if DEBUG
        let me = CurrentThread.id
        let (claimed, current) = owner.compareExchange(expected: 0, desired: me, ordering: .relaxed)
        precondition(claimed || current == me,
                     "KeyboardCore: \(entry) called on a second thread; a keyboard host and its responders, views and keyboard belong to the thread that first used them")
        #endif
    }
}
