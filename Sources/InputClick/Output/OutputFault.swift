/// Why a running stream stopped by itself: at most one per stream, after rendering stopped (so it may
/// allocate); the player then closes the stream and retries with backoff.
public struct OutputFault: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The device went away: unplugged, or its sound server stopped (ENODEV, EBADFD, EIO…).
        case deviceLost
        /// The device stopped consuming audio without saying why.
        case stalled
        case failed
    }

    public var kind: Kind
    /// A sentence naming the device and what went wrong.
    public var message: String
    public var underlying: (any Error & Sendable)?

    public init(kind: Kind, message: String, underlying: (any Error & Sendable)? = nil) {
        self.kind = kind
        self.message = message
        self.underlying = underlying
    }

    public var description: String { message }
}
