/// The life of a ``ClickPlayer``'s stream as a plain value: events in, effects out, in order; the player
/// carries them out on its control queue and decides nothing itself. No device, thread or clock: times come
/// in events, and timers leave as effects with a token, so a superseded timer is ignored. The diagram is in
/// README, *The player's lifecycle*.
///
/// A fault while lingering just closes. One warning per episode: from the first failure until a reopened
/// stream has *proved* itself by consuming audio (a frozen server can accept a connection and play nothing),
/// checked every ``proofCheckNanoseconds``. A stream that fails unproven stays in the episode: no second
/// warning, and the backoff grows past its ceiling up to four times it. On a fault the new state is published
/// before the close, so taps are refused as device-lost at once.
struct PlayerLifecycle: Equatable {
    enum Phase: Equatable, Sendable {
        /// No stream, no device held, no timer pending.
        case closed
        /// An open was asked for and its answer has not come yet.
        case opening
        case running
        /// A stream runs, no click-enabled view is visible, the linger timer is pending.
        case lingering
        /// A view is visible but the device failed; the retry timer is pending.
        case waitingForDevice
        case shutDown
    }

    enum Event: Equatable, Sendable {
        case shown
        case hidden
        /// `at`: nanoseconds of the player's ``ClickClock``.
        case opened(at: UInt64)
        /// `message` names the device; `isPersistent` when retrying soon cannot help (``PersistentOutputError``).
        case openFailed(message: String, isPersistent: Bool = false)
        case faulted(message: String, kind: OutputFault.Kind, at: UInt64)
        case lingerElapsed(token: Int)
        case retryDue(token: Int)
        /// `proven`: the stream's device has consumed audio since it opened.
        case proofChecked(token: Int, proven: Bool)
        case shutDown
    }

    /// A timer to schedule; when it fires, its ``event(deviceProven:)`` goes back to ``handle(_:)``.
    enum Timer: Equatable, Sendable {
        case linger(token: Int)
        case retry(token: Int)
        case proofCheck(token: Int)

        func event(deviceProven: Bool) -> Event {
            switch self {
            case .linger(let token): return .lingerElapsed(token: token)
            case .retry(let token): return .retryDue(token: token)
            case .proofCheck(let token): return .proofChecked(token: token, proven: deviceProven)
            }
        }
    }

    enum Effect: Equatable, Sendable {
        /// Hold taps (``TapRoute``, ``ClickHold``) until the open that follows has succeeded or failed.
        case holdTaps
        /// Open a stream and report back ``Event/opened(at:)`` or ``Event/openFailed(message:isPersistent:)``.
        case open
        /// Stop holding taps: those within the hold limit play on the running stream; the others, or all when none
        /// runs, are dropped, counted and reported.
        case settleHeldTaps
        case close
        /// Drop the clicks the closed stream never took, counted in ``ClickPlayerStatistics/clicksLostWithDevice``.
        case discardQueuedClicks
        case schedule(Timer, afterNanoseconds: UInt64)
        /// Publish ``ClickPlayer/state`` and wake its waiters.
        case publish(ClickPlayerState)
        /// Warn through the warning handler and a ``ClickPlayerEvent/warning(_:)`` event.
        case warn(String)
        /// Tell the warning handler only (the device is back).
        case note(String)
        case reportOpened
        case reportOpenFailed(message: String, retryAfterNanoseconds: UInt64)
        case reportClosed
    }

    let deviceName: String
    let lingerNanoseconds: UInt64
    let retry: RetryBackoff
    /// A stream that ran at least this long before its fault resets the backoff.
    let healthyRunNanoseconds: UInt64
    static let proofCheckNanoseconds = LivenessPolicy.proofCheckNanoseconds

