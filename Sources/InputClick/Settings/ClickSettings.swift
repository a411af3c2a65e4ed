/// The user's keyboard-click settings; every field has a default and new fields will too.
public struct ClickSettings: Sendable, Hashable {
    /// Default `true`.
    public var clicksEnabled: Bool
    /// 0 to 1, mapped perceptually (see ``clickGainDecibels``). Default 0.8.
    public var volume: Double
    /// Default ``ClickProfile/full``.
    public var profile: ClickProfile
    /// Replacement sounds named by kind (`key.wav`, …), or `nil` for the bundled sounds. Default `nil`.
    public var soundPackDirectory: String?
    /// An XDG sound theme for the kinds it has (``SoundTheme``); a pack's files win over it. Default `nil`,
    /// filled from the desktop's theme where it can be read.
    public var soundTheme: String?
    public var ducking: DuckingParameters
    /// What a stream kept running on a sound server asks of the graph while a keyboard is visible. Default
    /// ``ServerLatencyPolicy/balanced``; a change applies from the next time a keyboard shows.
    public var serverLatency: ServerLatencyPolicy

    public init(clicksEnabled: Bool = true, volume: Double = 0.8, profile: ClickProfile = .full,
                soundPackDirectory: String? = nil, ducking: DuckingParameters = .default,
                soundTheme: String? = nil, serverLatency: ServerLatencyPolicy = .balanced) {
        self.clicksEnabled = clicksEnabled
        self.volume = volume
        self.profile = profile
        self.soundPackDirectory = soundPackDirectory
        self.ducking = ducking
        self.soundTheme = soundTheme
        self.serverLatency = serverLatency
    }

    /// `volume³` (60 dB × log10(volume), the curve sound servers use for sliders) plus the profile's offset.
    public var clickGainDecibels: Double {
        let v = min(max(volume, 0), 1)
        guard v > 0 else { return -.infinity }
        return 60 * log10Value(v) + profile.gainOffsetDecibels
    }

    /// Linear; 0 for silence.
    public var clickGain: Float {
        let db = clickGainDecibels
        return db == -.infinity ? 0 : Float(Decibels.toGain(db))
    }
}

@inline(__always) private func log10Value(_ x: Double) -> Double { Decibels.log10(x) }
