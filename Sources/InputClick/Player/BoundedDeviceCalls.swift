import Dispatch
import Synchronization

/// Runs a ``ClickPlayer``'s calls that may wait on a sound server (opening and closing a stream) on threads
/// of their own: a frozen server (SIGSTOP, a debugger) leaves alsa-lib blocked in `snd_pcm_open` and
/// `snd_pcm_close` until it runs again, maybe never.
///
/// A call not waited for to the end is *abandoned*: its thread goes on, and when it returns at last,
/// `whenAbandoned` gets the result there (to close a stream that opened too late). While an abandoned call
/// has not returned (``abandonedInFlight``), the player opens nothing new on that device, so a frozen server
/// never gathers a thread per retry.
final class BoundedDeviceCalls: Sendable {
    private let inFlight = Atomic<Int>(0)
    private let total = Atomic<Int>(0)

    init() {}

    var abandonedInFlight: Int { inFlight.load(ordering: .acquiring) }

    var abandonedTotal: Int { total.load(ordering: .relaxed) }

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

        /// The result, waited for at most `nanoseconds` (0: not at all); a call that has not returned by then is
        /// abandoned, and this returns `nil`. Called once, by one thread.
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

    /// - Parameters:
    ///   - whenReturned: called on the call's thread once it returned, unless it was abandoned first.
    ///   - whenAbandoned: gets the result of a call that returned after it was abandoned, on its thread.
    func start<Result: Sendable>(_ call: @escaping @Sendable () -> Result,
                                 whenReturned: (@Sendable () -> Void)? = nil,
                                 whenAbandoned: @escaping @Sendable (Result) -> Void) -> Call<Result> {
        let pending = Call(owner: self, whenReturned: whenReturned, whenAbandoned: whenAbandoned)
        DispatchQueue.global(qos: .userInitiated).async { pending.finish(call()) }
        return pending
    }
}
