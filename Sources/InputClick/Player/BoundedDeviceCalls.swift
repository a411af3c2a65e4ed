import Dispatch
import Synchronization

/// Runs the calls of a ``ClickPlayer`` that may wait on a sound server
/// (opening and closing a stream) on threads of their own, so that no API
/// call and no shutdown ever waits on a server that has frozen.
///
/// A frozen server (a JACK or PipeWire daemon stopped by a debugger or
/// SIGSTOP, a server stuck in its own I/O) leaves alsa-lib blocked in a
/// `read` on its socket: `snd_pcm_open` and `snd_pcm_close` then return
/// only when the server runs again, which may be never. So:
/// - ``start(_:whenReturned:whenAbandoned:)`` runs a call on a thread of
///   its own and returns a ``Call`` whose result the caller may wait for
///   with a limit, or be told of (`whenReturned`);
/// - a call not waited for to the end is *abandoned*: its thread goes on,
///   and when the call returns at last, `whenAbandoned` gets its result (to
///   close a stream that opened too late, or to let go of what a close kept
///   alive) on that same thread;
/// - ``abandonedInFlight`` counts abandoned calls that have not returned:
///   while one has not, the device does not answer, and the player opens no
///   new stream on it (so a frozen server never gathers a thread per retry);
/// - ``abandonedTotal`` counts every call ever abandoned, for the statistics.
///
/// The calls run on threads of their own.
final class BoundedDeviceCalls: Sendable {
    private let inFlight = Atomic<Int>(0)
    private let total = Atomic<Int>(0)

    init() {}

    /// Abandoned calls that have not returned yet.
    var abandonedInFlight: Int { inFlight.load(ordering: .acquiring) }

    /// Calls abandoned so far.
    var abandonedTotal: Int { total.load(ordering: .relaxed) }

    /// One call under way on its own thread.
    final class Call<Result: Sendable>: Sendable {
        private enum Stage {
            case running
            case returned(Result)
            case abandoned
        }

        private let stage = Mutex<Stage>(.running)
        private let returned = DispatchSemaphore(value: 0)
        private let owner: BoundedDeviceCalls
        private let whenReturned: (@Sendable () -> Void)?
        private let whenAbandoned: @Sendable (Result) -> Void

        fileprivate init(owner: BoundedDeviceCalls, whenReturned: (@Sendable () -> Void)?,
                         whenAbandoned: @escaping @Sendable (Result) -> Void) {
            self.owner = owner
            self.whenReturned = whenReturned
            self.whenAbandoned = whenAbandoned
        }

        /// On the call's thread, once the call returned.
        fileprivate func finish(_ result: Result) {
            let wasAbandoned = stage.withLock { stage -> Bool in
                if case .abandoned = stage { return true }
                stage = .returned(result)
                return false
            }
            if wasAbandoned {
                whenAbandoned(result)
                owner.inFlight.subtract(1, ordering: .releasing)
            } else {
                returned.signal()
                whenReturned?()
            }
        }

        /// The call's result, waited for until `nanoseconds` have passed (0:
        /// not at all); a call that has not returned by then is abandoned,
        /// and this returns `nil`.
        ///
        /// Thread context: one thread at a time (the one that started the
        /// call, or the queue it hands the call to); once.
        func result(waitingAtMost nanoseconds: UInt64) -> Result? {
            if nanoseconds > 0 {
                _ = returned.wait(timeout: DispatchTime.now() + .nanoseconds(Int(min(nanoseconds, UInt64(Int.max)))))
            }
            return stage.withLock { stage -> Result? in
                if case .returned(let result) = stage { return result }
                stage = .abandoned
                owner.inFlight.add(1, ordering: .releasing)
                owner.total.add(1, ordering: .relaxed)
                return nil
            }
        }
    }

    /// Starts `call` on a thread of its own.
    ///
    /// - Parameters:
    ///   - call: The call that may block on a server.
    ///   - whenReturned: Called on the call's thread once it returned, unless
    ///     it was abandoned first (then its result is still to be taken with
    ///     ``Call/result(waitingAtMost:)``).
    ///   - whenAbandoned: Gets the result of a call that returned after it
    ///     was abandoned, on the call's own thread.
    func start<Result: Sendable>(_ call: @escaping @Sendable () -> Result,
                                 whenReturned: (@Sendable () -> Void)? = nil,
                                 whenAbandoned: @escaping @Sendable (Result) -> Void) -> Call<Result> {
        let pending = Call(owner: self, whenReturned: whenReturned, whenAbandoned: whenAbandoned)
        DispatchQueue.global(qos: .userInitiated).async { pending.finish(call()) }
        return pending
    }
}
