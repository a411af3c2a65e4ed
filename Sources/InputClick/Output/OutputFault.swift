/// Why a running stream stopped by itself. An output reports at most one
/// fault per stream, after its render thread has stopped rendering; the
/// player then closes the stream and retries with backoff.
public struct OutputFault: Error, Sendable, CustomStringConvertible {
    /// The broad cause, which decides how the player reacts.
    public enum Kind: Sendable, Hashable {
        /// The device went away: unplugged, or its sound server stopped (ENODEV, EBADFD, EIO…).
        case deviceLost
        /// The device stopped consuming audio without saying why.
        case stalled
        /// Anything else the output could not recover from.
        case failed
    }

    /// The broad cause.
    public var kind: Kind
    /// A sentence naming the device and what went wrong.
    public var message: String
    /// The error the output saw, if any.
    public var underlying: (any Error & Sendable)?

    /// Creates a fault report.
    ///
    /// Outputs make it once rendering has stopped: the message and the boxed
    /// ``underlying`` error may allocate.
    public init(kind: Kind, message: String, underlying: (any Error & Sendable)? = nil) {
        self.kind = kind
        self.message = message
        self.underlying = underlying
    }

    public var description: String { message }
}
