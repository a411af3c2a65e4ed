/// Where the gate sends the clicks it lets through: a mixer, or a player that owns one. Every member is
/// called from any thread, several at once, and must be lock-free, allocation-free and never wait for audio.
/// A refused click is explained by ``refusal``; a sink that can say more in one step implements
/// ``submit(_:requestedAt:placement:)``, which the gate calls.
public protocol ClickSink: AnyObject, Sendable {
    /// Queues one click asked for at `requestedAt` (``clock``, for latency accounting); `true` if queued to play.
    func submitClick(_ kind: ClickKind, requestedAt: UInt64) -> Bool

    /// A sink that cannot place clicks plays them centred (the default).
    func submitClick(_ kind: ClickKind, requestedAt: UInt64, placement: ClickPlacement) -> Bool

    var isAcceptingClicks: Bool { get }

    /// Why a click would not be queued now: ``ClickDecision/noOutput``, ``ClickDecision/queueFull``,
    /// ``ClickDecision/deviceLost``, ``ClickDecision/held`` for a sink that holds clicks while it opens, or
    /// ``ClickDecision/suspect`` for one whose device stopped making progress.
    var refusal: ClickDecision { get }

    /// Queues one click: ``ClickDecision/plays``, ``ClickDecision/held``, ``ClickDecision/suspect``, or why it
    /// was refused.
    func submit(_ kind: ClickKind, requestedAt: UInt64, placement: ClickPlacement) -> ClickDecision

    /// The clock of `requestedAt`, which a gate stamps taps with; ``ClickClock/monotonic`` by default.
    var clock: ClickClock { get }
}

extension ClickSink {
    public func submitClick(_ kind: ClickKind, requestedAt: UInt64, placement: ClickPlacement) -> Bool {
        submitClick(kind, requestedAt: requestedAt)
    }

    public func submit(_ kind: ClickKind, requestedAt: UInt64, placement: ClickPlacement) -> ClickDecision {
        submitClick(kind, requestedAt: requestedAt, placement: placement) ? .plays : refusal
    }

    public func submit(_ kind: ClickKind, requestedAt: UInt64) -> ClickDecision {
        submit(kind, requestedAt: requestedAt, placement: .center)
    }

    public var refusal: ClickDecision { .noOutput }

    public var clock: ClickClock { .monotonic }
}
