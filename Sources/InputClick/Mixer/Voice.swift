/// One sounding click in the mixer's voice pool.
///
/// Real-time context: a plain value kept in preallocated memory.
struct Voice {
    var isActive = false
    /// Set when the voice was stolen: it fades out over `fadeLength` frames and stops.
    var isFading = false
    var kind: ClickKind = .key
    /// Which bank slot the samples belong to, so the bank outlives the voice.
    var bankSlot = 0
    var samples: UnsafePointer<Float>?
    var frameCount = 0
    var position = 0
    /// The click-on-click gain and its ramp.
    var gain: Float = 1
    var targetGain: Float = 1
    var gainStep: Float = 0
    var fadeRemaining = 0
    var fadeLength = 1
    /// Start order: a lower serial started earlier.
    var serial: UInt64 = 0

    var remainingFrames: Int {
        guard isActive else { return 0 }
        let left = frameCount - position
        return isFading ? min(left, fadeRemaining) : left
    }

    /// Adds up to `frames` frames of this voice into `output`, each frame times
    /// `scale + scaleStep × (frame + 1)`, and stops the voice when it ends.
    mutating func mix(into output: UnsafeMutablePointer<Float>, frames: Int, channels: Int,
                      scale: Float, scaleStep: Float = 0) {
        guard isActive, let samples else { return }
        // Work on local copies, written back once, so the loop runs in registers.
        let frameCount = self.frameCount, targetGain = self.targetGain, gainStep = self.gainStep
        let isFading = self.isFading, fadeLength = self.fadeLength
        var position = self.position, gain = self.gain, fadeRemaining = self.fadeRemaining
        var frame = 0
        while frame < frames && position < frameCount {
            if gain != targetGain {
                gain += gainStep
                if (gainStep < 0 && gain <= targetGain) || (gainStep > 0 && gain >= targetGain) { gain = targetGain }
            }
            var g = gain * (scaleStep == 0 ? scale : scale + scaleStep * Float(frame + 1))
            if isFading {
                if fadeRemaining <= 0 { break }
                g *= Float(fadeRemaining) / Float(fadeLength)
                fadeRemaining -= 1
            }
            let source = samples + position * channels
            let target = output + frame * channels
            for c in 0..<channels { target[c] += source[c] * g }
            position += 1
            frame += 1
        }
        self.position = position
        self.gain = gain
        self.fadeRemaining = fadeRemaining
        if position >= frameCount || (isFading && fadeRemaining <= 0) {
            isActive = false
            self.isFading = false
            self.samples = nil
        }
    }
}
