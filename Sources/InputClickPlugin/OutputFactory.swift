#if canImport(Glibc)
import Glibc
#endif
import InputClick
import InputClickALSA
import InputClickBackends

/// Makes the audio output a context plays on: the only place the plugin chooses an
/// output type. Reads the ALSA configuration.
enum OutputFactory {
    /// For `default`, the running sound server's native backend, else ALSA's `default`;
    /// for any other name, that ALSA PCM (``BackendSelection``); `INPUTCLICK_BACKEND` may
    /// ask for one. Opens nothing. alsa-lib's messages go to `libraryMessageHandler`.
    ///
    /// - Throws: ``PluginFailure`` naming the device: ``PluginResult/noSuchDevice``,
    ///   ``PluginResult/invalidArgument`` for an empty name or a native backend asked for
    ///   with a PCM named, ``PluginResult/deviceUnavailable`` (the message says why).
    static func makeOutput(device: String, backend: BackendPreference,
                           libraryMessageHandler: @escaping @Sendable (String) -> Void,
                           warn: @Sendable (String) -> Void)
        throws(PluginFailure) -> (output: any AudioOutput, selection: BackendSelection) {
        var preference = backend
        // The user's INPUTCLICK_BACKEND, while the host left the choice to it;
        // a bad value is warned about and auto kept, as for INPUTCLICK_LATENCY.
        if backend == .automatic, let raw = getenv("INPUTCLICK_BACKEND") {
            let text = String(cString: raw)
            if let asked = BackendPreference(name: text) {
                preference = asked
            } else {
                warn("INPUTCLICK_BACKEND must be \(BackendPreference.names.joined(separator: ", ")), not '\(text)'; using auto")
            }
        }
        let selection: BackendSelection
        do {
            selection = try BackendSelection.choose(device: device, preference: preference,
                                                    libraryProblem: NativeBackends.libraryProblem)
        } catch {
            throw PluginFailure(device == "default" ? .deviceUnavailable : .invalidArgument, error.description)
        }
        if selection.backend != .alsa {
            do {
                return (try NativeBackends.makeOutput(for: selection, applicationName: "inputclick"), selection)
            } catch {
                throw PluginFailure(.deviceUnavailable, "\(error)")
            }
        }
        do {
            return (try ALSAOutput(device: device, libraryMessageHandler: libraryMessageHandler), selection)
        } catch {
            throw PluginFailure(code(for: error), error.description)
        }
    }

    /// For each way an ALSA output can be refused.
    static func code(for error: ALSAOutputError) -> PluginResult {
        switch error {
        case .emptyDeviceName: return .invalidArgument
        case .unknownDevice, .unknownCard: return .noSuchDevice
        case .openFailed, .configurationFailed, .noUsableFormat, .missingPlugin, .unreadableConfiguration:
            return .deviceUnavailable
        }
    }
}
