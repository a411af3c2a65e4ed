import Synchronization

/// Decides whether a key click plays: the counterpart of UIKit's `UIDevice.current.playInputClick()`. A click
/// plays only when the settings allow clicks **and** a visible input view or input accessory view of the first
/// responder opted in through ``InputViewAudioFeedback``; otherwise ``decision(for:)`` says why. During secure
/// text entry every click plays the ``ClickKind/key`` sound, so the sound never tells which key was pressed.
///
/// ```swift
/// let gate = InputClickGate(sink: player)
/// gate.setVisibleInputViews([keyboardView])   // the host shows a keyboard
/// gate.playInputClick()                       // on each tap
/// ```
///
/// Thread context: ``setVisibleInputViews(_:)`` and the observer methods take a short lock; everything else
/// is lock-free and allocation-free, and nothing waits for audio.
public final class InputClickGate: Sendable {
    private let sink: (any ClickSink)?
    /// The sink's clock (``ClickSink/clock``), which taps are stamped with.
    public let clock: ClickClock
    private let limiter: ClickRateLimiter
    /// The packed ``GateState``, read by every tap in one load.
    private let state = Atomic<UInt32>(GateState().rawValue)
    private let observers = Mutex(ObserverList())

    /// A `sink` that is also an ``InputViewVisibilityObserver`` (a ``ClickPlayer`` is) becomes the first observer,
    /// so it opens its stream when a click-enabled view shows, with no further wiring.
    ///
    /// - Parameters:
    ///   - sink: `nil` makes every click report ``ClickDecision/noOutput``.
    ///   - settings: in force until ``apply(_:)``.
    public init(sink: (any ClickSink)?, settings: ClickSettings = ClickSettings(),
                rateLimit: ClickRateLimit = .default) {
        self.sink = sink
        self.clock = sink?.clock ?? .monotonic
        self.limiter = ClickRateLimiter(rateLimit)
        apply(settings)
        if let observer = sink as? any InputViewVisibilityObserver {
            observers.withLock { $0.observers.append(observer) }
        }
    }

    // MARK: Clicks

    /// Plays a click of `kind` if the gate allows it; returns ``ClickDecision/plays`` or why not.
    @discardableResult
    public func playInputClick(_ kind: ClickKind = .key) -> ClickDecision {
        play(kind, at: clock.now()).decision
    }

    /// As if asked for at `time` (the sink's ``ClickSink/clock``), for script runners whose rate limiting follows
    /// their own timeline.
    @discardableResult
    public func playInputClick(_ kind: ClickKind, at time: UInt64) -> ClickDecision {
        play(kind, at: time).decision
    }

    /// Placed by `placement` (pan, gain, variation); during secure text entry centred, full and unvaried.
    @discardableResult
    public func playInputClick(_ kind: ClickKind, at time: UInt64, placement: ClickPlacement) -> ClickDecision {
        play(kind, at: time, placement: placement).decision
    }

    /// Like ``playInputClick(_:at:placement:)``, also saying which sound was chosen, from the same state.
    @discardableResult
    public func play(_ kind: ClickKind, at time: UInt64, placement: ClickPlacement = .center) -> ClickOutcome {
        let current = GateState(rawValue: state.load(ordering: .acquiring))
        let played = current.soundKind(kind)
        if let refusal = current.refusal { return ClickOutcome(decision: refusal, soundKind: played) }
        guard limiter.admit(played, at: time) else { return ClickOutcome(decision: .rateLimited, soundKind: played) }
        guard let sink else { return ClickOutcome(decision: .noOutput, soundKind: played) }
        let placed = current.isSecureTextEntry ? ClickPlacement(varies: false) : placement
        return ClickOutcome(decision: sink.submit(played, requestedAt: time, placement: placed), soundKind: played)
    }

    /// What ``playInputClick(_:)`` would do now, without playing or counting anything.
    public func decision(for kind: ClickKind = .key) -> ClickDecision {
        let current = GateState(rawValue: state.load(ordering: .acquiring))
        if let refusal = current.refusal { return refusal }
        guard limiter.wouldAdmit(current.soundKind(kind), at: clock.now()) else { return .rateLimited }
        guard let sink else { return .noOutput }
        guard sink.isAcceptingClicks else { return sink.refusal }
        return .plays
    }

