/// A player, its gate, and a keyboard shown: the one path that tools which
/// play clicks on their own (the CLI's `tap`, the benchmark) take from
/// opening the device to the last click sounding out.
///
/// ```swift
/// let session = ClickSession(player: player, rateLimit: .unlimited)
/// guard session.open(timeout: .seconds(10)) == .reached else { … }
/// session.play(.key)
/// session.drain(timeout: .seconds(4))    // the last click sounds out
/// session.close()
/// ```
///
/// Thread context: one thread at a time drives a session; ``gate`` and
/// ``player`` may be used from any thread as their own docs say.
public final class ClickSession: Sendable {
    /// The player the session shows its keyboard to.
    public let player: ClickPlayer
    /// The gate, with the player as its sink and visibility observer.
    public let gate: InputClickGate
    private let keyboard = SessionKeyboard()

    /// A session on `player`, with a gate of `rateLimit`. Opens nothing yet.
    ///
    /// Thread context: any thread.
    public init(player: ClickPlayer, rateLimit: ClickRateLimit = .unlimited) {
        self.player = player
        self.gate = InputClickGate(sink: player, rateLimit: rateLimit)
    }

    /// Shows a click-enabled keyboard and waits until the stream runs.
    ///
    /// Thread context: the session's thread; blocks up to `timeout`.
    @discardableResult
    public func open(timeout: Duration) -> ClickPlayerWaitResult {
        gate.setVisibleInputViews([keyboard])
        return player.waitUntil(.running, timeout: timeout)
    }

    /// Taps once; see ``InputClickGate/playInputClick(_:)``.
    ///
    /// Thread context: any thread; lock-free and allocation-free.
    @discardableResult
    public func play(_ kind: ClickKind = .key) -> ClickDecision {
        gate.playInputClick(kind)
    }

    /// Waits until every click played has sounded out; see
    /// ``ClickPlayer/drain(timeout:)``. The stream stays open, so its
    /// ``ClickPlayer/statistics`` can still be read; ``close()`` ends it.
    ///
    /// - Returns: whether everything sounded out within `timeout`.
    ///
    /// Thread context: the session's thread; blocks up to `timeout`.
    @discardableResult
    public func drain(timeout: Duration) -> Bool {
        player.drain(timeout: timeout)
    }

    /// Shuts the player down: the device closes now, for good.
    ///
    /// Thread context: the session's thread; waits while the device closes.
    public func close() {
        player.shutdown()
    }
}

/// The keyboard a session shows: it opts in to clicks.
private final class SessionKeyboard: InputViewAudioFeedback, Sendable {
    var enableInputClicksWhenVisible: Bool { true }
}
