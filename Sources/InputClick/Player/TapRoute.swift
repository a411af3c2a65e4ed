#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// Where a tap on a ``ClickPlayer`` goes, in one atomic word: the running stream's mixer, the ``ClickHold``
/// while a stream opens, or a refusal with its reason. The control queue sets it (``set(_:)``) as it carries
/// out the ``PlayerLifecycle``'s effects; a tap, from any thread, reads it and does what it says.
///
/// ```
/// closed ──a view shows (any thread)──▶ hold ◀── holdTaps (each open)
///   ▲                                     │ the stream runs / the open fails
///   │ published closed                    ▼
///   └───────────────────────────── mixer │ refuse(noOutput) │ refuse(deviceLost)
/// ```
///
/// A tap counts itself into the word while it pushes into the hold, and the route leaves the hold only when
/// no tap is inside, so no tap let in is left behind when the hold is settled. The tap side is lock-free and
/// allocation-free.
final class TapRoute: Sendable {
    enum Destination {
        /// No stream, none opening: refused as ``ClickDecision/noOutput``; a view that shows starts holding at once.
        case closed
        case hold(whenFull: ClickDecision)
        /// Queued on `mixer`, which the player keeps for its life.
        case mixer(Mixer)
        case refuse(ClickDecision)
    }

    // The word: 0 closed; 1 refuse(noOutput); 2 refuse(deviceLost); 3 or 4
    // the hold (full: noOutput, deviceLost), plus 8 for each tap inside;
    // anything else a mixer's address, whose low three bits are zero.
    private static let closedWord: UInt = 0
    private static let tagBits: UInt = 7
    private static let tapInside: UInt = 8
    private let word = Atomic<UInt>(TapRoute.closedWord)

    private let hold: ClickHold
    private let heartbeat: RenderHeartbeat
    private let statistics: PlayerStatisticsAccumulator
    private let clock: ClickClock

    init(hold: ClickHold, heartbeat: RenderHeartbeat, statistics: PlayerStatisticsAccumulator, clock: ClickClock) {
        self.hold = hold
        self.heartbeat = heartbeat
        self.statistics = statistics
        self.clock = clock
    }

    // MARK: Taps

    /// Queues, holds or refuses `request`, as the route says, and counts it.
    func submit(_ request: ClickRequest) -> ClickDecision {
        var current = word.load(ordering: .acquiring)
        while true {
            if let mixer = Self.mixer(current) { return submit(request, to: mixer) }
            guard Self.isHold(current) else {
                statistics.countDropped()
                return Self.reason(current)
            }
            let (entered, seen) = word.compareExchange(expected: current, desired: current &+ Self.tapInside,
                                                       ordering: .acquiringAndReleasing)
            guard entered else {
                current = seen
                continue
            }
            let held = hold.hold(request)
            word.wrappingSubtract(Self.tapInside, ordering: .releasing)
            if held {
                statistics.countHeld()
                return .held
            }
            statistics.countDropped()
            return Self.reason(current)
        }
    }

    /// ``ClickDecision/plays``, or ``ClickDecision/suspect`` while the device is suspect (``RenderHeartbeat``).
    private func submit(_ request: ClickRequest, to mixer: Unmanaged<Mixer>) -> ClickDecision {
        let suspect = heartbeat.isSuspect(now: clock.now())
        // A click given to a suspect device plays only if the render thread
        // takes it within the stale limit of the tap.
        guard mixer._withUnsafeGuaranteedRef({
            $0.submitClick(request.kind, requestedAt: request.requestedAt, placement: request.placement,
                           expiresWhenStale: suspect)
        }) else {
            statistics.countQueueFull()
            return .queueFull
        }
        statistics.countAccepted()
        guard !suspect else {
            statistics.countSuspect()
            return .suspect
        }
        return .plays
    }

    var isAcceptingClicks: Bool {
        guard let mixer = Self.mixer(word.load(ordering: .acquiring)), !heartbeat.isSuspect(now: clock.now())
        else { return false }
        return mixer._withUnsafeGuaranteedRef { $0.isAcceptingClicks }
    }

    /// Why a click would not play now: on a mixer ``ClickDecision/queueFull``, or ``ClickDecision/suspect``;
    /// ``ClickDecision/held`` while the hold has room; else the route's reason.
    var refusal: ClickDecision {
        let current = word.load(ordering: .acquiring)
        if let mixer = Self.mixer(current) {
            let hasRoom = mixer._withUnsafeGuaranteedRef { $0.isAcceptingClicks }
            return hasRoom && heartbeat.isSuspect(now: clock.now()) ? .suspect : .queueFull
        }
        if Self.isHold(current) && hold.hasRoom { return .held }
        return Self.reason(current)
    }

    var isHolding: Bool { Self.isHold(word.load(ordering: .acquiring)) }

    // MARK: Control

    /// Starts holding if the route is ``Destination/closed``: taps are held from the moment a view shows to a
    /// closed player, before its open runs.
    func holdIfClosed() {
        _ = word.compareExchange(expected: Self.closedWord, desired: Self.word(for: .hold(whenFull: .noOutput)),
                                 ordering: .acquiringAndReleasing)
    }

    /// Sets the route, once no tap is inside the hold.
    func set(_ destination: Destination) {
        let desired = Self.word(for: destination)
        var current = word.load(ordering: .acquiring)
        while true {
            // A tap inside the hold leaves it within a push; wait that out.
            if Self.isHold(current) && current >= Self.tapInside {
                sched_yield()
                current = word.load(ordering: .acquiring)
                continue
            }
            let (exchanged, seen) = word.compareExchange(expected: current, desired: desired,
                                                         ordering: .acquiringAndReleasing)
            if exchanged { return }
            current = seen
        }
    }

    var mixer: Mixer? { Self.mixer(word.load(ordering: .acquiring))?.takeUnretainedValue() }

    // MARK: The word

    private static func word(for destination: Destination) -> UInt {
        switch destination {
        case .closed: return closedWord
        case .refuse(let reason): return reason == .deviceLost ? 2 : 1
        case .hold(let whenFull): return whenFull == .deviceLost ? 4 : 3
        case .mixer(let mixer):
            let address = UInt(bitPattern: Unmanaged.passUnretained(mixer).toOpaque())
            precondition(address & tagBits == 0, "TapRoute: a mixer's address is at least 8-byte aligned")
            return address
        }
    }

    @inline(__always)
    private static func isHold(_ word: UInt) -> Bool {
        let tag = word & tagBits
        return tag == 3 || tag == 4
    }

    @inline(__always)
    private static func mixer(_ word: UInt) -> Unmanaged<Mixer>? {
        guard word >= tapInside, word & tagBits == 0, let raw = UnsafeMutableRawPointer(bitPattern: word) else { return nil }
        return Unmanaged.fromOpaque(raw)
    }

    @inline(__always)
    private static func reason(_ word: UInt) -> ClickDecision {
        let tag = word & tagBits
        return tag == 2 || tag == 4 ? .deviceLost : .noOutput
    }
}
