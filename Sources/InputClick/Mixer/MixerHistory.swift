/// The mixer's state at the start of each of the last periods it rendered,
/// so that a rewind can put it back exactly as it was at one of them.
///
/// Each checkpoint holds the render state (ducking envelope, limiter, click
/// and master gains, voice serials), every voice slot, and every host
/// stream's read cursor, with the mixer frame it was taken at. Restoring one
/// and rendering again gives, sample for sample, what rendering from there
/// gave the first time, plus whatever clicks start at the restored frame.
///
/// Rewinding is allowed only to a checkpoint at or after the *barrier*: the
/// first frame after the last thing that a restore could not undo (a click
/// starting, a bank installed or retired, a stream attached or detached).
/// Clicks already written therefore never move or double, and a restored
/// voice never points at a bank that was released.
///
/// # Real-time context
/// Everything is preallocated in ``init(capacity:voiceSlots:streamSlots:template:)``;
/// ``save(frame:state:voices:streams:)``, ``restore(frame:state:voices:streams:)``
/// and the queries allocate nothing, take no lock and never block.
///
/// Thread context: created on a control thread while no thread renders; used
/// by the render thread alone after that.
final class MixerHistory {
    /// Checkpoints kept; 0 means no history (no rewind).
    let capacity: Int
    private let voiceSlots: Int
    private let streamSlots: Int
    private let frames: UnsafeMutablePointer<Int64>
    private let states: UnsafeMutablePointer<Mixer.RenderState>
    private let voices: UnsafeMutablePointer<Voice>
    private let cursors: UnsafeMutablePointer<Int>
    /// Index of the newest checkpoint and how many are valid.
    private var newest = 0
    private var count = 0
    /// The earliest frame a rewind may go back to.
    private(set) var barrier: Int64 = 0

    init(capacity: Int, voiceSlots: Int, streamSlots: Int, template: Mixer.RenderState) {
        self.capacity = max(0, capacity)
        self.voiceSlots = voiceSlots
        self.streamSlots = streamSlots
        let slots = max(1, capacity)
        frames = .allocate(capacity: slots)
        frames.initialize(repeating: 0, count: slots)
        states = .allocate(capacity: slots)
        states.initialize(repeating: template, count: slots)
        voices = .allocate(capacity: slots * voiceSlots)
        voices.initialize(repeating: Voice(), count: slots * voiceSlots)
        cursors = .allocate(capacity: slots * streamSlots)
        cursors.initialize(repeating: 0, count: slots * streamSlots)
    }

    deinit {
        let slots = max(1, capacity)
        frames.deallocate()
        states.deinitialize(count: slots)
        states.deallocate()
        voices.deallocate()
        cursors.deallocate()
    }

    /// Forgets every checkpoint before `frame`: nothing before it can be
    /// rewound to (a recovery emptied the device, or it stopped).
    func clear(barrier frame: Int64) {
        count = 0
        barrier = frame
    }

    /// Nothing before `frame` may be rewound to any more.
    @inline(__always)
    func raiseBarrier(to frame: Int64) {
        if frame > barrier { barrier = frame }
    }

    /// Keeps the state at `frame`, replacing the oldest checkpoint when full.
    func save(frame: Int64, state: UnsafePointer<Mixer.RenderState>, voices pool: VoicePool,
              streams: RetiringSlots) {
        guard capacity > 0 else { return }
        newest = count == 0 ? 0 : (newest + 1) % capacity
        count = min(count + 1, capacity)
        frames[newest] = frame
        states[newest] = state.pointee
        (voices + newest * voiceSlots).update(from: pool.storage, count: voiceSlots)
        for slot in 0..<streamSlots {
            guard let raw = streams[slot] else { continue }
            cursors[newest * streamSlots + slot] = Unmanaged<HostStream>.fromOpaque(raw)._withUnsafeGuaranteedRef {
                $0.renderCursor
            }
        }
    }

    /// The stream cursor in the oldest checkpoint for stream slot `slot`:
    /// the writer may reuse every frame before it. `nil` without checkpoints.
    func oldestCursor(slot: Int) -> Int? {
        guard count > 0 else { return nil }
        let oldest = (newest - count + 1 + capacity) % capacity
        return cursors[oldest * streamSlots + slot]
    }

    /// The earliest checkpoint frame at or after both `frame` and the
    /// barrier, or `nil` if there is none.
    func earliestCheckpoint(atOrAfter frame: Int64) -> Int64? {
        let floor = max(frame, barrier)
        var best: Int64?
        for age in 0..<count {
            let index = (newest - age + capacity) % capacity
            let candidate = frames[index]
            if candidate >= floor { best = candidate } else { break }
        }
        return best
    }

    /// Puts back the state at checkpoint `frame` and forgets the checkpoints
    /// after it (rendering again takes new ones). Returns `false`, changing
    /// nothing, if there is no such checkpoint or it lies before the barrier.
    func restore(frame: Int64, state: UnsafeMutablePointer<Mixer.RenderState>, voices pool: VoicePool,
                 streams: RetiringSlots) -> Bool {
        guard frame >= barrier else { return false }
        for age in 0..<count {
            let index = (newest - age + capacity) % capacity
            guard frames[index] == frame else { continue }
            let pending = state.pointee.pendingControl
            state.pointee = states[index]
            state.pointee.pendingControl = pending
            pool.storage.update(from: voices + index * voiceSlots, count: voiceSlots)
            for slot in 0..<streamSlots {
                guard let raw = streams[slot] else { continue }
                let cursor = cursors[index * streamSlots + slot]
                Unmanaged<HostStream>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.renderCursor = cursor }
            }
            // This checkpoint is retaken when its period is rendered again.
            newest = (index - 1 + capacity) % capacity
            count -= age + 1
            return true
        }
        return false
    }
}
