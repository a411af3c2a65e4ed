/// The user's keyboard-click settings.
///
/// Start from `ClickSettings()`, which holds every default, and change the
/// fields you need; new fields will always arrive with defaults.
/// ``SettingsStore`` reads them from `$XDG_CONFIG_HOME/inputclick/settings.conf`.
public struct ClickSettings: Sendable, Hashable {
    /// Whether keyboard clicks play at all. Default `true`.
    public var clicksEnabled: Bool
    /// Click volume from 0 to 1, mapped perceptually (see ``clickGainDecibels``). Default 0.8.
    public var volume: Double
    /// The feedback profile. Default ``ClickProfile/full``.
    public var profile: ClickProfile
    /// A directory of replacement sounds named by kind (`key.wav`, `delete.flac`, …), or `nil`
    /// for the bundled sounds. Default `nil`.
    public var soundPackDirectory: String?
    /// The XDG sound theme whose sounds replace the bundled ones for the kinds
    /// it has (see ``SoundTheme``), or `nil` for none. A sound pack's files
    /// win over the theme's. Default `nil`; the desktop's theme
    /// (``DesktopSettings``) fills it in where it can be read.
    public var soundTheme: String?
    /// How host streams duck under clicks. Default ``DuckingParameters/default``.
    public var ducking: DuckingParameters
    /// What a stream kept running on a sound server asks of the server's
    /// graph while a click-enabled keyboard is visible. Default
    /// ``ServerLatencyPolicy/balanced``. A stream takes it when it opens, so
    /// a change applies from the next time a keyboard shows.
    public var serverLatency: ServerLatencyPolicy

    /// Creates settings; every argument has the documented default.
    ///
    /// It only stores its arguments.
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

    /// The click gain in dB that ``volume`` and ``profile`` give together.
    ///
    /// Volume maps to gain as `volume³` (60 dB × log10(volume)), the cubic
    /// curve that sound servers use so that equal slider steps sound like equal
    /// loudness steps; 0 is silence. The profile's offset is added.
    public var clickGainDecibels: Double {
        let v = min(max(volume, 0), 1)
        guard v > 0 else { return -.infinity }
        return 60 * log10Value(v) + profile.gainOffsetDecibels
    }

    /// ``clickGainDecibels`` as a linear factor (0 for silence).
    public var clickGain: Float {
        let db = clickGainDecibels
        return db == -.infinity ? 0 : Float(Decibels.toGain(db))
    }
}

@inline(__always) private func log10Value(_ x: Double) -> Double { Decibels.log10(x) }
