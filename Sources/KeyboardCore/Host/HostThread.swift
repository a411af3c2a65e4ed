import InputClick
import Synchronization

/// The thread a ``KeyboardHost`` belongs to, and the check of that rule.
///
/// A host, the responders added to it, the views it shows and its demo
/// keyboard belong to the first thread that calls one of their entry points
/// (creating them is not a use, so any thread may create them). Like UIKit's
/// main thread, except that the host's first user chooses it. Debug builds
/// check each entry point and stop the process when a second thread calls
/// in; release builds compile the check away. A responder not yet added to
/// a host belongs to no thread.
struct HostThread: ~Copyable, Sendable {
    /// The owning thread's `pthread_t`, 0 until first use.
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
