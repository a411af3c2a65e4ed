import Synchronization

// Blocking waits on a player: for a state, and for its clicks to sound out.
extension ClickPlayer {
    /// Waits until the player is in `state`, woken when the control queue
    /// publishes a new state (no polling).
    ///
    /// Waiting for ``ClickPlayerState/running`` after a click-enabled view
    /// was shown returns once clicks play (``isAcceptingClicks``). A player
    /// waiting for a device stays in ``ClickPlayerState/waitingForDevice``
    /// while it retries, so a wait for `running` then runs to its timeout
    /// and says so.
    ///
    /// - Returns: ``ClickPlayerWaitResult/reached`` (at once if the player
    ///   is in `state` already), ``ClickPlayerWaitResult/timedOut(_:)`` with
    ///   the state when the timeout passed, or ``ClickPlayerWaitResult/shutDown``
    ///   when the player shut down while waiting for another state.
    @discardableResult
    public func waitUntil(_ state: ClickPlayerState, timeout: Duration) -> ClickPlayerWaitResult {
        waitUntil(anyOf: [state], timeout: timeout)
    }

    /// Waits until the player is in one of `states`; like
    /// ``waitUntil(_:timeout:)``, which it generalizes. For example
    /// `[.running, .waitingForDevice]` returns as soon as the first open
    /// either worked or failed.
    @discardableResult
    public func waitUntil(anyOf states: Set<ClickPlayerState>, timeout: Duration) -> ClickPlayerWaitResult {
        let deadline = MonotonicClock.deadline(after: timeout)
        let shutDown = ClickPlayerState.shutDown.rawValue
        var wanted: UInt32 = 0
        for state in states { wanted |= 1 << UInt32(state.rawValue) }
        let seen = publishedState.wait(untilNanoseconds: deadline) { wanted & (1 << UInt32($0)) != 0 || $0 == shutDown }
        if wanted & (1 << UInt32(seen)) != 0 { return .reached }
        if seen == shutDown { return .shutDown }
        return .timedOut(ClickPlayerState(rawValue: seen) ?? .closed)
    }

    /// Waits until every click accepted so far has been written to the
    /// device and has sounded out, so that closing the stream, or the
    /// process exiting, cuts none short.
    ///
    /// It returns at once when no stream is open (nothing can sound) or no
    /// click was accepted on the open one. Otherwise it waits until the
    /// render thread has written the clicks, then until the device has played
    /// the longest sound and its buffer past the last of them, or has been
    /// stopped because everything sounded out. It blocks between looks: the
    /// render thread posts a semaphore after each period while a drain waits
    /// (``RenderProgressSignal``, which takes no lock and does no I/O there),
    /// and the control queue posts it when the stream closes.
    ///
    /// - Returns: `true` once everything sounded out (or nothing was to),
    ///   `false` if `timeout` passed first or the stream closed or failed
    ///   with clicks unwritten (see ``statistics``).
    @discardableResult
    public func drain(timeout: Duration) -> Bool {
        let deadline = MonotonicClock.deadline(after: timeout)
        // Taps held while the stream opens are settled (played or dropped)
        // before the open's outcome is published: wait for that first.
        if route.isHolding {
            _ = publishedState.wait(untilNanoseconds: deadline) { _ in !self.route.isHolding }
            guard !route.isHolding else { return false }
        }
        let target = counts.acceptedClicks
        guard let (renderer, acceptedAtOpen, staleAtOpen, longest) = shared.withLock({ state in
            state.renderer.map { ($0, state.acceptedAtOpen, state.staleAtOpen, state.longestSoundFrames) }
        }) else { return true }
        let clicksOnStream = target - acceptedAtOpen
        guard clicksOnStream > 0 else { return true }
        var isCurrent = true
        // Written: the render thread takes queued clicks at its next wake, at most a buffer away.
        // A held click dropped as stale, or one lost with a failing device, is
        // done with too: it will never be written.
        let written = renderProgress.wait(untilNanoseconds: deadline) {
            isCurrent = shared.withLock { $0.renderer === renderer }
            return !isCurrent || renderer.clicksWritten + renderer.clicksLost
                + (renderer.mixer.staleClicksDropped - staleAtOpen) >= clicksOnStream
        }
        guard written, isCurrent else { return false }
        // Sounded out: the longest sound and the device's buffer past the last click.
        let end = renderer.lastClickFrame + Int64(longest + renderer.format.bufferFrames)
        var soundedOut = false
        _ = renderProgress.wait(untilNanoseconds: deadline) {
            soundedOut = renderer.streamPosition >= end || renderer.isStoppedWhileSilent
            return soundedOut || !shared.withLock { $0.renderer === renderer }
        }
        return soundedOut
    }

    /// Waits until `condition` holds, checking it at once and again each
    /// time the running stream's render thread writes a period or stops,
    /// and when a stream closes; returns whether it held before `timeout`.
    /// For conditions on what the render thread does (``latency``'s count,
    /// ``framesWritten``), without polling.
    @discardableResult
    public func waitForRenderProgress(timeout: Duration, until condition: () -> Bool) -> Bool {
        renderProgress.wait(untilNanoseconds: MonotonicClock.deadline(after: timeout), until: condition)
    }
}
