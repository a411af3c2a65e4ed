/// A problem a ``ClickPlayer`` met while opening a stream, reported through
/// its warnings and events.
public enum ClickPlayerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sound bank provider returned a bank of another format than requested.
    case bankFormatMismatch(requestedRate: Int, requestedChannels: Int, gotRate: Int, gotChannels: Int)

    public var description: String {
        switch self {
        case let .bankFormatMismatch(rate, channels, gotRate, gotChannels):
            return "the sound bank provider returned \(gotRate) Hz, \(gotChannels) ch for a stream of \(rate) Hz, \(channels) ch"
        }
    }
}
