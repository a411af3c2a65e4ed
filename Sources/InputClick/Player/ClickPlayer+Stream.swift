// Carrying out the lifecycle's stream effects on the control queue: start
// rendering on a stream just opened, settle the held taps, hear a fault, close.
extension ClickPlayer {
    /// Ends holding: held taps play on the running stream if young enough, else are dropped, counted, reported.
    func settleHeldTaps() {
        assertOnControlQueue()
        // Off the hold first: a tap from now on is not left behind in it.
        route.set(activeSlot.map { .mixer($0.mixer) } ?? .refuse(refusalWithoutStream))
        let mixer = activeSlot?.mixer
        let dropped = hold.release(now: clock.now()) { request in
            guard let mixer, mixer.submitClick(request.kind, requestedAt: request.requestedAt,
                                               placement: request.placement, expiresWhenStale: true)
            else { return false }
            counts.countAccepted()
            return true
        }
        counts.countHeldDropped(dropped)
        // When no stream opened, the open failure's one warning of the episode
        // says why; the held taps are counted in the statistics.
        guard dropped > 0, stream != nil else { return }
        let why = "the stream took longer than \(hold.limitNanoseconds / 1_000_000) ms to open"
        let text = "\(dropped) tap\(dropped == 1 ? "" : "s") held while the audio device '\(output.name)' opened did not play: \(why)"
        configuration.warningHandler(text)
        emit(.warning(text))
    }

    /// Starts rendering on a stream just opened, on the mixer for its actual format, or tells the lifecycle why not.
    func startRendering(_ result: Result<any AudioOutputStream, StreamOpener.Failure>) {
        assertOnControlQueue()
        let opened: any AudioOutputStream
        switch result {
        case .success(let stream):
            opened = stream
        case .failure(let failure):
            handle(.openFailed(message: failure.message, isPersistent: failure.isPersistent))
            return
        }
        // Shut down while the open was under way: not wanted.
        guard lifecycle.phase != .shutDown else {
            opener.close(opened)
            return
        }
        do {
            let slot = try mixers.slot(for: opened.format)
            // Clicks a tap queued as the last stream failed or closed, after its render thread stopped.
            counts.countLostWithDevice(slot.mixer.discardQueuedClicks())
            slot.mixer.collectGarbage()
            mixers.syncHostStreams(slot)
            // Reopened after the device failed under a stream, taps are suspect
            // until it consumes audio: a frozen server accepts connections too.
            heartbeat.arm(suspectAfterNanoseconds: configuration.liveness.suspectAfterNanoseconds(for: opened.format),
                          requiringProof: lifecycle.isDeviceLost)
            let renderer = OutputRenderer(mixer: slot.mixer, latency: latency, format: opened.format, heartbeat: heartbeat,
                                          progress: renderProgress)
            let identifier = ObjectIdentifier(opened)
            try opened.start(rendering: renderer) { [weak self] fault in
                guard let self else { return }
                self.scheduler.execute { self.streamFaulted(identifier, fault) }
            }
            stream = opened
            activeSlot = slot
            counts.streamOpened(mixer: slot.mixer)
            shared.withLock {
                $0 = PlayerSharedState(stream: opened, renderer: renderer, longestSoundFrames: slot.longestSoundFrames,
                                       acceptedAtOpen: counts.acceptedClicks, staleAtOpen: slot.mixer.staleClicksDropped)
            }
        } catch {
            opener.close(opened)
            handle(.openFailed(message: "cannot start audio device '\(output.name)': \(error)"))
            return
        }
        handle(.opened(at: clock.now()))
    }

    private func streamFaulted(_ identifier: ObjectIdentifier, _ fault: OutputFault) {
        guard let current = stream, ObjectIdentifier(current) == identifier else { return }
        counts.countFault()
        emit(.fault(fault))
        handle(.faulted(message: fault.message, kind: fault.kind, at: clock.now()))
    }

    /// Closes the open stream; the clicks it never took go to ``PlayerLifecycle/Effect/discardQueuedClicks``,
    /// not to a later stream of the same format (which may never open).
    func closeStream() {
        assertOnControlQueue()
        guard let closing = stream, let slot = activeSlot else { return }
        if route.mixer === slot.mixer { route.set(.refuse(.noOutput)) }
        stream = nil
        activeSlot = nil
        let mixer = slot.mixer, counts = self.counts
        if opener.close(closing, afterAbandonedClose: { counts.countLostWithDevice(mixer.discardQueuedClicks()) }) {
            closedMixer = mixer
        } else {
            // Abandoned (and counted in the statistics): its render thread may
            // still be inside the mixer, so no other stream gets that mixer.
            mixers.retire(slot)
        }
        let renderer = shared.withLock { state in
            defer { state = PlayerSharedState() }
            return state.renderer
        }
        // Clicks its render thread started but could not write are lost with it too.
        counts.streamClosed(closing.counters, clicksLost: renderer?.clicksLost ?? 0)
        // A drain waiting on this stream's clicks learns that they will not sound.
        renderProgress.signal()
        mixers.collectGarbage()
    }
}
