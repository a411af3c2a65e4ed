/// The mixer's fixed pool of voices: one ``Voice`` per sounding click, in
/// slots allocated once.
///
/// The pool sounds up to `voiceCount` clicks at full level. A click that
/// would make one more steals the oldest: that voice fades out over a few
/// milliseconds in its own slot while the new one starts in another, so
/// there are twice `voiceCount` slots to hold the fades. A new click never
/// cuts a voice off with a step and is never dropped; it only waits (the
/// caller keeps it queued) while every slot is taken, which takes a burst of
/// more than twice the pool within one fade.
///
/// Each new click also steps down the clicks still sounding, over a short
/// ramp (click-on-click ducking), so that each onset stays distinct when
/// typing is fast.
///
/// The slots are plain values at a stable address (``storage``), so the
/// mixer's history can copy them into a checkpoint and back.
///
/// # Real-time context
/// Only `init` and `deinit` allocate or free. Everything else allocates
/// nothing, takes no lock and never waits; it is the render thread's alone
/// (and the history's, on that thread).
final class VoicePool {
    /// The number of slots: twice the voices that sound at full level.
    let slotCount: Int
    /// The slots, `slotCount` of them.
    let storage: UnsafeMutablePointer<Voice>
    /// How many voices sound before a new click steals the oldest.
    private let voiceCount: Int
    /// The length of a stolen voice's fade, in frames.
    private let fadeFrames: Int
    /// The gain sounding clicks step down to when a new one starts, and how
    /// much they move per frame on the way.
    private let duckGain: Float
    private let duckStep: Float

    /// Creates a pool for `voiceCount` sounding voices, whose stolen voices
    /// fade over `fadeFrames` frames and whose sounding voices step down to
    /// `duckGain` over `duckFrames` frames when a new click starts.
    init(voiceCount: Int, fadeFrames: Int, duckGain: Float, duckFrames: Int) {
        self.voiceCount = voiceCount
        self.fadeFrames = fadeFrames
        self.duckGain = duckGain
        duckStep = (1 - duckGain) / Float(duckFrames)
        slotCount = 2 * voiceCount
        storage = .allocate(capacity: slotCount)
        storage.initialize(repeating: Voice(), count: slotCount)
    }

    deinit {
        storage.deinitialize(count: slotCount)
        storage.deallocate()
    }

    /// Whether any slot holds a voice that still sounds (fading or not).
    var anyActive: Bool {
        for i in 0..<slotCount where storage[i].isActive { return true }
        return false
    }

    /// The first slot with no voice in it, if any.
    func freeSlot() -> Int? {
        for i in 0..<slotCount where !storage[i].isActive { return i }
        return nil
    }

    /// Whether a voice still plays samples from bank slot `bankSlot`.
    func isUsing(bankSlot: Int) -> Bool {
        for i in 0..<slotCount where storage[i].isActive && storage[i].bankSlot == bankSlot { return true }
        return false
    }

    /// Starts `sound` (of `kind`, from bank slot `bankSlot`) in the free slot
    /// `slot`, with start order `serial` (larger than any before it), at
    /// `level` (linear), with channel gains `pan` and playback rate `rate`.
    ///
    /// Every click still sounding steps down (click-on-click ducking). When
    /// the pool already holds its full count of sounding voices, the oldest
    /// starts its fade, in its own slot.
    func start(_ kind: ClickKind, _ sound: ClickSound, bankSlot: Int, in slot: Int, serial: UInt64,
               level: Float = 1, pan: (left: Float, right: Float) = (1, 1), rate: Float = 1) {
        var sounding = 0
        var oldest = -1
        for i in 0..<slotCount where storage[i].isActive {
            if storage[i].targetGain > duckGain {
                storage[i].targetGain = duckGain
                storage[i].gainStep = -duckStep
            }
            if !storage[i].isFading {
                sounding += 1
                if oldest < 0 || storage[i].serial < storage[oldest].serial { oldest = i }
            }
        }
        if sounding >= voiceCount && oldest >= 0 {
            storage[oldest].isFading = true
            storage[oldest].fadeLength = fadeFrames
            storage[oldest].fadeRemaining = fadeFrames
        }
        storage[slot] = Voice(isActive: true, isFading: false, kind: kind, bankSlot: bankSlot,
                              samples: sound.samples, frameCount: sound.frameCount, position: 0,
                              gain: 1, targetGain: 1, gainStep: 0, fadeRemaining: 0, fadeLength: 1,
                              serial: serial, level: level, panLeft: pan.left, panRight: pan.right,
                              rate: rate, fraction: 0)
    }

    /// Adds `frames` frames of every sounding voice into `output`, each frame
    /// times `scale + scaleStep × (frame + 1)`; voices that end stop.
    ///
    /// - Returns: how many frames, counted from the block's start, some voice
    ///   still had to play when the block began, up to the longest one's
    ///   remainder (not capped at `frames`).
    func mix(into output: UnsafeMutablePointer<Float>, frames: Int, channels: Int,
             scale: Float, scaleStep: Float) -> Int {
        var clickFrames = 0
        for i in 0..<slotCount where storage[i].isActive {
            clickFrames = max(clickFrames, storage[i].remainingFrames)
            storage[i].mix(into: output, frames: frames, channels: channels, scale: scale, scaleStep: scaleStep)
        }
        return clickFrames
    }
}