    /// `kind`, or ``ClickKind/key`` during secure text entry.
    public func soundKind(for kind: ClickKind) -> ClickKind {
        GateState(rawValue: state.load(ordering: .acquiring)).soundKind(kind)
    }

    // MARK: Host-reported state

    /// Reports the first responder's visible input and accessory views (`[]` when the keyboard hides), reading
    /// each view's ``InputViewAudioFeedback/enableInputClicksWhenVisible`` now. Observers hear each change of
    /// click-enabled visibility in order, outside the lock; when threads report at once one delivers for all, so
    /// a call may return before its notification is delivered on another thread.
    public func setVisibleInputViews(_ views: [AnyObject]) {
        let visibility: GateState.Visibility
        if views.isEmpty {
            visibility = .none
        } else if views.contains(where: { ($0 as? any InputViewAudioFeedback)?.enableInputClicksWhenVisible == true }) {
            visibility = .optedIn
        } else {
            visibility = .notOptedIn
        }
        let delivers = observers.withLock { list -> Bool in
            let old = update { $0.visibility = visibility }
            let isOptedIn = visibility == .optedIn
            guard old.isClickEnabledViewVisible != isOptedIn, !list.observers.isEmpty else { return false }
            return list.enqueue(Notification(visible: isOptedIn, observers: list.observers))
        }
        if delivers { deliverNotifications() }
    }

    public var isClickEnabledInputViewVisible: Bool {
        GateState(rawValue: state.load(ordering: .acquiring)).isClickEnabledViewVisible
    }

    /// Whether the first responder's text input is secure (a password field).
    public func setSecureTextEntry(_ secure: Bool) {
        update { $0.isSecureTextEntry = secure }
    }

    /// Applies whether clicks are on and the profile; volume, sounds and ducking belong to the player.
    public func apply(_ settings: ClickSettings) {
        update {
            $0.clicksEnabled = settings.clicksEnabled
            $0.profile = settings.profile
        }
    }

    /// Told the current state at once if a click-enabled view is visible; adding one already there does nothing.
    public func addVisibilityObserver(_ observer: any InputViewVisibilityObserver) {
        let delivers = observers.withLock { list -> Bool in
            guard !list.observers.contains(where: { $0 === observer }) else { return false }
            list.observers.append(observer)
            guard isClickEnabledInputViewVisible else { return false }
            return list.enqueue(Notification(visible: true, observers: [observer]))
        }
        if delivers { deliverNotifications() }
    }

    /// A notification already being delivered on another thread may still reach it.
    public func removeVisibilityObserver(_ observer: any InputViewVisibilityObserver) {
        observers.withLock { $0.observers.removeAll { $0 === observer } }
    }

    // MARK: Observers

    /// Delivers queued notifications outside the lock until none is left; one thread at a time (the one
    /// ``ObserverList/enqueue(_:)`` chose), so observers hear changes in order.
    private func deliverNotifications() {
        while let notification = observers.withLock({ $0.next() }) {
            for observer in notification.observers {
                observer.clickEnabledInputViewVisibilityChanged(notification.visible)
            }
        }
    }

    // MARK: State

    @discardableResult
    private func update(_ change: (inout GateState) -> Void) -> GateState {
        var old = state.load(ordering: .relaxed)
        while true {
            var new = GateState(rawValue: old)
            change(&new)
            let (done, seen) = state.compareExchange(expected: old, desired: new.rawValue, ordering: .acquiringAndReleasing)
            if done { return GateState(rawValue: old) }
            old = seen
        }
    }
}

private struct Notification {
    var visible: Bool
    var observers: [any InputViewVisibilityObserver]
}

private struct ObserverList: @unchecked Sendable {
    var observers: [any InputViewVisibilityObserver] = []
    private var pending: [Notification] = []
    private var isDelivering = false

    /// Returns `true` when the caller is to deliver (nobody else is).
    mutating func enqueue(_ notification: Notification) -> Bool {
        pending.append(notification)
        guard !isDelivering else { return false }
        isDelivering = true
        return true
    }

    /// `nil`, ending delivery, when none is left.
    mutating func next() -> Notification? {
        guard !pending.isEmpty else {
            isDelivering = false
            return nil
        }
        return pending.removeFirst()
    }
}
