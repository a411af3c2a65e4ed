import InputClick
import Synchronization

/// A ``ClickSink`` that remembers every click it is given, for tests of the
/// gate and of anything that calls it.
///
/// Thread context: it takes a lock, so it is not for real-time use; the real
/// sinks are lock-free.
public final class RecordingSink: ClickSink {
    /// One click as it arrived.
    public struct Click: Sendable, Hashable {
        /// The sound asked for.
        public var kind: ClickKind
        /// When it was asked for, in nanoseconds.
        public var requestedAt: UInt64
    }

    private let recorded = Mutex<[Click]>([])
    private let accepting: Atomic<Bool>

    /// Creates a sink that accepts clicks, or refuses them when `accepting` is `false`.
    public init(accepting: Bool = true) {
        self.accepting = Atomic(accepting)
    }

    /// Every click accepted so far, in order.
    public var clicks: [Click] { recorded.withLock { $0 } }

    /// Makes the sink accept or refuse clicks from now on.
    ///
    /// Lock-free.
    public func setAccepting(_ value: Bool) { accepting.store(value, ordering: .relaxed) }

    /// Records the click if accepting.
    ///
    /// Takes a lock and allocates, so not real-time safe.
    public func submitClick(_ kind: ClickKind, requestedAt: UInt64) -> Bool {
        guard accepting.load(ordering: .relaxed) else { return false }
        recorded.withLock { $0.append(Click(kind: kind, requestedAt: requestedAt)) }
        return true
    }

    /// Whether the sink accepts clicks now.
    public var isAcceptingClicks: Bool { accepting.load(ordering: .relaxed) }
}
