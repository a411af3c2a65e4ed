/// The mixers a ``ClickPlayer`` built, one per rate and channel count, kept for the player's life (a click
/// submitted on another thread never meets a freed mixer), and what every mixer is told: gain, ducking,
/// master volume, host streams. Control queue only.
final class MixerCache {
    private let sounds: SoundBankProvider
    private let mixerConfiguration: MixerConfiguration
    private let warningHandler: @Sendable (String) -> Void
    private(set) var slots: [MixerSlot] = []
    private(set) var settings: ClickSettings
    private var masterVolume: Float = 1
    private var hostStreams: [HostStream] = []

    init(sounds: @escaping SoundBankProvider, mixerConfiguration: MixerConfiguration, settings: ClickSettings,
         warningHandler: @escaping @Sendable (String) -> Void) {
        self.sounds = sounds
        self.mixerConfiguration = mixerConfiguration
        self.settings = settings
        self.warningHandler = warningHandler
    }

    /// The mixer for `format`, built or reused, with sounds from the current pack.
    func slot(for format: OutputFormat) throws -> MixerSlot {
        if let slot = slots.first(where: { $0.sampleRate == format.sampleRate && $0.channels == format.channels }) {
            if slot.needsReload { reloadBank(slot) }
            return slot
        }
        let bank = try makeBank(sampleRate: format.sampleRate, channels: format.channels)
        var configuration = mixerConfiguration
        configuration.sampleRate = format.sampleRate
        configuration.channels = format.channels
        configuration.ducking = settings.ducking
        configuration.maxFramesPerRender = max(configuration.maxFramesPerRender, format.periodFrames)
        // A click that waited behind a stalled device never plays late.
        configuration.clock = configuration.clock ?? .monotonic
        let mixer = Mixer(configuration: configuration, bank: bank)
        mixer.setClickGain(settings.clickGain)
        mixer.setMasterVolume(masterVolume)
        let slot = MixerSlot(mixer: mixer, sampleRate: format.sampleRate, channels: format.channels,
                             longestSoundFrames: bank.longestFrameCount)
        slots.append(slot)
        return slot
    }

    /// Forgets `slot`, whose mixer a stream abandoned while closing may still render from: the next stream of
    /// its format gets a new one.
    func retire(_ slot: MixerSlot) {
        slots.removeAll { $0 === slot }
    }

    /// Returns whether the sound pack changed (every mixer then reloads before it next plays).
    func apply(_ newSettings: ClickSettings) -> Bool {
        let packChanged = newSettings.soundPackDirectory != settings.soundPackDirectory
            || newSettings.soundTheme != settings.soundTheme
        settings = newSettings
        for slot in slots {
            slot.mixer.setClickGain(newSettings.clickGain)
            slot.mixer.setDucking(newSettings.ducking)
            if packChanged { slot.needsReload = true }
        }
        return packChanged
    }

    func setMasterVolume(_ gain: Float) {
        masterVolume = gain
        for slot in slots { slot.mixer.setMasterVolume(gain) }
    }

    func markAllForReload() {
        for slot in slots { slot.needsReload = true }
    }

    /// `false` if it was there.
    func addHostStream(_ stream: HostStream) -> Bool {
        guard !hostStreams.contains(where: { $0 === stream }) else { return false }
        hostStreams.append(stream)
        return true
    }

    func removeHostStream(_ stream: HostStream) {
        hostStreams.removeAll { $0 === stream }
    }

    /// Matches the host streams of `slot`'s mixer to those of its channel count. Only a mixer that renders is
    /// told: one that does not never drains its control queue.
    func syncHostStreams(_ slot: MixerSlot) {
        let wanted = hostStreams.filter { $0.channels == slot.channels }
        for stream in slot.attachedStreams where !wanted.contains(where: { $0 === stream }) {
            if slot.mixer.detach(stream) { slot.attachedStreams.removeAll { $0 === stream } }
        }
        for stream in wanted where !slot.attachedStreams.contains(where: { $0 === stream }) {
            if slot.mixer.attach(stream) { slot.attachedStreams.append(stream) }
        }
    }

    /// A failure warns and keeps the old sounds. Returns the new longest sound when the mixer took the bank.
    @discardableResult
    func reloadBank(_ slot: MixerSlot) -> Int? {
        do {
            let bank = try makeBank(sampleRate: slot.sampleRate, channels: slot.channels)
            guard slot.mixer.install(bank) else { return nil }
            slot.needsReload = false
            slot.longestSoundFrames = bank.longestFrameCount
            return bank.longestFrameCount
        } catch {
            warningHandler("cannot load the click sounds: \(error); the previous sounds stay")
            slot.needsReload = false
            return nil
        }
    }

    /// Frees what every mixer's render thread handed back.
    func collectGarbage() {
        for slot in slots { slot.mixer.collectGarbage() }
    }

    private func makeBank(sampleRate: Int, channels: Int) throws -> SoundBank {
        let bank = try sounds(SoundBankRequest(sampleRate: sampleRate, channels: channels,
                                               soundPackDirectory: settings.soundPackDirectory,
                                               soundTheme: settings.soundTheme))
        guard bank.sampleRate == sampleRate, bank.channels == channels else {
            throw ClickPlayerError.bankFormatMismatch(requestedRate: sampleRate, requestedChannels: channels,
                                                      gotRate: bank.sampleRate, gotChannels: bank.channels)
        }
        return bank
    }
}

/// One mixer of a ``MixerCache``, with what it was told.
final class MixerSlot {
    let mixer: Mixer
    let sampleRate: Int
    let channels: Int
    var longestSoundFrames: Int
    var needsReload = false
    /// The host streams whose attach succeeded.
    var attachedStreams: [HostStream] = []

    init(mixer: Mixer, sampleRate: Int, channels: Int, longestSoundFrames: Int) {
        self.mixer = mixer
        self.sampleRate = sampleRate
        self.channels = channels
        self.longestSoundFrames = longestSoundFrames
    }
}
