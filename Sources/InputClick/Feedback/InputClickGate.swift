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
/// Thread context: every method may be called from any thread.
/// ``playInputClick(_:)`` and ``decision(for:)`` are lock-free and
/// allocation-free; the others take a short internal lock.
public final class InputClickGate: Sendable {
    private enum Visibility: UInt8 {
        case none = 0, notOptedIn = 1, optedIn = 2
    }

    private let sink: (any ClickSink)?
    private let limiter: ClickRateLimiter
    /// Bit 0: clicks enabled; bits 1–2: profile; bit 3: secure text entry; bits 8–9: visibility.
    private let state = Atomic<UInt32>(1)
    private let observers = Mutex<[any InputViewVisibilityObserver]>([])
    private let visibilityLock = Mutex<Void>(())

    /// Creates a gate.
    ///
    /// - Parameters:
    ///   - sink: Where clicks go; `nil` makes every click report ``ClickDecision/noOutput``.
    ///   - settings: The settings in force until ``apply(_:)`` is called.
    ///   - rateLimit: The per-kind rate limit. Default: at most 20 per kind in any one second.
    ///
    /// Thread context: any thread.
    public init(sink: (any ClickSink)?, settings: ClickSettings = ClickSettings(),
                rateLimit: ClickRateLimit = .default) {
        self.sink = sink
        self.limiter = ClickRateLimiter(rateLimit)
        apply(settings)
    }

    // MARK: Clicks

    /// Plays a click of the given kind if the gate allows it; otherwise does nothing.
    ///
    /// - Parameter kind: The key's kind; ``ClickKind/key`` when omitted.
    /// - Returns: What happened: ``ClickDecision/plays`` or the reason it did not.
    ///
    /// Thread context: any thread. Lock-free and allocation-free; never waits for audio.
    @discardableResult
    public func playInputClick(_ kind: ClickKind = .key) -> ClickDecision {
        playInputClick(kind, at: MonotonicClock.now())
    }

    /// Plays a click as if asked for at `time` (nanoseconds of ``MonotonicClock``).
    ///
    /// Script runners with their own timeline use this so that rate limiting
    /// follows their clock.
    ///
    /// Thread context: any thread. Lock-free and allocation-free.
    @discardableResult
    public func playInputClick(_ kind: ClickKind, at time: UInt64) -> ClickDecision {
        playInputClick(kind, at: time, placement: .center)
    }

    /// Plays a click as ``playInputClick(_:at:)`` does, placed by `placement`
    /// (pan, gain, variation). During secure text entry the click is centred,
    /// at full level and unvaried, like every other tap there.
    ///
    /// Thread context: any thread. Lock-free and allocation-free.
    @discardableResult
    public func playInputClick(_ kind: ClickKind, at time: UInt64, placement: ClickPlacement) -> ClickDecision {
        let bits = state.load(ordering: .acquiring)
        if let refusal = Self.refusal(bits) { return refusal }
        let played = Self.soundKind(kind, bits)
        guard limiter.admit(played, at: time) else { return .rateLimited }
        guard let sink else { return .noOutput }
        let placed = bits & 0x8 != 0 ? ClickPlacement(varies: false) : placement
        guard sink.submitClick(played, requestedAt: time, placement: placed) else { return sink.refusal }
        return .plays
    }

    /// What ``playInputClick(_:)`` would do now, without playing or counting anything.
    ///
    /// Thread context: any thread. Lock-free and allocation-free.
    public func decision(for kind: ClickKind = .key) -> ClickDecision {
        let bits = state.load(ordering: .acquiring)
        if let refusal = Self.refusal(bits) { return refusal }
        guard limiter.wouldAdmit(Self.soundKind(kind, bits), at: MonotonicClock.now()) else { return .rateLimited }
        guard let sink else { return .noOutput }
        guard sink.isAcceptingClicks else { return sink.refusal }
        return .plays
    }

    /// The sound a tap of `kind` plays right now: `kind` itself, or ``ClickKind/key``
    /// during secure text entry.
    ///
    /// Thread context: any thread; lock-free.
    public func soundKind(for kind: ClickKind) -> ClickKind {
        Self.soundKind(kind, state.load(ordering: .acquiring))
    }