    private(set) var phase = Phase.closed
    private(set) var isVisible = false
    /// Opens tried since the last healthy run, for the backoff.
    private(set) var retryAttempt = 0
    private(set) var hasWarned = false
    /// The device failed under an open stream and the player waits for it; a stream opened then must prove
    /// itself (``RenderHeartbeat/arm(suspectAfterNanoseconds:requiringProof:)``).
    private(set) var isDeviceLost = false
    /// The fault being waited out: set when the stream faults under a visible keyboard; cleared once a reopened
    /// stream proves itself, when the keyboard hides, and at shutdown.
    private(set) var lastFault: OutputFault.Kind?
    private var openedAt: UInt64 = 0
    private var lingerToken = 0
    private var retryToken = 0
    private(set) var proofToken = 0
    private var isProving = false
    /// Streams in a row that failed before they proved themselves.
    private var unprovenFailures = 0

    init(deviceName: String, lingerNanoseconds: UInt64, retry: RetryBackoff,
         healthyRunNanoseconds: UInt64 = LivenessPolicy.standard.healthyRunNanoseconds) {
        self.deviceName = deviceName
        self.lingerNanoseconds = lingerNanoseconds
        self.retry = retry
        self.healthyRunNanoseconds = healthyRunNanoseconds
    }

    mutating func handle(_ event: Event) -> [Effect] {
        if phase == .shutDown {
            // A stream that opened after all is not wanted.
            if case .opened = event { return Self.closing }
            return []
        }
        switch event {
        case .shown: return shown()
        case .hidden: return hidden()
        case .opened(let time): return opened(at: time)
        case .openFailed(let message, let isPersistent): return openFailed(message, isPersistent: isPersistent)
        case .faulted(let message, let kind, let time): return faulted(message, kind: kind, at: time)
        case .lingerElapsed(let token): return lingerElapsed(token)
        case .retryDue(let token): return retryDue(token)
        case .proofChecked(let token, let proven): return proofChecked(token, proven: proven)
        case .shutDown: return shutDown()
        }
    }

    private mutating func shown() -> [Effect] {
        isVisible = true
        switch phase {
        case .closed:
            phase = .opening
            return [.holdTaps, .open]
        case .lingering:
            lingerToken &+= 1
            phase = .running
            return [.publish(.running)]
        case .running, .opening, .waitingForDevice, .shutDown:
            return []
        }
    }

    private mutating func hidden() -> [Effect] {
        isVisible = false
        switch phase {
        case .running, .lingering:
            phase = .lingering
            return startLinger()
        case .waitingForDevice:
            // Stop retrying: nothing is visible to click for.
            retryToken &+= 1
            retryAttempt = 0
            isDeviceLost = false
            lastFault = nil
            phase = .closed
            return [.publish(.closed)]
        case .closed, .opening, .shutDown:
            return []
        }
    }

    private mutating func opened(at time: UInt64) -> [Effect] {
        guard phase == .opening else { return Self.closing }
        openedAt = time
        isDeviceLost = false
        var effects: [Effect] = [.settleHeldTaps]
        // In an episode of failure, the episode ends when the stream proves itself.
        if hasWarned {
            isProving = true
            effects.append(startProofCheck())
        }
        if isVisible {
            phase = .running
            effects += [.publish(.running), .reportOpened]
        } else {
            phase = .lingering
            effects += [.publish(.lingering), .reportOpened]
            effects += startLinger().filter { $0 != .publish(.lingering) }
        }
        return effects
    }

    private mutating func openFailed(_ message: String, isPersistent: Bool) -> [Effect] {
        guard phase == .opening else { return [] }
        let delay = isPersistent ? retry.persistentFailureNanoseconds : retry.delay(forAttempt: retryAttempt)
        retryAttempt += 1
        var effects: [Effect] = [.reportOpenFailed(message: message, retryAfterNanoseconds: delay)]
        effects += warnOnce(isPersistent
            ? "\(message). Clicks are off until that is fixed; trying again every \(delay / 1_000_000_000) s."
            : "\(message). Clicks are dropped until it can be opened; retrying in the background.")
        effects.append(.settleHeldTaps)
        guard isVisible else {
            phase = .closed
            return effects + [.publish(.closed)]
        }
        return effects + waitForDevice(after: delay)
    }

