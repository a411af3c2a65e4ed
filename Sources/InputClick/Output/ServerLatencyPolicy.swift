/// What a stream kept running on a sound server's graph asks of it while a
/// click-enabled keyboard is visible: the latency the server then runs its
/// whole graph at (PipeWire's quantum is the smallest that any active
/// stream asks). Lower is sooner clicks and more work for the server and
/// every other client; the stream asks it once, when it opens, so the graph
/// changes at most when a keyboard shows or hides, never per tap.
///
/// | policy | asks (48 kHz) | graph while visible |
/// |---|---|---|
/// | ``lowest`` | 64 frames, 1.3 ms | at 64, the floor, whatever else plays |
/// | ``balanced`` | 256 frames, 5.3 ms | at most 256 |
/// | ``economy`` | 1024 frames, 21 ms | Debian's default quantum: neither lowered nor raised on a stock desktop |
public enum ServerLatencyPolicy: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The floor: the sooner click, at the cost of running the whole graph
    /// at 64-frame cycles while the keyboard shows.
    case lowest
    /// 256-frame cycles while the keyboard shows. The default.
    case balanced
    /// Asks for the quantum a stock server runs at by itself (1024 frames),
    /// so the graph keeps whatever it and the other streams ask: InputClick
    /// neither lowers it (as 64 or 256 do) nor raises it (asking 2048 took a
    /// stock graph from 1024 to 2048, slowing every other client).
    case economy

    /// The frames asked for at `sampleRate`.
    public func frames(atSampleRate sampleRate: Int) -> Int {
        let at48k: Int
        switch self {
        case .lowest: at48k = 64
        case .balanced: at48k = 256
        case .economy: at48k = 1024
        }
        return max(16, at48k * max(1, sampleRate) / 48_000)
    }

    /// `lowest`, `balanced` or `economy`.
    public var description: String {
        switch self {
        case .lowest: return "lowest"
        case .balanced: return "balanced"
        case .economy: return "economy"
        }
    }

    /// Reads `lowest`, `balanced` or `economy`; `nil` for anything else.
    public init?(name: String) {
        guard let policy = Self.allCases.first(where: { $0.description == name }) else { return nil }
        self = policy
    }
}
