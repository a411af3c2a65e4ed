import InputClick
import Synchronization

/// What `inputclick_options` holds, each at the default `inputclick.h` documents.
struct PluginOptionValues: Sendable {
    /// The ALSA PCM name.
    var device = "default"
    var latency: LatencyProfile = .lowLatency
    /// `nil`: the user's setting.
    var serverLatency: ServerLatencyPolicy?
    var backend: BackendPreference = .automatic
    /// After the last click-enabled view hides.
    var lingerMilliseconds = 3_000
    /// `nil` for the default location.
    var settingsFile: String?
    var watchesSettings = true
    /// Without a log callback.
    var warningsToStandardError = true
    /// `nil` for standard error.
    var logCallback: WarningLog.Callback?

    /// `inputclick_options_set_latency_frames`' period size.
    static let periodFramesRange = 16...16_384
    /// `inputclick_options_set_latency_frames`' period count.
    static let periodCountRange = 2...32
    /// `inputclick_options_set_linger_ms`.
    static let lingerRange = 0...3_600_000
    /// In bytes.
    static let maximumDeviceNameBytes = 1_024
    /// In bytes.
    static let maximumPathBytes = 4_096
}

/// The payload of an `inputclick_options` handle, locked so setters and opens may race.
final class PluginOptions: Sendable {
    let values = Mutex(PluginOptionValues())
}
