import InputClick
import Synchronization

/// A ``InputClick/ClickSink`` that accepts every click and keeps it, so that a
/// script can run faster than real time and its clicks be played or rendered
/// afterwards at their times (``ScriptResult/clicks``).
///
/// Thread context: a short lock per click, so it is for offline runs, not
/// for a real-time path.
public final class ClickCollector: ClickSink {
    /// One click as the gate submitted it.
    public struct Click: Sendable, Hashable {
        /// The sound.
        public var kind: ClickKind
        /// The time the gate was given, in nanoseconds.
        public var requestedAt: UInt64
    }

    private let collected = Mutex<[Click]>([])

    /// Creates an empty collector.
    public init() {}

    /// Every click so far, in arrival order.
    public var clicks: [Click] { collected.withLock { $0 } }

    /// Keeps the click; always `true`.
    ///
    /// Takes a short lock.
    public func submitClick(_ kind: ClickKind, requestedAt: UInt64) -> Bool {
        collected.withLock { $0.append(Click(kind: kind, requestedAt: requestedAt)) }
        return true
    }

    public var isAcceptingClicks: Bool { true }
}
