import Synchronization

/// What a stream's render thread drives: the ``Mixer``, plus the bookkeeping
/// that turns each click's onset into a ``LatencyRecord``.
///
/// The render thread calls ``render(into:frameCount:)`` for one period, writes
/// the period to the device, then calls
/// ``didWrite(at:framesQueuedAfterWrite:)`` with the time the write returned
/// and the device's queue depth after it; the clicks that started in that
/// period are then recorded in ``latency``.
///
/// # Real-time context
/// The methods (not the initializer) allocate nothing, take no lock, do no
/// I/O and never block.
/// ``render(into:frameCount:)`` and ``didWrite(at:framesQueuedAfterWrite:)``
/// end by posting ``progress`` (see ``RenderProgressSignal`` for why that is allowed).
///
/// Thread context: the methods from one render thread at a time; the
/// properties from any thread.
public final class OutputRenderer: @unchecked Sendable {
    public let mixer: Mixer
    /// Where click latencies are recorded.
    public let latency: LatencyRecorder
    /// The stream's format; the mixer renders at its rate and channel count.
    public let format: OutputFormat
    /// Where the render loop says when its device last made progress.
    public let heartbeat: RenderHeartbeat
    /// Posted after each period written or refused, and when the device
    /// stops while silent: what a drain waits on.
    public let progress: RenderProgressSignal

    private let onsets: UnsafeMutableBufferPointer<ClickOnset>
    /// What only the render thread touches, kept out of class storage so that
    /// using it costs no runtime exclusivity check.
    private let pending: UnsafeMutablePointer<(onsets: Int, frames: Int, position: Int64)>
    /// The furthest stream frame written so far: stored by the render thread, read by any.
    private let framesWritten = Atomic<Int64>(0)
    /// Whether the render loop has stopped the device because nothing sounds.
    private let stopped = Atomic<Bool>(false)
    /// Clicks written so far, and the stream frame of the last one.
    private let writtenClicks = Atomic<Int>(0)
    private let lastClick = Atomic<Int64>(0)
    /// Clicks that started in periods the device never took.
    private let lostClicks = Atomic<Int>(0)

    /// Creates a renderer for a stream of `format`.
    ///
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

    /// The furthest stream frame written to the device so far. A rewind
    /// takes frames back and writes them again, so this is the high-water
    /// mark: it never goes down.
    ///
    /// Lock-free.
    public var streamPosition: Int64 { framesWritten.load(ordering: .relaxed) }

    /// How many clicks have started in periods written to the device (a
    /// click in frames that a rewind writes again counts again).
    ///
    /// Lock-free.
    public var clicksWritten: Int { writtenClicks.load(ordering: .acquiring) }

    /// How many clicks started in periods that were rendered but never
    /// written, because the device failed while taking them
    /// (``discardRendered()``): lost with the device, and counted here
    /// rather than silently.
    ///
    /// Lock-free.
    public var clicksLost: Int { lostClicks.load(ordering: .acquiring) }

    /// The stream frame (counted like ``streamPosition``) at which the last
    /// written click started; 0 before the first.
    ///
    /// Lock-free.
    public var lastClickFrame: Int64 { lastClick.load(ordering: .acquiring) }

    /// Whether the render loop has stopped the device because everything it
    /// was given has sounded out (``ClickScheduling/rewind`` and
    /// ``ClickScheduling/onDemand``); `false` while it plays, and always for
    /// a stream that never stops. Cleared before the first period of a
    /// restart is rendered, so a click already recorded in ``latency`` and a
    /// `true` here mean that click has played.
    ///
    /// Lock-free.
    public var isStoppedWhileSilent: Bool { stopped.load(ordering: .acquiring) }

    /// Says the device stopped (`true`) or is about to start (`false`).
    public func setStoppedWhileSilent(_ value: Bool) {
        stopped.store(value, ordering: .releasing)
        if value { progress.signal() }
    }

    /// Renders `frameCount` interleaved float frames of the mixer into `buffer`
    /// and remembers the clicks that started in them.
    public func render(into buffer: UnsafeMutablePointer<Float>, frameCount: Int) {
        render(into: buffer, frameCount: frameCount, startingClicks: true)
    }

    /// Renders like ``render(into:frameCount:)``; with `startingClicks`
    /// false, queued clicks wait (``Mixer/render(into:frameCount:onsets:startingClicks:)``).
    public func render(into buffer: UnsafeMutablePointer<Float>, frameCount: Int, startingClicks: Bool) {
        let count = mixer.render(into: buffer, frameCount: frameCount, onsets: onsets, startingClicks: startingClicks)
        pending.pointee.onsets = count
        pending.pointee.frames = frameCount
    }

    /// Forgets the last rendered period: the device would not take it. The
    /// clicks that started in it count in ``clicksLost``; the stream
    /// position does not move.
    public func discardRendered() {
        let lost = min(pending.pointee.onsets, onsets.count)
        if lost > 0 { lostClicks.add(lost, ordering: .releasing) }
        pending.pointee.onsets = 0
        pending.pointee.frames = 0
        progress.signal()
    }

    /// Takes `frames` frames back from the stream position: the render loop
    /// rewound the device and the mixer by that much, and the frames will be
    /// rendered and written again.
    public func rewound(by frames: Int) {
        pending.pointee.position -= Int64(frames)
    }

    /// Records the latency of the clicks that started in the last rendered
    /// period, now that it has been written.
    ///
    /// - Parameters:
    ///   - time: When the write returned, in nanoseconds of ``MonotonicClock``.
    ///   - framesQueuedAfterWrite: The frames queued in the device after the
    ///     write, the period included (`snd_pcm_delay`); `nil` if unknown, in
    ///     which case a frame is taken to reach the converter when written.
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
