/// The mixer's fixed pool of voices. Up to `voiceCount` clicks sound at full level; one more steals the
/// oldest, which fades in its own slot, so there are twice that many slots. A new click is never dropped:
/// it waits queued only while every slot is taken. Each new click steps the sounding ones down
/// (click-on-click ducking). The slots sit at a stable address so the history can copy them.
///
/// # Real-time context
/// Only `init` and `deinit` allocate; the rest never waits and is the render thread's alone.
final class VoicePool {
    /// Twice the voices that sound at full level.
    let slotCount: Int
    let storage: UnsafeMutablePointer<Voice>
    private let voiceCount: Int
    /// In frames.
    private let fadeFrames: Int
    /// What sounding clicks step down to when one starts, and the step per frame.
    private let duckGain: Float
    private let duckStep: Float

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

    /// Fading or not.
    var anyActive: Bool {
        for i in 0..<slotCount where storage[i].isActive { return true }
        return false
    }

    func freeSlot() -> Int? {
        for i in 0..<slotCount where !storage[i].isActive { return i }
        return nil
    }

    func isUsing(bankSlot: Int) -> Bool {
        for i in 0..<slotCount where storage[i].isActive && storage[i].bankSlot == bankSlot { return true }
        return false
    }

    /// Starts `sound` in the free `slot` with start order `serial`. Sounding clicks step down; when the
    /// pool is full, the oldest starts its fade.
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

    /// Each frame times `scale + scaleStep × (frame + 1)`. Returns how many frames, from the block's start,
    /// the longest voice still had to play (not capped at `frames`).
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
