import InputClick
import InputClickPipeWire
import InputClickPulseAudio

/// The native sound-server backends behind one door. Not ALSA: its outputs are made by the
/// caller, who sets alsa-lib's process-wide options first.
public enum NativeBackends {
    /// `nil` when the client library loads here.
    public static func libraryProblem(_ backend: OutputBackend) -> String? {
        switch backend {
        case .alsa: return nil
        case .pipewire:
            switch PipeWireOutput.libraryVersion {
            case .success: return nil
            case .failure(let error): return "\(error)"
            }
        case .pulseaudio: return PulseAudioOutput.libraryProblem
        }
    }

    /// - Throws: ``BackendSelectionError`` when the backend cannot be opened here.
    public static func makeOutput(for selection: BackendSelection, applicationName: String) throws -> any AudioOutput {
        if let problem = libraryProblem(selection.backend) {
            throw BackendSelectionError("the \(selection.backend) backend cannot be used: \(problem)")
        }
        switch selection.backend {
        case .pipewire:
            return PipeWireOutput(remote: selection.device,
                                  properties: StreamProperties(applicationName: applicationName))
        case .pulseaudio:
            // A socket path, or the remote server PULSE_SERVER names.
            let server = selection.device.hasPrefix("/") ? "unix:" + selection.device : selection.device
            return PulseAudioOutput(server: server,
                                    properties: StreamProperties(applicationName: applicationName))
        case .alsa:
            throw BackendSelectionError("the \(selection.backend) backend is not an output of its own")
        }
    }
}
