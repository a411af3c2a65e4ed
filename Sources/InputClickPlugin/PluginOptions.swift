import InputClick
import Synchronization

/// What `inputclick_options` holds: how to open a context. Every field starts
/// at the default that `inputclick.h` documents.
struct PluginOptionValues: Sendable {
    /// The ALSA PCM name.
    var device = "default"
    /// The period and buffer sizes to ask for.
    var latency: LatencyProfile = .lowLatency
    /// The policy the host fixed (`inputclick_options_set_server_latency`); `nil`: the user's setting.
    var serverLatency: ServerLatencyPolicy?
    /// The backend asked for (`inputclick_options_set_backend`).
    var backend: BackendPreference = .automatic
    /// How long the stream stays open after the last click-enabled view hides.
    var lingerMilliseconds = 3_000
    /// The settings file; `nil` for the default location.
    var settingsFile: String?
    /// Whether the settings file is watched and applied live.
    var watchesSettings = true
    /// Whether warnings also go to standard error (without a log callback).
    var warningsToStandardError = true
    /// Where the context's log messages go instead of standard error; `nil` for standard error.
    var logCallback: WarningLog.Callback?

    /// The accepted range of `inputclick_options_set_latency_frames`' period size.
    static let periodFramesRange = 16...16_384
    /// The accepted range of `inputclick_options_set_latency_frames`' period count.
    static let periodCountRange = 2...32
    /// The accepted range of `inputclick_options_set_linger_ms`.
    static let lingerRange = 0...3_600_000
    /// The longest device name accepted, in bytes.
    static let maximumDeviceNameBytes = 1_024
    /// The longest settings path accepted, in bytes.
    static let maximumPathBytes = 4_096
}

/// The payload of an `inputclick_options` handle: option values behind a
/// lock, so setters and opens may race from any threads.
final class PluginOptions: Sendable {
    let values = Mutex(PluginOptionValues())
}
