// Settings and host streams: each hands its work to the control queue.
extension ClickPlayer {
    /// Applies the click volume and profile gain, the ducking, and — when the
    /// sound-pack directory changed — reloads the sounds. Whether clicks play at
    /// all is the gate's business (``InputClickGate/apply(_:)``).
    ///
    /// The work happens on the control queue.
    public func apply(_ settings: ClickSettings) {
        scheduler.execute { [self] in
            if mixers.apply(settings), let activeSlot { reloadBank(activeSlot) }
        }
    }

    /// Sets the master volume of every mix this player renders: a linear gain
    /// on clicks and host streams together, before the limiter. Default 1;
    /// it stays in force across stream reopens. Unlike the user's click
    /// volume (``ClickSettings/volume``), it is the host's control.
    ///
    /// The work happens on the control queue.
    public func setMasterVolume(_ gain: Float) {
        scheduler.execute { [self] in mixers.setMasterVolume(gain) }
    }

    /// Asks the sound bank provider again for the current sounds, for example
    /// after the files of the sound pack changed.
    ///
    /// The work happens on the control queue.
    public func reloadSounds() {
        scheduler.execute { [self] in
            mixers.markAllForReload()
            if let activeSlot { reloadBank(activeSlot) }
        }
    }

    /// Mixes a host stream (music, speech) under the clicks, ducked while they
    /// sound, on the running stream and every stream opened later whose
    /// channel count matches the host stream's. Write it at the running
    /// stream's rate (``statistics``' `format`).
    ///
    /// Host streams play while the player's stream is open, that is, while a
    /// click-enabled keyboard is visible and for the linger after.
    ///
    /// The work happens on the control queue.
    public func attach(_ stream: HostStream) {
        scheduler.execute { [self] in
            guard mixers.addHostStream(stream) else { return }
            if let activeSlot { mixers.syncHostStreams(activeSlot) }
        }
    }

    /// Stops mixing a host stream attached with ``attach(_:)``.
    ///
    /// The work happens on the control queue.
    public func detach(_ stream: HostStream) {
        scheduler.execute { [self] in
            mixers.removeHostStream(stream)
            if let activeSlot { mixers.syncHostStreams(activeSlot) }
        }
    }

    /// Reloads the bank of `slot` and, for the open stream's, notes its longest sound.
    ///
    /// Thread context: the control queue.
    func reloadBank(_ slot: MixerSlot) {
        if let longest = mixers.reloadBank(slot), slot === activeSlot {
            shared.withLock { $0.longestSoundFrames = longest }
        }
    }
}
