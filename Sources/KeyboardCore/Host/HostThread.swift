import InputClick
import Synchronization

/// Checks a ``KeyboardHost``'s thread rule: the first thread to call an entry point of
/// the host (or a responder, text input, keyboard or proxy in it) claims it; debug builds
/// stop when another calls later. A responder in no host is checked by nothing.
struct HostThread: ~Copyable, Sendable {
    /// 0 until first use. A reused `pthread_t` may pass for a dead owner (a miss, never a false stop).
    private let owner = Atomic<UInt>(0)

    init() {}

    /// Claims on first use; afterwards stops (debug builds) a caller on another thread.
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
