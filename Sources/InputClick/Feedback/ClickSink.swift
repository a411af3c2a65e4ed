/// Where the gate sends the clicks it lets through: a mixer, or a player that
/// owns one.
///
/// Obligations of a conformer:
/// - ``submitClick(_:requestedAt:)`` may be called from any thread, including
///   several at once. It must return in bounded time, without locks, without
///   allocating, and without waiting for audio.
/// - It returns `false` when the click cannot play (no open stream, a full
///   queue), and the gate then asks ``refusal`` why, to report
///   ``ClickDecision/noOutput``, ``ClickDecision/queueFull`` or
///   ``ClickDecision/deviceLost``.
/// - A sink that can say more in one step implements
///   ``submit(_:requestedAt:placement:)``, which the gate calls; by default it is
///   ``submitClick(_:requestedAt:placement:)`` followed by ``refusal``.
///
/// Thread context: both members are called from any thread, several at once;
/// a conformer keeps them lock-free and allocation-free.
public protocol ClickSink: AnyObject, Sendable {
    /// Queues one click.
    ///
    /// - Parameters:
    ///   - kind: The sound to play.
    ///   - requestedAt: When the click was asked for, in nanoseconds of
    ///     ``clock``; used for latency accounting.
    /// - Returns: `true` if the click was queued to play.
    ///
    /// Lock-free and allocation-free.
    func submitClick(_ kind: ClickKind, requestedAt: UInt64) -> Bool

    /// Queues one click placed by `placement` (pan, gain, variation).
    /// A sink that cannot place clicks plays them centred, as
    /// ``submitClick(_:requestedAt:)`` does (the default implementation).
    ///
    /// Lock-free and allocation-free.
    func submitClick(_ kind: ClickKind, requestedAt: UInt64, placement: ClickPlacement) -> Bool

    /// Whether a click submitted now would be queued.
    ///
    /// Lock-free.
    var isAcceptingClicks: Bool { get }

    /// Why a click would not be queued now: ``ClickDecision/noOutput``,
    /// ``ClickDecision/queueFull`` or ``ClickDecision/deviceLost`` (or
    /// ``ClickDecision/held`` for a sink that holds clicks while it opens).
    ///
    /// Lock-free.
    var refusal: ClickDecision { get }

    /// Queues one click placed by `placement` and says what became of it:
    /// ``ClickDecision/plays``, ``ClickDecision/held``, or why it was refused.
    ///
    /// Lock-free and allocation-free.
    func submit(_ kind: ClickKind, requestedAt: UInt64, placement: ClickPlacement) -> ClickDecision

    /// The clock the sink's `requestedAt` times are on, which a gate stamps
    /// its taps with (``ClickClock``); ``ClickClock/monotonic`` by default.
    var clock: ClickClock { get }
}

extension ClickSink {
    /// Plays the click centred, ignoring `placement`.
    public func submitClick(_ kind: ClickKind, requestedAt: UInt64, placement: ClickPlacement) -> Bool {
        submitClick(kind, requestedAt: requestedAt)
    }

    /// ``submitClick(_:requestedAt:placement:)``, then ``refusal`` if it was refused.
    public func submit(_ kind: ClickKind, requestedAt: UInt64, placement: ClickPlacement) -> ClickDecision {
        submitClick(kind, requestedAt: requestedAt, placement: placement) ? .plays : refusal
    }

    /// ``submit(_:requestedAt:placement:)`` centred.
    public func submit(_ kind: ClickKind, requestedAt: UInt64) -> ClickDecision {
        submit(kind, requestedAt: requestedAt, placement: .center)
    }

    /// A sink that cannot say more refuses for want of an output.
    public var refusal: ClickDecision { .noOutput }

    public var clock: ClickClock { .monotonic }
}
