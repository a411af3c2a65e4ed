/// The mixer's state at the start of each of the last periods, so a rewind can restore it exactly:
/// render state, voice slots and host stream cursors. Rendering again from a checkpoint repeats the audio
/// sample for sample, plus clicks that start at the restored frame.
///
/// A rewind may go back only to the *barrier*: the first frame after anything a restore could not undo
/// (a click starting, a bank or stream change), so written clicks never move or double.
///
/// # Real-time context
/// Preallocated in `init` on a control thread while no thread renders; after that the render thread's
/// alone, allocating nothing and never blocking.
final class MixerHistory {
    /// 0 means no history.
    let capacity: Int
    private let voiceSlots: Int
    private let streamSlots: Int
    private let frames: UnsafeMutablePointer<Int64>
    private let states: UnsafeMutablePointer<Mixer.RenderState>
    private let voices: UnsafeMutablePointer<Voice>
    private let cursors: UnsafeMutablePointer<Int>
    private var newest = 0
    private var count = 0
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

    /// Nothing before `frame` can be rewound to (a recovery emptied the device, or it stopped).
    func clear(barrier frame: Int64) {
        count = 0
        barrier = frame
    }

    @inline(__always)
    func raiseBarrier(to frame: Int64) {
        if frame > barrier { barrier = frame }
    }

    /// Replaces the oldest checkpoint when full.
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

    /// The writer may reuse every frame before it. `nil` without checkpoints.
    func oldestCursor(slot: Int) -> Int? {
        guard count > 0 else { return nil }
        let oldest = (newest - count + 1 + capacity) % capacity
        return cursors[oldest * streamSlots + slot]
    }

    /// At or after both `frame` and the barrier.
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

    /// Forgets later checkpoints; `false`, changing nothing, if there is none at `frame` or it lies before
    /// the barrier.
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
