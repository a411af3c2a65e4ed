/// A problem a ``ClickPlayer`` met while opening a stream, reported through
/// its warnings and events.
public enum ClickPlayerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sound bank provider returned a bank whose format differs from the one requested.
    case bankFormatMismatch(requestedRate: Int, requestedChannels: Int, gotRate: Int, gotChannels: Int)

    /// Names the problem.
    public var description: String {
        switch self {
        case let .bankFormatMismatch(rate, channels, gotRate, gotChannels):
            return "the sound bank provider returned \(gotRate) Hz, \(gotChannels) ch for a stream of \(rate) Hz, \(channels) ch"
        }
    }
}
