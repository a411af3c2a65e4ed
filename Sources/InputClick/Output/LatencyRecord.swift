/// The two latency figures of one click, measured on the render thread when
/// the click's first frame was written to the device.
///
/// - ``toWrite``: from the `playInputClick` call until the click's first
///   frame was written to the device.
/// - ``toConverter``: from the `playInputClick` call until that frame is
///   estimated to reach the digital-to-analogue converter: the write time plus
///   the audio queued ahead of the frame, as the device reported at that write
///   (`snd_pcm_delay` on ALSA).
///
/// All times are nanoseconds of ``MonotonicClock``.
public struct LatencyRecord: Sendable, Hashable {
    /// The sound that played.
    public var kind: ClickKind
    /// When the click was asked for.
    public var requestedAt: UInt64
    /// When its first frame was written to the device.
    public var writtenAt: UInt64
    /// When its first frame is estimated to reach the converter.
    public var reachesConverterAt: UInt64
    /// Where its first frame sits in the stream, counted in frames from the
    /// stream's first written frame.
    public var streamFrame: Int64

    /// Creates a record.
    ///
    /// Thread context: any thread, the render thread included; allocation-free.
    public init(kind: ClickKind, requestedAt: UInt64, writtenAt: UInt64, reachesConverterAt: UInt64, streamFrame: Int64) {
        self.kind = kind
        self.requestedAt = requestedAt
        self.writtenAt = writtenAt
        self.reachesConverterAt = reachesConverterAt
        self.streamFrame = streamFrame
    }

    /// Nanoseconds from the request until the first frame was written.
    public var toWrite: UInt64 { writtenAt &- requestedAt }
    /// Nanoseconds from the request until the first frame reaches the converter (estimated).
    public var toConverter: UInt64 { reachesConverterAt &- requestedAt }
}
