/// How a wait on a ``ClickPlayer`` ended: ``ClickPlayer/waitUntil(_:timeout:)``,
/// ``InputClickEngine/waitUntilReady(timeout:)``.
public enum ClickPlayerWaitResult: Sendable, Hashable, CustomStringConvertible {
    /// The player reached the state waited for.
    case reached
    /// The timeout passed first; the player was in this state then.
    case timedOut(ClickPlayerState)
    /// The player was shut down, so the state waited for never comes.
    case shutDown

    /// A sentence for people.
    public var description: String {
        switch self {
        case .reached: return "reached"
        case .timedOut(let state): return "timed out (state: \(state))"
        case .shutDown: return "the player was shut down"
        }
    }
}
