import Synchronization

/// What a stream's render side drives: the ``Mixer``, plus the bookkeeping that turns each click's onset into
/// a ``LatencyRecord``. Per period: ``render(into:frameCount:)``, write, then
/// ``didWrite(at:framesQueuedAfterWrite:)`` with the time the write returned and the queue depth after it.
///
/// # Real-time context
/// The methods run on one render thread at a time (the properties on any): they allocate nothing, take no
/// lock, do no I/O and never block; they post ``progress`` (see ``RenderProgressSignal`` for why that is allowed).
public final class OutputRenderer: @unchecked Sendable {
    public let mixer: Mixer
    public let latency: LatencyRecorder
    /// The stream's format; the mixer renders at its rate and channel count.
    public let format: OutputFormat
    public let heartbeat: RenderHeartbeat
    /// Posted after each period written or refused, and when the device stops while silent: what a drain waits on.
    public let progress: RenderProgressSignal

    private let onsets: UnsafeMutableBufferPointer<ClickOnset>
    /// Render-thread state, kept out of class storage so that using it costs no exclusivity check.
    private let pending: UnsafeMutablePointer<(onsets: Int, frames: Int, position: Int64)>
    private let framesWritten = Atomic<Int64>(0)
    private let stopped = Atomic<Bool>(false)
    private let writtenClicks = Atomic<Int>(0)
    private let lastClick = Atomic<Int64>(0)
    private let lostClicks = Atomic<Int>(0)

    /// - Precondition: the mixer's rate and channel count equal the format's.
    public init(mixer: Mixer, latency: LatencyRecorder, format: OutputFormat, heartbeat: RenderHeartbeat = RenderHeartbeat(),
                progress: RenderProgressSignal = RenderProgressSignal()) {
        precondition(mixer.configuration.sampleRate == format.sampleRate && mixer.configuration.channels == format.channels,
                     "the mixer's format must match the stream's")
        self.mixer = mixer
        self.latency = latency
        self.format = format
        self.heartbeat = heartbeat
        self.progress = progress
        onsets = .allocate(capacity: max(16, mixer.configuration.clickQueueCapacity))
        onsets.initialize(repeating: ClickOnset(kind: .key, requestedAt: 0, frameOffset: 0))
        pending = .allocate(capacity: 1)
        pending.initialize(to: (0, 0, 0))
    }

    deinit {
        onsets.deallocate()
        pending.deallocate()
    }

    /// The furthest stream frame written so far: a high-water mark that a rewind does not lower.
    public var streamPosition: Int64 { framesWritten.load(ordering: .relaxed) }

    /// Clicks started in periods written to the device (a click in frames written again counts again).
    public var clicksWritten: Int { writtenClicks.load(ordering: .acquiring) }

    /// Clicks started in periods rendered but never written, because the device failed (``discardRendered()``).
    public var clicksLost: Int { lostClicks.load(ordering: .acquiring) }

    /// The stream frame (like ``streamPosition``) at which the last written click started; 0 before the first.
    public var lastClickFrame: Int64 { lastClick.load(ordering: .acquiring) }

    /// Whether the loop stopped the device because everything sounded out; `false` while it plays and for a stream
    /// that never stops. Cleared before a restart's first period, so a click in ``latency`` and `true` here mean
    /// that click has played.
    public var isStoppedWhileSilent: Bool { stopped.load(ordering: .acquiring) }

    /// Says the device stopped (`true`) or is about to start (`false`).
    public func setStoppedWhileSilent(_ value: Bool) {
        stopped.store(value, ordering: .releasing)
        if value { progress.signal() }
    }

    /// Renders `frameCount` interleaved float frames into `buffer` and remembers the clicks that started in them.
    public func render(into buffer: UnsafeMutablePointer<Float>, frameCount: Int) {
        render(into: buffer, frameCount: frameCount, startingClicks: true)
    }

    /// With `startingClicks` false, queued clicks wait (``Mixer/render(into:frameCount:onsets:startingClicks:)``).
    public func render(into buffer: UnsafeMutablePointer<Float>, frameCount: Int, startingClicks: Bool) {
        let count = mixer.render(into: buffer, frameCount: frameCount, onsets: onsets, startingClicks: startingClicks)
        pending.pointee.onsets = count
        pending.pointee.frames = frameCount
    }

    /// Forgets the last rendered period (the device would not take it); its clicks count in ``clicksLost``.
    public func discardRendered() {
        let lost = min(pending.pointee.onsets, onsets.count)
        if lost > 0 { lostClicks.add(lost, ordering: .releasing) }
        pending.pointee.onsets = 0
        pending.pointee.frames = 0
        progress.signal()
    }

    /// The loop rewound the device and mixer by `frames`, which will be rendered and written again.
    public func rewound(by frames: Int) {
        pending.pointee.position -= Int64(frames)
    }

    /// Records the latency of the clicks started in the period just written.
    ///
    /// - Parameters:
    ///   - time: when the write returned (nanoseconds of the stream's ``ClickClock``).
    ///   - framesQueuedAfterWrite: frames queued in the device after the write, the period included
    ///     (`snd_pcm_delay`); `nil` if unknown: a frame is then taken to reach the converter when written.
    public func didWrite(at time: UInt64, framesQueuedAfterWrite: Int?) {
        let nanosPerFrame = 1_000_000_000.0 / Double(format.sampleRate)
        let (pendingOnsets, pendingFrames, written) = pending.pointee
        for i in 0..<min(pendingOnsets, onsets.count) {
            let onset = onsets[i]
            var ahead = 0
            if let queued = framesQueuedAfterWrite {
                // A device may report nonsense for its delay: never more than its buffer.
                ahead = min(max(0, queued - (pendingFrames - onset.frameOffset)), format.bufferFrames + pendingFrames)
            }
            let converter = time &+ UInt64(Double(ahead) * nanosPerFrame)
            latency.record(LatencyRecord(kind: onset.kind, requestedAt: min(onset.requestedAt, time),
                                         writtenAt: time, reachesConverterAt: converter,
                                         streamFrame: written + Int64(onset.frameOffset)))
        }
        let startedClicks = min(pendingOnsets, onsets.count)
        if startedClicks > 0 {
            lastClick.store(written + Int64(onsets[startedClicks - 1].frameOffset), ordering: .relaxed)
            writtenClicks.add(startedClicks, ordering: .releasing)
        }
        let position = written + Int64(pendingFrames)
        if position > framesWritten.load(ordering: .relaxed) { framesWritten.store(position, ordering: .relaxed) }
        pending.pointee = (0, 0, position)
        progress.signal()
    }
}
