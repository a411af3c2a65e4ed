#if canImport(Glibc)
import Glibc
#endif
import InputClick
import InputClickALSA
import InputClickBackends

/// Makes the audio output a context plays on. The only place the plugin
/// chooses an output type.
///
/// Reads the ALSA configuration.
enum OutputFactory {
    /// The output for `device`: for `default`, the running sound server's
    /// native backend (PipeWire, PulseAudio), else ALSA's `default`; for any
    /// other name, that ALSA PCM (``BackendSelection``). The user's
    /// `INPUTCLICK_BACKEND` (`auto`, `alsa`, `pipewire`, `pulseaudio`) can
    /// ask for one. Nothing is opened yet: the player opens a stream when a
    /// click-enabled view becomes visible. alsa-lib's messages during an
    /// ALSA output's calls go to `libraryMessageHandler`, never to standard error.
    ///
    /// - Throws: ``PluginFailure`` naming the device:
    ///   ``PluginResult/noSuchDevice`` when no PCM or sound card of that name
    ///   exists, ``PluginResult/invalidArgument`` for an empty name or a
    ///   native backend asked for with a PCM named, and ``PluginResult/deviceUnavailable`` when
    ///   the ALSA configuration cannot be read or the backend asked for
    ///   cannot be used (the message says why).
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