    private mutating func faulted(_ message: String, kind: OutputFault.Kind, at time: UInt64) -> [Effect] {
        guard phase == .running || phase == .lingering else { return [] }
        proofToken &+= 1
        let failedUnproven = isProving
        isProving = false
        if time &- openedAt >= healthyRunNanoseconds { retryAttempt = 0 }
        guard isVisible else {
            phase = .closed
            return Self.closing + [.publish(.closed)]
        }
        lastFault = kind
        let warning = warnOnce("audio device '\(deviceName)' failed: \(message). Clicks are dropped until it is back; retrying in the background.")
        var delay = retry.delay(forAttempt: retryAttempt)
        retryAttempt += 1
        // A device that takes connections and then plays nothing (a frozen
        // server) is not reopened at the usual pace: each stream of it that
        // failed unproven doubles the wait, up to four times the longest.
        if failedUnproven {
            unprovenFailures += 1
            delay = max(delay, min(4 * retry.maximumNanoseconds, retry.maximumNanoseconds << min(unprovenFailures, 8)))
        }
        isDeviceLost = true
        // Published first: taps are refused as device-lost while the close runs.
        let waiting = waitForDevice(after: delay)
        return [waiting[0]] + warning + Self.closing + waiting.dropFirst()
    }

    private mutating func lingerElapsed(_ token: Int) -> [Effect] {
        guard token == lingerToken, phase == .lingering, !isVisible else { return [] }
        phase = .closed
        proofToken &+= 1
        isProving = false
        return Self.closing + [.publish(.closed), .reportClosed]
    }

    private mutating func proofChecked(_ token: Int, proven: Bool) -> [Effect] {
        guard token == proofToken, phase == .running || phase == .lingering else { return [] }
        guard proven else { return [startProofCheck()] }
        hasWarned = false
        lastFault = nil
        isProving = false
        unprovenFailures = 0
        return [.note("audio device '\(deviceName)' is open again; clicks play")]
    }

    private mutating func retryDue(_ token: Int) -> [Effect] {
        guard token == retryToken, phase == .waitingForDevice, isVisible else { return [] }
        phase = .opening
        return [.holdTaps, .open]
    }

    private mutating func shutDown() -> [Effect] {
        let hadStream = phase == .running || phase == .lingering
        lingerToken &+= 1
        retryToken &+= 1
        proofToken &+= 1
        isProving = false
        isDeviceLost = false
        lastFault = nil
        phase = .shutDown
        // Taps held for an open under way, or since a view showed, are settled too.
        return (hadStream ? Self.closing + [.reportClosed] : []) + [.settleHeldTaps, .publish(.shutDown)]
    }

    /// Closing the open stream: close it, then count what it never took.
    private static let closing: [Effect] = [.close, .discardQueuedClicks]

    private mutating func startLinger() -> [Effect] {
        lingerToken &+= 1
        return [.publish(.lingering), .schedule(.linger(token: lingerToken), afterNanoseconds: lingerNanoseconds)]
    }

    private mutating func startProofCheck() -> Effect {
        proofToken &+= 1
        return .schedule(.proofCheck(token: proofToken), afterNanoseconds: Self.proofCheckNanoseconds)
    }

    private mutating func waitForDevice(after delay: UInt64) -> [Effect] {
        retryToken &+= 1
        phase = .waitingForDevice
        return [.publish(.waitingForDevice), .schedule(.retry(token: retryToken), afterNanoseconds: delay)]
    }

    private mutating func warnOnce(_ text: String) -> [Effect] {
        guard !hasWarned else { return [] }
        hasWarned = true
        return [.warn(text)]
    }
}
