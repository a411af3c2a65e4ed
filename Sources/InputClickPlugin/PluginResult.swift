import CInputClick
/// The result codes of the C interface (the header's constants, through `CInputClick`),
/// with the sentence `inputclick_strerror` returns for each.
enum PluginResult: RawRepresentable, CaseIterable, Sendable {
    case ok
    case error
    case invalidArgument
    case invalidKind
    case closed
    case noSuchDevice
    case deviceUnavailable
    case noStream
    case timeout
    case settings

    /// `INPUTCLICK_OK` or an `INPUTCLICK_ERROR_*`.
    var rawValue: Int32 {
        switch self {
        case .ok: return Int32(INPUTCLICK_OK)
        case .error: return Int32(INPUTCLICK_ERROR)
        case .invalidArgument: return Int32(INPUTCLICK_ERROR_INVALID_ARGUMENT)
        case .invalidKind: return Int32(INPUTCLICK_ERROR_INVALID_KIND)
        case .closed: return Int32(INPUTCLICK_ERROR_CLOSED)
        case .noSuchDevice: return Int32(INPUTCLICK_ERROR_NO_SUCH_DEVICE)
        case .deviceUnavailable: return Int32(INPUTCLICK_ERROR_DEVICE_UNAVAILABLE)
        case .noStream: return Int32(INPUTCLICK_ERROR_NO_STREAM)
        case .timeout: return Int32(INPUTCLICK_ERROR_TIMEOUT)
        case .settings: return Int32(INPUTCLICK_ERROR_SETTINGS)
        }
    }

    /// `nil` for a code the header does not define.
    init?(rawValue: Int32) {
        guard let result = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = result
    }

    /// `inputclick_strerror`'s.
    var sentence: String {
        switch self {
        case .ok: return "success"
        case .error: return "unexpected internal error"
        case .invalidArgument: return "invalid argument"
        case .invalidKind: return "invalid click kind (expected 0 to 4: key, delete, modifier, space, return)"
        case .closed: return "the handle was already closed"
        case .noSuchDevice: return "no audio device of that name exists"
        case .deviceUnavailable: return "the audio device cannot be opened now"
        case .noStream: return "no audio stream is open (no click-enabled input view is visible)"
        case .timeout: return "timed out"
        case .settings: return "the settings file is malformed or unreadable; the previous settings stay in force"
        }
    }
}

/// A failed call: its code and the message `inputclick_last_error_message` gives the thread.
struct PluginFailure: Error, Sendable {
    var code: PluginResult
    /// Naming the thing and the problem.
    var message: String

    init(_ code: PluginResult, _ message: String) {
        self.code = code
        self.message = message
    }
}
