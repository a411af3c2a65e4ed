/// Limits a sound file must meet before it is decoded in full.
public struct SoundFileLimits: Sendable, Hashable {
    /// The largest file accepted, in bytes, checked before decoding; `nil` for no limit.
    public var maxBytes: Int64?
    /// The longest sound accepted, in seconds; `nil` for no limit.
    public var maxSeconds: Double?

    /// Makes limits; `nil` means no limit.
    ///
    /// Thread context: any thread.
    public init(maxBytes: Int64?, maxSeconds: Double?) {
        self.maxBytes = maxBytes
        self.maxSeconds = maxSeconds
    }

    /// The limits of a sound-pack file: at most 4 MiB and at most 2 s.
    public static let soundPack = SoundFileLimits(maxBytes: 4 << 20, maxSeconds: 2)

    /// No limits.
    public static let none = SoundFileLimits(maxBytes: nil, maxSeconds: nil)
}
