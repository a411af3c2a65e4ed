import Synchronization

// Blocking waits on a player: for a state, and for its clicks to sound out.
extension ClickPlayer {
    /// Waits until the player is in `state`, woken when the control queue publishes one. A player waiting for a
    /// device stays in ``ClickPlayerState/waitingForDevice`` while it retries, so a wait for `running` then
    /// times out.
    ///
    /// - Returns: ``ClickPlayerWaitResult/reached`` (at once if already there),
    ///   ``ClickPlayerWaitResult/timedOut(_:)`` with the state then, or ``ClickPlayerWaitResult/shutDown``.
    @discardableResult
    public func waitUntil(_ state: ClickPlayerState, timeout: Duration) -> ClickPlayerWaitResult {
        waitUntil(anyOf: [state], timeout: timeout)
    }

    /// Like ``waitUntil(_:timeout:)`` for any of `states`: `[.running, .waitingForDevice]` returns as soon as the
    /// first open worked or failed.
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

    /// Waits until every click accepted so far has been written and has sounded out (the longest sound and the
    /// buffer past the last, or the device stopped while silent), so that a close or an exit cuts none short.
    /// Returns at once when no stream is open or no click was accepted on it. Blocks on
    /// ``RenderProgressSignal`` between looks.
    ///
    /// - Returns: `false` if `timeout` passed first, or the stream closed or failed with clicks unwritten
    ///   (see ``statistics``).
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

    /// Waits until `condition` holds, checked at once and each time the render side writes a period or stops,
    /// or a stream closes; returns whether it held before `timeout`.
    @discardableResult
    public func waitForRenderProgress(timeout: Duration, until condition: () -> Bool) -> Bool {
        renderProgress.wait(untilNanoseconds: MonotonicClock.deadline(after: timeout), until: condition)
    }
}
