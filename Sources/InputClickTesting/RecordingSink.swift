import InputClick
import Synchronization

/// A ``ClickSink`` that remembers every click, for tests of the gate and its callers. Takes a lock and
/// allocates: not for real-time use.
public final class RecordingSink: ClickSink {
    public struct Click: Sendable, Hashable {
        public var kind: ClickKind
        /// In nanoseconds.
        public var requestedAt: UInt64
    }

    private let recorded = Mutex<[Click]>([])
    private let accepting: Atomic<Bool>

    /// Refuses clicks when `accepting` is `false`.
    public init(accepting: Bool = true) {
        self.accepting = Atomic(accepting)
    }

    /// In order.
    public var clicks: [Click] { recorded.withLock { $0 } }

    public func setAccepting(_ value: Bool) { accepting.store(value, ordering: .relaxed) }

    public func submitClick(_ kind: ClickKind, requestedAt: UInt64) -> Bool {
        guard accepting.load(ordering: .relaxed) else { return false }
        recorded.withLock { $0.append(Click(kind: kind, requestedAt: requestedAt)) }
        return true
    }

    public var isAcceptingClicks: Bool { accepting.load(ordering: .relaxed) }
}
