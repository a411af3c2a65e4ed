/// Something a ``ClickPlayer`` did or met, for logs, tools and tests.
public enum ClickPlayerEvent: Sendable, CustomStringConvertible {
    case opened(OutputFormat)
    /// The stream closed after the linger, or at shutdown.
    case closed
    case openFailed(message: String, retryAfterNanoseconds: UInt64)
    case fault(OutputFault)
    /// Already worded; the warning handler gets it too.
    case warning(String)

    public var description: String {
        switch self {
        case .opened(let format): return "opened: \(format)"
        case .closed: return "closed"
        case .openFailed(let message, let retry): return "open failed: \(message) (retry in \(retry / 1_000_000) ms)"
        case .fault(let fault): return "fault: \(fault.message)"
        case .warning(let text): return "warning: \(text)"
        }
    }
}
