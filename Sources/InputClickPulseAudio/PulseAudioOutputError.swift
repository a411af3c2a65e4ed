import CPulseAudio
import InputClick

/// Why a ``PulseAudioOutput`` could not open a stream, or why one failed.
public enum PulseAudioOutputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not installed or too old: the dynamic linker's words.
    case libraryUnavailable(reason: String)
    /// PulseAudio's error code and its `pa_strerror` text.
    case callFailed(call: String, code: Int32, text: String)
    /// A system call libpulse made for us: the libpulse call, the errno and `strerror`'s text.
    case systemCallFailed(call: String, errno: Int32, text: String)
    case timedOut(call: String, milliseconds: Int)

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

    /// The server is gone or unreachable, as opposed to refusing what was asked.
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
    /// `pa_stream_write`'s: the server stopped taking audio.
    public static func stalled(milliseconds: Int) -> (any Error & Sendable)? {
        PulseAudioOutputError.timedOut(call: "pa_stream_write", milliseconds: milliseconds)
    }
}
