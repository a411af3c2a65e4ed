/// One sounding click, with its pan, level and rate, so a checkpoint (``MixerHistory``) holds all of it.
/// Real-time context: a plain value in preallocated memory.
struct Voice {
    var isActive = false
    /// Stolen: it fades out over `fadeLength` frames and stops.
    var isFading = false
    var kind: ClickKind = .key
    /// Keeps the bank alive while the voice plays.
    var bankSlot = 0
    var samples: UnsafePointer<Float>?
    var frameCount = 0
    var position = 0
    var gain: Float = 1
    var targetGain: Float = 1
    var gainStep: Float = 0
    var fadeRemaining = 0
    var fadeLength = 1
    /// A lower serial started earlier.
    var serial: UInt64 = 0
    /// Placement gain times variation, and the pan's channel gains (stereo only).
    var level: Float = 1
    var panLeft: Float = 1
    var panRight: Float = 1
    /// Source frames per output frame (1 = as recorded), and the read position's fraction.
    var rate: Float = 1
    var fraction: Float = 0

    private var isPlain: Bool { level == 1 && panLeft == 1 && panRight == 1 && rate == 1 }

    var remainingFrames: Int {
        guard isActive else { return 0 }
        var left = frameCount - position
        if rate != 1 { left = Int((Float(left) - fraction) / rate) + 1 }
        return isFading ? min(left, fadeRemaining) : left
    }

    /// Each frame times `scale + scaleStep × (frame + 1)`; stops the voice when it ends.
    mutating func mix(into output: UnsafeMutablePointer<Float>, frames: Int, channels: Int,
                      scale: Float, scaleStep: Float = 0) {
        guard isActive, let samples else { return }
        if !isPlain {
            mixShaped(samples, into: output, frames: frames, channels: channels, scale: scale, scaleStep: scaleStep)
            return
        }
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
        if position >= frameCount || (isFading && fadeRemaining <= 0) { stop() }
    }

    /// For a level, pan or rate other than 1: linear interpolation, and per-channel pan gains.
    private mutating func mixShaped(_ samples: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>,
                                    frames: Int, channels: Int, scale: Float, scaleStep: Float) {
        let frameCount = self.frameCount, targetGain = self.targetGain, gainStep = self.gainStep
        let isFading = self.isFading, fadeLength = self.fadeLength, rate = self.rate, level = self.level
        let panLeft = channels == 2 ? self.panLeft : 1, panRight = channels == 2 ? self.panRight : 1
        var position = self.position, fraction = self.fraction, gain = self.gain, fadeRemaining = self.fadeRemaining
        var frame = 0
        while frame < frames && position < frameCount {
            if gain != targetGain {
                gain += gainStep
                if (gainStep < 0 && gain <= targetGain) || (gainStep > 0 && gain >= targetGain) { gain = targetGain }
            }
            var g = level * gain * (scaleStep == 0 ? scale : scale + scaleStep * Float(frame + 1))
            if isFading {
                if fadeRemaining <= 0 { break }
                g *= Float(fadeRemaining) / Float(fadeLength)
                fadeRemaining -= 1
            }
            let source = samples + position * channels
            let hasNext = position + 1 < frameCount
            let target = output + frame * channels
            for c in 0..<channels {
                let next = hasNext ? source[channels + c] : 0
                let value = fraction == 0 ? source[c] : source[c] + (next - source[c]) * fraction
                let channelGain = c == 0 ? panLeft : (c == 1 ? panRight : 1)
                target[c] += value * g * channelGain
            }
            fraction += rate
            let whole = Int(fraction)
            position += whole
            fraction -= Float(whole)
            frame += 1
        }
        self.position = position
        self.fraction = fraction
        self.gain = gain
        self.fadeRemaining = fadeRemaining
        if position >= frameCount || (isFading && fadeRemaining <= 0) { stop() }
    }

    private mutating func stop() {
        isActive = false
        isFading = false
        samples = nil
    }
}
