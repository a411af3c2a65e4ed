/// How a wait on a ``ClickPlayer`` ended: ``ClickPlayer/waitUntil(_:timeout:)``,
/// ``InputClickEngine/waitUntilReady(timeout:)``.
public enum ClickPlayerWaitResult: Sendable, Hashable, CustomStringConvertible {
    case reached
    /// The state the player was in when the timeout passed.
    case timedOut(ClickPlayerState)
    case shutDown

    public var description: String {
        switch self {
        case .reached: return "reached"
        case .timedOut(let state): return "timed out (state: \(state))"
        case .shutDown: return "the player was shut down"
        }
    }
}
