import Synchronization

/// The entry point that decides whether a key click plays: the counterpart of
/// UIKit's `UIDevice.current.playInputClick()`.
///
/// A click plays only when the user's settings allow clicks **and** at least
/// one visible input view or input accessory view of the first responder has
/// opted in through ``InputViewAudioFeedback``. Otherwise ``playInputClick(_:)``
/// does nothing, and ``decision(for:)`` says why.
///
/// ```swift
/// let gate = InputClickGate(sink: player)
/// gate.setVisibleInputViews([keyboardView])   // the host shows a keyboard
/// gate.playInputClick()                       // on each tap
/// ```
///
/// Host code reports what is visible with ``setVisibleInputViews(_:)``; the
/// settings arrive through ``apply(_:)``.
///
/// While the first responder uses secure text entry
/// (``setSecureTextEntry(_:)``), every click plays the ``ClickKind/key`` sound,
/// so that the sound never tells which key was pressed.
///
/// Thread context: the play methods (``playInputClick(_:)``, its variants,
/// ``play(_:at:placement:)``) and ``decision(for:)`` are lock-free and
/// allocation-free and never wait for audio; the others take a short
/// internal lock.
public final class InputClickGate: Sendable {
    private let sink: (any ClickSink)?
    /// The sink's clock (``ClickSink/clock``), which taps are stamped with.
    public let clock: ClickClock
    private let limiter: ClickRateLimiter
    /// The packed ``GateState``, read by every tap in one load.
    private let state = Atomic<UInt32>(GateState().rawValue)
    /// The observers and the notifications not yet delivered, behind the gate's one lock.
    private let observers = Mutex(ObserverList())

    /// Creates a gate.
    ///
    /// When `sink` is also an ``InputViewVisibilityObserver`` (a
    /// ``ClickPlayer`` is), it is the gate's first observer: the player hears
    /// when a click-enabled view shows, and opens its stream, without any
    /// further wiring.
    ///
    /// - Parameters:
    ///   - sink: Where clicks go; `nil` makes every click report ``ClickDecision/noOutput``.
    ///   - settings: The settings in force until ``apply(_:)`` is called.
    ///   - rateLimit: The per-kind rate limit. Default: at most 20 per kind in any one second.
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

    /// Plays a click of the given kind if the gate allows it; otherwise does nothing.
    ///
    /// - Parameter kind: The key's kind; ``ClickKind/key`` when omitted.
    /// - Returns: What happened: ``ClickDecision/plays`` or the reason it did not.
    @discardableResult
    public func playInputClick(_ kind: ClickKind = .key) -> ClickDecision {
        play(kind, at: clock.now()).decision
    }

    /// Plays a click as if asked for at `time` (nanoseconds of the sink's
    /// ``ClickSink/clock``, ``MonotonicClock`` for a player that runs in real time).
    ///
    /// Script runners with their own timeline use this so that rate limiting
    /// follows their clock.
    @discardableResult
    public func playInputClick(_ kind: ClickKind, at time: UInt64) -> ClickDecision {
        play(kind, at: time).decision
    }

    /// Plays a click as ``playInputClick(_:at:)`` does, placed by `placement`
    /// (pan, gain, variation). During secure text entry the click is centred,
    /// at full level and unvaried, like every other tap there.
    @discardableResult
    public func playInputClick(_ kind: ClickKind, at time: UInt64, placement: ClickPlacement) -> ClickDecision {
        play(kind, at: time, placement: placement).decision
    }

    /// Plays a click as if asked for at `time`, placed by `placement`
    /// (centred by default), and says both what happened and which sound was
    /// chosen (``ClickKind/key`` for every tap during secure text entry), both
    /// from the one state the tap was decided on.
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

    /// The sound a tap of `kind` plays right now: `kind` itself, or ``ClickKind/key``
    /// during secure text entry.
    ///
    /// Lock-free.
    public func soundKind(for kind: ClickKind) -> ClickKind {
        GateState(rawValue: state.load(ordering: .acquiring)).soundKind(kind)
    }

    // MARK: Host-reported state

    /// Reports which input views and input accessory views of the first
    /// responder are visible now; pass `[]` when the keyboard hides.
    ///
    /// Each view's ``InputViewAudioFeedback/enableInputClicksWhenVisible`` is
    /// read here. Observers hear of a change in whether any opted-in view is
    /// visible, in the order the changes happened, never while the gate holds
    /// its lock. When several threads report at once, one of them delivers the
    /// notifications of all, so a call may return just before its own
    /// notification is delivered on another thread.
    ///
    /// Takes the gate's observer lock briefly.
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

    /// Whether a visible input view or accessory view has opted in to clicks.
    ///
    /// Lock-free.
    public var isClickEnabledInputViewVisible: Bool {
        GateState(rawValue: state.load(ordering: .acquiring)).isClickEnabledViewVisible
    }

    /// Reports whether the first responder's text input is secure (a password field).
    ///
    /// Lock-free.
    public func setSecureTextEntry(_ secure: Bool) {
        update { $0.isSecureTextEntry = secure }
    }

    /// Applies the user's settings: whether clicks are on and the profile.
    /// (Volume, sounds and ducking belong to the player and mixer.)
    ///
    /// Lock-free.
    public func apply(_ settings: ClickSettings) {
        update {
            $0.clicksEnabled = settings.clicksEnabled
            $0.profile = settings.profile
        }
    }

    /// Adds an observer of click-enabled visibility. It is told the current
    /// state at once if a click-enabled view is already visible. Adding an
    /// observer that is already there (for example the player the gate was
    /// made with) does nothing.
    ///
    /// Takes the gate's observer lock briefly and
    /// calls the observer outside it.
    public func addVisibilityObserver(_ observer: any InputViewVisibilityObserver) {
        let delivers = observers.withLock { list -> Bool in
            guard !list.observers.contains(where: { $0 === observer }) else { return false }
            list.observers.append(observer)
            guard isClickEnabledInputViewVisible else { return false }
            return list.enqueue(Notification(visible: true, observers: [observer]))
        }
        if delivers { deliverNotifications() }
    }

    /// Removes an observer added with ``addVisibilityObserver(_:)`` (or the
    /// player the gate was made with). A notification already being delivered
    /// on another thread may still reach it.
    ///
    /// Takes the gate's observer lock briefly.
    public func removeVisibilityObserver(_ observer: any InputViewVisibilityObserver) {
        observers.withLock { $0.observers.removeAll { $0 === observer } }
    }

    // MARK: Observers

    /// Delivers queued notifications, outside the lock, until none is left.
    /// Only one thread delivers at a time (the one ``ObserverList/enqueue(_:)``
    /// chose), so observers hear changes in order.
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

/// One change of click-enabled visibility and who is to hear it.
private struct Notification {
    var visible: Bool
    var observers: [any InputViewVisibilityObserver]
}

/// The gate's observers and the notifications waiting for delivery.
private struct ObserverList: @unchecked Sendable {
    var observers: [any InputViewVisibilityObserver] = []
    private var pending: [Notification] = []
    private var isDelivering = false

    /// Queues `notification`; returns `true` when the caller is to deliver
    /// (nobody else is delivering).
    mutating func enqueue(_ notification: Notification) -> Bool {
        pending.append(notification)
        guard !isDelivering else { return false }
        isDelivering = true
        return true
    }

    /// The next notification to deliver; `nil`, and delivery ends, when none is left.
    mutating func next() -> Notification? {
        guard !pending.isEmpty else {
            isDelivering = false
            return nil
        }
        return pending.removeFirst()
    }
}
