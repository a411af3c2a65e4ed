import Synchronization

/// The host's own audio (music, speech), mixed under the clicks and ducked while they sound.
///
/// A single-producer, single-consumer ring of interleaved float frames at the mixer's rate and channel
/// count. When full, ``write(_:)`` takes what fits; when dry, the mixer plays silence. While the mixer may
/// rewind, rendered frames stay queued (``queuedFrames``) until the device has played them.
///
/// Thread context: ``write(_:)`` from one producer at a time; the cursor members from the render thread;
/// the rest from any thread, lock-free. Nothing blocks.
public final class HostStream: @unchecked Sendable {
    /// Equal to the mixer's.
    public let channels: Int
    public let capacityFrames: Int
    private let samples: UnsafeMutablePointer<Float>
    private let writeIndex = Atomic<Int>(0)
    /// Frames the writer may overwrite: played, or past any rewind.
    private let readIndex = Atomic<Int>(0)
    /// At or after ``readIndex``.
    private let cursor: UnsafeMutablePointer<Int>
    private let gainBits = Atomic<UInt32>(Float(1).bitPattern)

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

    /// Linear, before ducking. Default 1; negative or non-finite means 0.
    public var gain: Float {
        get { Float(bitPattern: gainBits.load(ordering: .relaxed)) }
        set { gainBits.store((newValue.isFinite ? max(0, newValue) : 0).bitPattern, ordering: .relaxed) }
    }

    /// Written and not yet played (or still within reach of a rewind).
    public var queuedFrames: Int {
        writeIndex.load(ordering: .acquiring) - readIndex.load(ordering: .acquiring)
    }

    /// Returns how many frames fit. Non-finite samples are stored as silence; a trailing partial frame
    /// is not written.
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

    @discardableResult
    public func write(_ interleaved: [Float]) -> Int {
        interleaved.withUnsafeBufferPointer { write($0) }
    }

    /// Adds up to `frameCount` frames, times `gains[frame] × gain`, into `output`.
    /// Real-time context: the render thread only.
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

    var renderCursor: Int {
        get { cursor.pointee }
        set { cursor.pointee = newValue }
    }

    /// Lets the writer reuse every frame before `position`.
    func release(upTo position: Int) {
        if position > readIndex.load(ordering: .relaxed) { readIndex.store(position, ordering: .releasing) }
    }

    /// On attaching: start reading where the writer last saw the reader.
    func resumeFromReleased() {
        cursor.pointee = readIndex.load(ordering: .relaxed)
    }
}
