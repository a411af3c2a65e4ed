import InputClick
import Synchronization

/// A ``InputClick/ClickSink`` that keeps every click, so a script can run faster than
/// real time and its clicks play or render afterwards. Locks per click: offline use only.
public final class ClickCollector: ClickSink {
    public struct Click: Sendable, Hashable {
        public var kind: ClickKind
        /// In nanoseconds, as the gate was given.
        public var requestedAt: UInt64
    }

    private let collected = Mutex<[Click]>([])

    public init() {}

    /// In arrival order.
    public var clicks: [Click] { collected.withLock { $0 } }

    /// Always `true`.
    public func submitClick(_ kind: ClickKind, requestedAt: UInt64) -> Bool {
        collected.withLock { $0.append(Click(kind: kind, requestedAt: requestedAt)) }
        return true
    }

    public var isAcceptingClicks: Bool { true }
}
