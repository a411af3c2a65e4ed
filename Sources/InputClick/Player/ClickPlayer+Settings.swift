// Settings and host streams: each hands its work to the control queue.
extension ClickPlayer {
    /// Applies the click volume and profile gain, the ducking, and a changed sound pack (reloading the sounds).
    /// Whether clicks play at all is the gate's business (``InputClickGate/apply(_:)``).
    public func apply(_ settings: ClickSettings) {
        scheduler.execute { [self] in
            if mixers.apply(settings), let activeSlot { reloadBank(activeSlot) }
        }
    }

    /// The host's master volume for every mix this player renders: a linear gain on clicks and host streams,
    /// before the limiter, kept across reopens. Default 1. The user's click volume is ``ClickSettings/volume``.
    public func setMasterVolume(_ gain: Float) {
        scheduler.execute { [self] in mixers.setMasterVolume(gain) }
    }

    /// Asks the sound bank provider again, for example after the sound pack's files changed.
    public func reloadSounds() {
        scheduler.execute { [self] in
            mixers.markAllForReload()
            if let activeSlot { reloadBank(activeSlot) }
        }
    }

    /// Mixes a host stream (music, speech) under the clicks, ducked while they sound, on every stream of its
    /// channel count while one is open. Write it at the running stream's rate (``statistics``' `format`).
    public func attach(_ stream: HostStream) {
        scheduler.execute { [self] in
            guard mixers.addHostStream(stream) else { return }
            if let activeSlot { mixers.syncHostStreams(activeSlot) }
        }
    }

    public func detach(_ stream: HostStream) {
        scheduler.execute { [self] in
            mixers.removeHostStream(stream)
            if let activeSlot { mixers.syncHostStreams(activeSlot) }
        }
    }

    /// Reloads `slot`'s bank and, for the open stream's, notes its longest sound.
    func reloadBank(_ slot: MixerSlot) {
        if let longest = mixers.reloadBank(slot), slot === activeSlot {
            shared.withLock { $0.longestSoundFrames = longest }
        }
    }
}
