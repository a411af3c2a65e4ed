/// The result codes of the C interface: `INPUTCLICK_OK` and the negative
/// `INPUTCLICK_ERROR_*` codes of `inputclick.h`, with the sentence
/// `inputclick_strerror` returns for each.
///
/// The raw values are ABI: they must equal the constants in `inputclick.h`.
///
/// Thread context: a plain value; use it from any thread.
enum PluginResult: Int32, CaseIterable, Sendable {
    case ok = 0
    case error = -1
    case invalidArgument = -2
    case invalidKind = -3
    case closed = -4
    case noSuchDevice = -5
    case deviceUnavailable = -6
    case noStream = -7
    case timeout = -8
    case settings = -9

    /// What `inputclick_strerror` says for the code.
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

/// A failed call: the code it returns and the detailed message that
/// `inputclick_last_error_message` gives the calling thread.
///
/// Thread context: a plain value; use it from any thread.
struct PluginFailure: Error, Sendable {
    /// The negative code the call returns.
    var code: PluginResult
    /// A sentence naming the thing and the problem.
    var message: String

    init(_ code: PluginResult, _ message: String) {
        self.code = code
        self.message = message
    }
}
