/// The gain on host streams: down to the ducking depth while clicks sound, held, then released.
/// Linear attack, exponential release (straight in dB), moving every frame so there is no zipper noise.
/// Real-time context: a plain value; filling allocates nothing.
struct DuckingEnvelope {
    private(set) var gain: Float = 1
    private var depthGain: Float = 1
    private var attackStep: Float = 1
    private var releaseFactor: Float = 1
    private var holdFrames = 0
    private var holdRemaining = 0

    mutating func configure(_ parameters: DuckingParameters, sampleRate: Int) {
        let rate = Double(sampleRate)
        depthGain = Float(Decibels.toGain(min(parameters.depthDecibels, 0)))
        let attackFrames = max(1.0, parameters.attackMilliseconds * rate / 1000)
        attackStep = (1 - depthGain) / Float(attackFrames)
        holdFrames = max(0, Int(parameters.holdMilliseconds * rate / 1000))
        let releaseFrames = max(1.0, parameters.releaseMilliseconds * rate / 1000)
        releaseFactor = depthGain > 0 && depthGain < 1 ? Float(Decibels.toGain(-Decibels.fromGain(Double(depthGain)) / releaseFrames)) : 1
    }

    /// Clicks sound during the first `clickFrames` frames.
    mutating func fill(_ gains: UnsafeMutablePointer<Float>, frameCount: Int, clickFrames: Int) {
        for frame in 0..<frameCount {
            if frame < clickFrames {
                holdRemaining = holdFrames
                gain = max(depthGain, gain - attackStep)
            } else if holdRemaining > 0 {
                holdRemaining -= 1
                gain = max(depthGain, gain - attackStep)
            } else if gain < 1 {
                gain = min(1, gain * releaseFactor)
                if gain < 1 && 1 - gain < 1e-6 { gain = 1 }
            }
            gains[frame] = gain
        }
    }
}
