/// The two latency figures of one click, taken on the render thread when its first frame was written, in
/// Nanoseconds of the player's ``ClickClock`` from the `playInputClick` call: ``toWrite`` until the write, ``toConverter``
/// until the frame is estimated to reach the converter (the write plus what the device said was queued ahead,
/// `snd_pcm_delay` on ALSA).
public struct LatencyRecord: Sendable, Hashable {
    public var kind: ClickKind
    public var requestedAt: UInt64
    public var writtenAt: UInt64
    public var reachesConverterAt: UInt64
    /// Frames from the stream's first written frame to the click's first.
    public var streamFrame: Int64

    public init(kind: ClickKind, requestedAt: UInt64, writtenAt: UInt64, reachesConverterAt: UInt64, streamFrame: Int64) {
        self.kind = kind
        self.requestedAt = requestedAt
        self.writtenAt = writtenAt
        self.reachesConverterAt = reachesConverterAt
        self.streamFrame = streamFrame
    }

    public var toWrite: UInt64 { writtenAt &- requestedAt }
    public var toConverter: UInt64 { reachesConverterAt &- requestedAt }
}
