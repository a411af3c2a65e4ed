import InputClick
import InputClickALSA

/// Makes the audio output a context plays on. The only place the plugin
/// chooses an output type.
///
/// Thread context: any thread; reads the ALSA configuration.
enum OutputFactory {
    /// The ALSA output for the PCM `device`. Nothing is opened yet: the
    /// player opens a stream when a click-enabled view becomes visible.
    /// alsa-lib's messages during the output's calls go to
    /// `libraryMessageHandler`, never to standard error.
    ///
    /// - Throws: ``PluginFailure`` naming the device:
    ///   ``PluginResult/noSuchDevice`` when no PCM or sound card of that name
    ///   exists, ``PluginResult/invalidArgument`` for an empty name, and
    ///   ``PluginResult/deviceUnavailable`` when the ALSA configuration
    ///   cannot be read (the message says where it is broken).
    static func makeOutput(device: String,
                           libraryMessageHandler: @escaping @Sendable (String) -> Void) throws(PluginFailure) -> any AudioOutput {
        do {
            return try ALSAOutput(device: device, libraryMessageHandler: libraryMessageHandler)
        } catch {
            throw PluginFailure(code(for: error), error.description)
        }
    }

    /// The C result for each way an ALSA output can be refused.
    static func code(for error: ALSAOutputError) -> PluginResult {
        switch error {
        case .emptyDeviceName: return .invalidArgument
        case .unknownDevice, .unknownCard: return .noSuchDevice
        case .openFailed, .configurationFailed, .noUsableFormat, .missingPlugin, .unreadableConfiguration:
            return .deviceUnavailable
        }
    }
}
