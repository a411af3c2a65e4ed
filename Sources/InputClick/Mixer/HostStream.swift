import Synchronization

/// A stream of the host's own audio (music, speech) that plays through the
/// mixer and is ducked while clicks sound.
///
/// The host writes interleaved float frames at the mixer's rate and channel
/// count with ``write(_:)``; the render thread reads them. The stream is a
/// single-producer, single-consumer ring of fixed capacity: when it is full,
/// `write` takes what fits and says how much; when it runs dry, the mixer
/// plays silence for the missing frames.
///
/// While the mixer may rewind (``ClickScheduling/rewind``), frames it has
/// rendered stay in the ring until the device has played them, so that a
/// rewind can render them again: the writer sees them as still queued
/// (``queuedFrames``) until then.
///
/// Thread context: ``write(_:)`` from one producer thread at a time; the
/// mixer's cursor members from the render thread; the other members from any
/// thread. Nothing blocks.
public final class HostStream: @unchecked Sendable {
    /// Channels per frame; equal to the mixer's.
    public let channels: Int
    /// How many frames the stream buffers.
    public let capacityFrames: Int
    private let samples: UnsafeMutablePointer<Float>
    private let writeIndex = Atomic<Int>(0)
    /// Frames the writer may overwrite: played, or past any rewind.
    private let readIndex = Atomic<Int>(0)
    /// The render thread's own read position, at or after ``readIndex``.
    private let cursor: UnsafeMutablePointer<Int>
    private let gainBits = Atomic<UInt32>(Float(1).bitPattern)

    /// Creates a stream that buffers `capacityFrames` frames of `channels` channels.
    public init(channels: Int, capacityFrames: Int = 48_000) {
        precondition(channels > 0 && capacityFrames > 0)
        self.channels = channels
        self.capacityFrames = capacityFrames
        samples = .allocate(capacity: channels * capacityFrames)
        samples.initialize(repeating: 0, count: channels * capacityFrames)
        cursor = .allocate(capacity: 1)
        cursor.initialize(to: 0)
    }

    deinit {
        samples.deallocate()
        cursor.deallocate()
    }

    /// The stream's own gain before ducking, linear. Default 1. A negative
    /// gain is taken as 0, and so is one that is not finite.
    ///
    /// Lock-free.
    public var gain: Float {
        get { Float(bitPattern: gainBits.load(ordering: .relaxed)) }
        set { gainBits.store((newValue.isFinite ? max(0, newValue) : 0).bitPattern, ordering: .relaxed) }
    }

    /// Frames written and not yet played (or still within reach of a rewind).
    ///
    /// Lock-free.
    public var queuedFrames: Int {
        writeIndex.load(ordering: .acquiring) - readIndex.load(ordering: .acquiring)
    }

    /// Appends interleaved frames; returns how many frames fit. Samples that
    /// are not finite (NaN, infinity) are stored as silence.
    ///
    /// A trailing partial frame (fewer samples than ``channels``) is not written.
    @discardableResult
    public func write(_ interleaved: UnsafeBufferPointer<Float>) -> Int {
        let write = writeIndex.load(ordering: .relaxed)
        let read = readIndex.load(ordering: .acquiring)
        let frames = min(interleaved.count / channels, capacityFrames - (write - read))
        for frame in 0..<frames {
            let slot = ((write + frame) % capacityFrames) * channels
            for c in 0..<channels {
                let value = interleaved[frame * channels + c]
                samples[slot + c] = value.isFinite ? value : 0
            }
        }
        writeIndex.store(write + frames, ordering: .releasing)
        return frames
    }

    /// Appends frames from an array; returns how many frames fit.
    @discardableResult
    public func write(_ interleaved: [Float]) -> Int {
        interleaved.withUnsafeBufferPointer { write($0) }
    }

    /// Adds up to `frameCount` frames, times `gains[frame] × gain`, into `output`.
    ///
    /// Real-time context: the render thread only; allocation-free and lock-free.
    func mix(into output: UnsafeMutablePointer<Float>, frameCount: Int, gains: UnsafePointer<Float>) {
        let read = cursor.pointee
        let available = writeIndex.load(ordering: .acquiring) - read
        let frames = min(frameCount, available)
        let own = gain
        for frame in 0..<frames {
            let slot = ((read + frame) % capacityFrames) * channels
            let g = gains[frame] * own
            for c in 0..<channels { output[frame * channels + c] += samples[slot + c] * g }
        }
        cursor.pointee = read + frames
    }

    /// The render thread's read position, for the mixer's history.
    var renderCursor: Int {
        get { cursor.pointee }
        set { cursor.pointee = newValue }
    }

    /// Lets the writer reuse every frame before `position` (a render cursor
    /// the mixer will not rewind behind).
    func release(upTo position: Int) {
        if position > readIndex.load(ordering: .relaxed) { readIndex.store(position, ordering: .releasing) }
    }

    /// Starts reading where the writer last saw the reader, when the stream
    /// is attached to a mixer.
    func resumeFromReleased() {
        cursor.pointee = readIndex.load(ordering: .relaxed)
    }
}
