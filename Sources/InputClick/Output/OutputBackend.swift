/// The kinds of output a click can be played through.
///
/// | backend | talks to | chosen by ``BackendPreference/automatic`` when |
/// |---|---|---|
/// | ``pipewire`` | a PipeWire server, through libpipewire's `pw_stream` | PipeWire serves the desktop's audio |
/// | ``pulseaudio`` | a PulseAudio server, through libpulse | PulseAudio serves it |
/// | ``alsa`` | an ALSA PCM, through alsa-lib (`hw`, `dmix`, JACK, or a server's ALSA plugin) | no sound server runs, or a PCM was named |
public enum OutputBackend: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case alsa
    case pipewire
    case pulseaudio

    public var description: String { rawValue }
}

/// Which backend a user or host asks for: `auto` (the default) or one by name.
public enum BackendPreference: Sendable, Hashable, CustomStringConvertible {
    /// The running sound server's native backend, else ALSA; ALSA whenever a PCM other than `default` is named.
    case automatic
    /// This backend, or a clear error when it cannot be used.
    case only(OutputBackend)

    /// The names accepted, in the order messages list them.
    public static let names = ["auto"] + OutputBackend.allCases.map(\.rawValue)

    public init?(name: String) {
        if name == "auto" { self = .automatic; return }
        guard let backend = OutputBackend(rawValue: name) else { return nil }
        self = .only(backend)
    }

    public var description: String {
        switch self {
        case .automatic: return "auto"
        case .only(let backend): return backend.rawValue
        }
    }
}
