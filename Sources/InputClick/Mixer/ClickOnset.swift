/// A click that started during one render call, for the player's latency figures. A plain value.
public struct ClickOnset: Sendable, Hashable {
    public var kind: ClickKind
    /// When the click was asked for, in nanoseconds of the player's ``ClickClock``.
    public var requestedAt: UInt64
    /// Where in the rendered block its first frame sits.
    public var frameOffset: Int

    public init(kind: ClickKind, requestedAt: UInt64, frameOffset: Int) {
        self.kind = kind
        self.requestedAt = requestedAt
        self.frameOffset = frameOffset
    }
}
