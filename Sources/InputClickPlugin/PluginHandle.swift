#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// What a C handle (`inputclick_context *`, `inputclick_options *`) points
/// at: a small record that outlives the object it stands for.
///
/// The record itself is never freed. Closing releases the payload (the
/// engine, the device, the threads) and marks the record closed, so a late
/// call or a second close finds `INPUTCLICK_ERROR_CLOSED` instead of freed
/// memory. That costs a few dozen bytes per handle ever opened.
///
/// Calls and closing meet at one atomic word: bit 63 is "closed", the low
/// bits count calls under way. A call increments the count and backs out if
/// the closed bit is set; closing sets the bit and then waits until the
/// count drains to zero before it releases the payload. So a payload is
/// never released under a call that is using it, and entering and leaving
/// are two atomic additions: lock-free and allocation-free. Closing sleeps on
/// a semaphore that the call taking the count to zero under the closed bit
/// posts (`sem_post` takes no lock, and happens only while closing).
///
/// Thread context: every member from any thread. (`@unchecked` because the
/// payload is kept as a raw pointer in an atomic; every payload type is itself
/// `Sendable`.)
final class PluginHandle: @unchecked Sendable {
    /// What the handle stands for; checked on every call so that an options
    /// handle passed as a context is refused, not misread.
    enum Kind: UInt32, Sendable {
        case context = 0x4943_4358   // "ICCX"
        case options = 0x4943_4F50   // "ICOP"

        /// `context` or `options`, for messages.
        var noun: String { self == .context ? "context" : "options" }
    }

    /// What the handle stands for.
    let kind: Kind
    private static let closedBit: UInt64 = 1 << 63
    private let word = Atomic<UInt64>(0)
    private let payload: Atomic<UnsafeMutableRawPointer?>
    /// Posted when the last call under way leaves a closed handle. Never
    /// destroyed: the record lives for the process (see the type's documentation).
    private let drained: UnsafeMutablePointer<sem_t>

    private init(kind: Kind, payload: AnyObject & Sendable) {
        self.kind = kind
        self.payload = Atomic(Unmanaged.passRetained(payload).toOpaque())
        drained = .allocate(capacity: 1)
        sem_init(drained, 0, 0)
    }

    /// Makes a handle for `payload` and returns the pointer C code holds.
    /// The record is retained forever; see the type's documentation.
    static func make(_ kind: Kind, payload: AnyObject & Sendable) -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(PluginHandle(kind: kind, payload: payload)).toOpaque())
    }

    /// Runs `body` with the payload of the handle behind `pointer`, keeping
    /// it from being released until `body` returns.
    ///
    /// - Throws: ``PluginResult/invalidArgument`` for NULL or a handle of
    ///   another kind, ``PluginResult/closed`` for a closed handle; and
    ///   whatever `body` throws.
    ///
    /// Thread context: any thread. Lock-free and allocation-free when
    /// `body` is; the failure paths build a message.
    static func with<Payload: AnyObject & Sendable, Result>(
        _ pointer: OpaquePointer?, _ kind: Kind, as type: Payload.Type,
        _ body: (PluginHandle, Payload) throws(PluginFailure) -> Result
    ) throws(PluginFailure) -> Result {
        guard let pointer else {
            throw PluginFailure(.invalidArgument, "the \(kind.noun) handle is NULL")
        }
        let handle = Unmanaged<PluginHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
        guard handle.kind == kind else {
            throw PluginFailure(.invalidArgument, "the handle passed as an inputclick_\(kind.noun) is an inputclick_\(handle.kind.noun)")
        }
        guard handle.enter() else { throw closedFailure(kind) }
        defer { handle.leave() }
        guard let raw = handle.payload.load(ordering: .acquiring) else { throw closedFailure(kind) }
        return try body(handle, Unmanaged<Payload>.fromOpaque(raw).takeUnretainedValue())
    }

    private static func closedFailure(_ kind: Kind) -> PluginFailure {
        PluginFailure(.closed, "the inputclick_\(kind.noun) was already \(kind == .context ? "closed" : "destroyed")")
    }

    /// Whether closing has begun; long calls (waits) poll it to return early.
    ///
    /// Thread context: any thread; lock-free.
    var isClosing: Bool {
        word.load(ordering: .acquiring) & Self.closedBit != 0
    }

    /// Marks the handle behind `pointer` closed, lets `interrupt` wake calls
    /// that block, waits for calls under way, and hands the payload to `finish` (which shuts it down) before
    /// releasing it.
    ///
    /// - Throws: ``PluginResult/invalidArgument`` for NULL or a handle of
    ///   another kind, ``PluginResult/closed`` when it was already closed.
    ///
    /// Thread context: any thread; waits for calls under way on the handle.
    static func close<Payload: AnyObject & Sendable>(_ pointer: OpaquePointer?, _ kind: Kind, as type: Payload.Type,
                                          interrupt: (Payload) -> Void = { _ in },
                                          finish: (Payload) -> Void) throws(PluginFailure) {
        guard let pointer else {
            throw PluginFailure(.invalidArgument, "the \(kind.noun) handle is NULL")
        }
        let handle = Unmanaged<PluginHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
        guard handle.kind == kind else {
            throw PluginFailure(.invalidArgument, "the handle passed as an inputclick_\(kind.noun) is an inputclick_\(handle.kind.noun)")
        }
        let before = handle.word.bitwiseOr(closedBit, ordering: .sequentiallyConsistent).oldValue
        guard before & closedBit == 0 else { throw closedFailure(kind) }
        // Wake the calls that block (waits), then wait for the calls under
        // way; new ones see the closed bit and back out.
        if let raw = handle.payload.load(ordering: .acquiring) {
            interrupt(Unmanaged<Payload>.fromOpaque(raw).takeUnretainedValue())
        }
        // Sleep until the last call under way leaves; a post left over from a
        // late call that backed out only makes the check run again.
        while handle.word.load(ordering: .sequentiallyConsistent) & ~closedBit != 0 {
            while sem_wait(handle.drained) != 0 && errno == EINTR {}
        }
        guard let raw = handle.payload.exchange(nil, ordering: .acquiringAndReleasing) else { return }
        let payload = Unmanaged<Payload>.fromOpaque(raw)
        finish(payload.takeUnretainedValue())
        payload.release()
    }

    private func enter() -> Bool {
        let before = word.wrappingAdd(1, ordering: .sequentiallyConsistent).oldValue
        if before & Self.closedBit != 0 {
            leave()
            return false
        }
        return true
    }

    private func leave() {
        let after = word.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue
        if after == Self.closedBit { sem_post(drained) }
    }
}
