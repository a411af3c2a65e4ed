/// What a stream kept running on a server's graph asks of it while a keyboard is visible: the graph then runs
/// at the smallest latency any stream asks (PipeWire's quantum). Asked once at open, never per tap.
///
/// | policy | asks (48 kHz) | graph while visible |
/// |---|---|---|
/// | ``lowest`` | 64 frames, 1.3 ms | at 64, the floor, whatever else plays |
/// | ``balanced`` | 256 frames, 5.3 ms | at most 256 (the default) |
/// | ``economy`` | 1024 frames, 21 ms | Debian's default quantum: neither lowered nor raised on a stock desktop |
public enum ServerLatencyPolicy: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case lowest
    case balanced
    /// Asking more than a stock quantum (2048) would raise the graph's and slow every other client.
    case economy

    public func frames(atSampleRate sampleRate: Int) -> Int {
        let at48k: Int
        switch self {
        case .lowest: at48k = 64
        case .balanced: at48k = 256
        case .economy: at48k = 1024
        }
        return max(16, at48k * max(1, sampleRate) / 48_000)
    }

    public var description: String {
        switch self {
        case .lowest: return "lowest"
        case .balanced: return "balanced"
        case .economy: return "economy"
        }
    }

    /// Reads ``description``'s spelling; `nil` for anything else.
    public init?(name: String) {
        guard let policy = Self.allCases.first(where: { $0.description == name }) else { return nil }
        self = policy
    }
}