    // MARK: Host-reported state

    /// Reports which input views and input accessory views of the first
    /// responder are visible now; pass `[]` when the keyboard hides.
    ///
    /// Each view's ``InputViewAudioFeedback/enableInputClicksWhenVisible`` is
    /// read here. Observers hear of a change in whether any opted-in view is visible.
    ///
    /// Thread context: any thread; takes the gate's visibility lock.
    public func setVisibleInputViews(_ views: [AnyObject]) {
        let visibility: Visibility
        if views.isEmpty {
            visibility = .none
        } else if views.contains(where: { ($0 as? any InputViewAudioFeedback)?.enableInputClicksWhenVisible == true }) {
            visibility = .optedIn
        } else {
            visibility = .notOptedIn
        }
        visibilityLock.withLock { _ in
            let old = update { ($0 & ~0x300) | (UInt32(visibility.rawValue) << 8) }
            let wasOptedIn = (old >> 8) & 0x3 == UInt32(Visibility.optedIn.rawValue)
            let isOptedIn = visibility == .optedIn
            guard wasOptedIn != isOptedIn else { return }
            for observer in observers.withLock({ $0 }) {
                observer.clickEnabledInputViewVisibilityChanged(isOptedIn)
            }
        }
    }

    /// Whether a visible input view or accessory view has opted in to clicks.
    ///
    /// Thread context: any thread; lock-free.
    public var isClickEnabledInputViewVisible: Bool {
        (state.load(ordering: .acquiring) >> 8) & 0x3 == UInt32(Visibility.optedIn.rawValue)
    }

    /// Reports whether the first responder's text input is secure (a password field).
    ///
    /// Thread context: any thread; lock-free.
    public func setSecureTextEntry(_ secure: Bool) {
        update { secure ? ($0 | 0x8) : ($0 & ~0x8) }
    }

    /// Applies the user's settings: whether clicks are on and the profile.
    /// (Volume, sounds and ducking belong to the player and mixer.)
    ///
    /// Thread context: any thread; lock-free.
    public func apply(_ settings: ClickSettings) {
        let bits = (settings.clicksEnabled ? 1 : 0) | (UInt32(settings.profile.rawValue) << 1)
        update { ($0 & ~0x7) | bits }
    }

    /// Adds an observer of click-enabled visibility. It is told the current
    /// state at once if a click-enabled view is already visible.
    ///
    /// Thread context: any thread; takes the gate's visibility lock.
    public func addVisibilityObserver(_ observer: any InputViewVisibilityObserver) {
        visibilityLock.withLock { _ in
            observers.withLock { $0.append(observer) }
            if isClickEnabledInputViewVisible { observer.clickEnabledInputViewVisibilityChanged(true) }
        }
    }

    /// Removes an observer added with ``addVisibilityObserver(_:)``.
    ///
    /// Thread context: any thread; takes the gate's visibility lock.
    public func removeVisibilityObserver(_ observer: any InputViewVisibilityObserver) {
        visibilityLock.withLock { _ in
            observers.withLock { $0.removeAll { $0 === observer } }
        }
    }

    // MARK: Bits

    @discardableResult
    private func update(_ transform: (UInt32) -> UInt32) -> UInt32 {
        var old = state.load(ordering: .relaxed)
        while true {
            let (done, seen) = state.compareExchange(expected: old, desired: transform(old), ordering: .acquiringAndReleasing)
            if done { return old }
            old = seen
        }
    }

    @inline(__always)
    private static func refusal(_ bits: UInt32) -> ClickDecision? {
        if bits & 0x1 == 0 { return .clicksOff }
        if (bits >> 1) & 0x3 == UInt32(ClickProfile.silent.rawValue) { return .silentProfile }
        switch (bits >> 8) & 0x3 {
        case UInt32(Visibility.none.rawValue): return .noVisibleInputView
        case UInt32(Visibility.notOptedIn.rawValue): return .notOptedIn
        default: return nil
        }
    }

    @inline(__always)
    private static func soundKind(_ kind: ClickKind, _ bits: UInt32) -> ClickKind {
        bits & 0x8 != 0 ? .key : kind
    }
}
