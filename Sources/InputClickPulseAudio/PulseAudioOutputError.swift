import CPulseAudio
import InputClick

/// Why a ``PulseAudioOutput`` could not open a stream, or why one failed.
public enum PulseAudioOutputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libpulse could not be loaded (not installed, or too old): the dynamic linker's words.
    case libraryUnavailable(reason: String)
    /// A libpulse call failed: the call, PulseAudio's error code and its `pa_strerror` text.
    case callFailed(call: String, code: Int32, text: String)
    /// A system call libpulse made for us failed: the libpulse call, the errno and `strerror`'s text.
    case systemCallFailed(call: String, errno: Int32, text: String)
    /// The server did not answer within the time allowed.
    case timedOut(call: String, milliseconds: Int)

    /// A sentence for messages.
    public var description: String {
        switch self {
        case .libraryUnavailable(let reason):
            return "libpulse is not available: \(reason)"
        case .callFailed(let call, let code, let text):
            return "\(call) failed: \(text) (PulseAudio error \(code))"
        case .systemCallFailed(let call, let code, let text):
            return "\(call) failed: \(text) (errno \(code))"
        case .timedOut(let call, let milliseconds):
            return "\(call) failed: the PulseAudio server did not answer within \(milliseconds) ms"
        }
    }

    /// Whether the error means the server is gone or unreachable (the
    /// connection refused or ended, the server killed it, no such entity),
    /// as opposed to a refusal of what was asked.
    public var meansDeviceLost: Bool {
        switch self {
        case .libraryUnavailable, .systemCallFailed: return false
        case .timedOut: return true
        case .callFailed(_, let code, _):
            let lost: [pa_error_code_t] = [PA_ERR_CONNECTIONREFUSED, PA_ERR_CONNECTIONTERMINATED, PA_ERR_KILLED,
                                           PA_ERR_NOENTITY, PA_ERR_TIMEOUT, PA_ERR_BADSTATE]
            return lost.contains { Int32($0.rawValue) == code }
        }
    }
}

extension PulseAudioOutputError: RenderFailure {
    /// ``timedOut(call:milliseconds:)`` of `pa_stream_write`: the server stopped taking audio.
    public static func stalled(milliseconds: Int) -> (any Error & Sendable)? {
        PulseAudioOutputError.timedOut(call: "pa_stream_write", milliseconds: milliseconds)
    }
}
