/// Something a ``ClickPlayer`` did or met, for logs, tools and tests.
public enum ClickPlayerEvent: Sendable, CustomStringConvertible {
    /// A stream opened and started rendering at this format.
    case opened(OutputFormat)
    /// The stream closed after the linger, or at shutdown.
    case closed
    /// Opening failed; the player retries after `retryAfterNanoseconds`.
    case openFailed(message: String, retryAfterNanoseconds: UInt64)
    /// The running stream stopped with a fault; the player closed it and retries.
    case fault(OutputFault)
    /// A warning for people, already worded; the player's warning handler also gets it.
    case warning(String)

    /// One line describing the event.
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
