/// The mixers a ``ClickPlayer`` built, one per stream format (rate and
/// channel count), kept for the player's life: a stream reopened at a format
/// seen before reuses its mixer, and a click submitted on another thread
/// never meets a freed mixer. It also keeps what every mixer is told: the
/// settings' gain and ducking, the master volume and the host streams.
///
/// Thread context: the player's control queue only.
final class MixerCache {
    private let sounds: SoundBankProvider
    private let mixerConfiguration: MixerConfiguration
    private let warningHandler: @Sendable (String) -> Void
    private(set) var slots: [MixerSlot] = []
    private(set) var settings: ClickSettings
    private var masterVolume: Float = 1
    private var hostStreams: [HostStream] = []

    /// A cache that builds mixers from `mixerConfiguration` with banks from `sounds`.
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

    /// Forgets `slot`: the next stream of its format gets a new mixer. For a
    /// mixer a stream abandoned while closing may still render from. (The
    /// player keeps the mixer itself alive, for taps that loaded it just before.)
    func retire(_ slot: MixerSlot) {
        slots.removeAll { $0 === slot }
    }

    /// Tells every mixer the new gain and ducking; returns whether the sound
    /// pack changed (every mixer then reloads before it next plays).
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

    /// Sets every mixer's master volume, and that of mixers built later.
    func setMasterVolume(_ gain: Float) {
        masterVolume = gain
        for slot in slots { slot.mixer.setMasterVolume(gain) }
    }

    /// Marks every mixer to reload its sounds before it next plays.
    func markAllForReload() {
        for slot in slots { slot.needsReload = true }
    }

    /// Adds a host stream for every mixer of its channel count; `false` if it was there.
    func addHostStream(_ stream: HostStream) -> Bool {
        guard !hostStreams.contains(where: { $0 === stream }) else { return false }
        hostStreams.append(stream)
        return true
    }

    func removeHostStream(_ stream: HostStream) {
        hostStreams.removeAll { $0 === stream }
    }

    /// Makes the host streams `slot`'s mixer plays match the host streams of
    /// its channel count. Only the mixer about to render, or rendering, is
    /// told: a mixer that does not render never drains its control queue.
    func syncHostStreams(_ slot: MixerSlot) {
        let wanted = hostStreams.filter { $0.channels == slot.channels }
        for stream in slot.attachedStreams where !wanted.contains(where: { $0 === stream }) {
            if slot.mixer.detach(stream) { slot.attachedStreams.removeAll { $0 === stream } }
        }
        for stream in wanted where !slot.attachedStreams.contains(where: { $0 === stream }) {
            if slot.mixer.attach(stream) { slot.attachedStreams.append(stream) }
        }
    }

    /// Loads `slot`'s sounds again; a failure warns and keeps the old sounds.
    /// Returns the new longest sound when the mixer took the new bank.
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
///
/// Thread context: the player's control queue only (the mixer itself has its own rules).
final class MixerSlot {
    let mixer: Mixer
    let sampleRate: Int
    let channels: Int
    /// The longest sound of the bank last given to ``mixer``.
    var longestSoundFrames: Int
    var needsReload = false
    /// The host streams this mixer was told to play (its attach calls that succeeded).
    var attachedStreams: [HostStream] = []

    init(mixer: Mixer, sampleRate: Int, channels: Int, longestSoundFrames: Int) {
        self.mixer = mixer
        self.sampleRate = sampleRate
        self.channels = channels
        self.longestSoundFrames = longestSoundFrames
    }
}
