/// How to synthesize one click: damped resonant modes (the key's body) plus band-passed noise bursts
/// (the contact), with a click-free attack and faded tail, centred on zero and normalized in loudness.
/// Only ``DeterministicMath`` and ``SplitMix64``, so samples are bit-identical everywhere.
struct ClickRecipe: Sendable {
    /// A damped sinusoid: the ring of one resonance.
    struct Mode: Sendable {
        enum StartPhase: Sendable {
            /// The phase near a trough that gives the shaped mode zero area, like a struck body released: no DC
            /// offset, right for low modes.
            case zeroArea
            /// The other zero-area phase, near a crest: a second low mode whose onset does not pile onto the first.
            case zeroAreaInverted
            /// Like an impulse; the modes do not all peak at once, keeping bright ticks' crest factor down.
            case zero
        }

        /// In Hz.
        var frequency: Double
        /// In Hz; glides exponentially to ``frequency`` (equal for a steady pitch).
        var startFrequency: Double
        /// Time constant, in milliseconds.
        var glideMilliseconds: Double = 1
        /// Before normalization.
        var level: Double
        /// Time constant, in milliseconds.
        var decayMilliseconds: Double
        /// From the start of the sound, in milliseconds.
        var delayMilliseconds: Double = 0
        var startPhase: StartPhase

        init(frequency: Double, startFrequency: Double? = nil, glideMilliseconds: Double = 1,
             level: Double, decayMilliseconds: Double, delayMilliseconds: Double = 0,
             startPhase: StartPhase = .zeroArea) {
            self.startPhase = startPhase
            self.frequency = frequency
            self.startFrequency = startFrequency ?? frequency
            self.glideMilliseconds = glideMilliseconds
            self.level = level
            self.decayMilliseconds = decayMilliseconds
            self.delayMilliseconds = delayMilliseconds
        }
    }

    struct NoiseBurst: Sendable {
        /// In Hz.
        var centre: Double
        /// Centre ÷ bandwidth.
        var q: Double
        /// Before normalization.
        var level: Double
        /// Time constant, in milliseconds.
        var decayMilliseconds: Double
        /// From the start of the sound, in milliseconds.
        var delayMilliseconds: Double = 0
    }

    var durationMilliseconds: Double
    /// Raised-cosine fade-in of each component.
    var attackMilliseconds: Double
    /// Raised-cosine fade-out at the end.
    var fadeOutMilliseconds: Double
    var modes: [Mode]
    var noise: [NoiseBurst]
    /// Each kind has its own.
    var seed: UInt64

    /// The loudest 5 ms window's RMS level every bundled sound is scaled to, in dBFS.
    static let targetWindowDecibels = -12.0
    static let loudnessWindowMilliseconds = 5.0

    /// Normalized so its loudest 5 ms window sits at ``targetWindowDecibels``.
    func synthesize(sampleRate: Int) -> [Double] {
        let rate = Double(sampleRate)
        let frameCount = Int((durationMilliseconds * rate / 1000).rounded())
        var signal = [Double](repeating: 0, count: frameCount)
        let attackFrames = max(1, Int((attackMilliseconds * rate / 1000).rounded()))
        for mode in modes { add(mode, to: &signal, rate: rate, attackFrames: attackFrames) }
        var random = SplitMix64(seed: seed)
        for burst in noise { add(burst, to: &signal, rate: rate, attackFrames: attackFrames, random: &random) }
        fadeOut(&signal, frames: Int((fadeOutMilliseconds * rate / 1000).rounded()))
        removeMean(&signal)
        let windowFrames = Int((Self.loudnessWindowMilliseconds * rate / 1000).rounded())
        let loudest = Self.loudestWindowRMS(signal, windowFrames: windowFrames)
        if loudest > 0 {
            let scale = DeterministicMath.gain(decibels: Self.targetWindowDecibels) / loudest
            for i in signal.indices { signal[i] *= scale }
        }
        return signal
    }

    static func loudestWindowRMS(_ signal: [Double], windowFrames: Int) -> Double {
        let width = min(windowFrames, signal.count)
        guard width > 0 else { return 0 }
        var best = 0.0
        for start in 0...(signal.count - width) {
            var sum = 0.0
            for i in start..<(start + width) { sum += signal[i] * signal[i] }
            best = max(best, sum)
        }
        return (best / Double(width)).squareRoot()
    }

    /// 0 at `index` 0, 1 at `frames`.
    private static func rise(_ index: Int, frames: Int) -> Double {
        guard index < frames else { return 1 }
        return 0.5 - 0.5 * DeterministicMath.cos(DeterministicMath.pi * Double(index) / Double(frames))
    }

    private func add(_ mode: Mode, to signal: inout [Double], rate: Double, attackFrames: Int) {
        let start = Int((mode.delayMilliseconds * rate / 1000).rounded())
        guard start < signal.count else { return }
        let decay = DeterministicMath.exp(-1000 / (mode.decayMilliseconds * rate))
        let glide = DeterministicMath.exp(-1000 / (mode.glideMilliseconds * rate))
        // Render the sine and cosine parts of the shaped, gliding oscillation;
        // the mode is cos φ · sine + sin φ · cosine.
        let count = signal.count - start
        var sine = [Double](repeating: 0, count: count)
        var cosine = [Double](repeating: 0, count: count)
        var amplitude = mode.level
        var excess = mode.startFrequency - mode.frequency
        var phase = 0.0  // in cycles
        var sineArea = 0.0, cosineArea = 0.0
        for local in 0..<count {
            let envelope = amplitude * Self.rise(local, frames: attackFrames)
            let angle = DeterministicMath.twoPi * phase
            sine[local] = envelope * DeterministicMath.sin(angle)
            cosine[local] = envelope * DeterministicMath.cos(angle)
            sineArea += sine[local]
            cosineArea += cosine[local]
            phase += (mode.frequency + excess) / rate
            phase -= phase.rounded(.down)
            excess *= glide
            amplitude *= decay
        }
        var cosPhi = 1.0, sinPhi = 0.0
        if mode.startPhase != .zero {
            // The area is cos φ · sineArea + sin φ · cosineArea; make it zero,
            // choosing the solution that starts below zero (or above, inverted).
            let norm = (sineArea * sineArea + cosineArea * cosineArea).squareRoot()
            if norm > 0 {
                cosPhi = cosineArea / norm
                sinPhi = -sineArea / norm
                if (sinPhi > 0) != (mode.startPhase == .zeroAreaInverted) { cosPhi = -cosPhi; sinPhi = -sinPhi }
            }
        }
        for local in 0..<count {
            signal[start + local] += cosPhi * sine[local] + sinPhi * cosine[local]
        }
    }

    private func add(_ burst: NoiseBurst, to signal: inout [Double], rate: Double, attackFrames: Int,
                     random: inout SplitMix64) {
        let start = Int((burst.delayMilliseconds * rate / 1000).rounded())
        guard start < signal.count else { return }
        // A band-pass biquad with 0 dB gain at the centre (the audio-EQ cookbook form).
        let w0 = DeterministicMath.twoPi * burst.centre / rate
        let alpha = DeterministicMath.sin(w0) / (2 * burst.q)
        let a0 = 1 + alpha
        let b0 = alpha / a0, b2 = -alpha / a0
        let a1 = -2 * DeterministicMath.cos(w0) / a0, a2 = (1 - alpha) / a0
        var x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0
        let decay = DeterministicMath.exp(-1000 / (burst.decayMilliseconds * rate))
        var amplitude = burst.level
        for i in start..<signal.count {
            let x = random.nextSigned()
            let y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
            x2 = x1; x1 = x
            y2 = y1; y1 = y
            signal[i] += amplitude * Self.rise(i - start, frames: attackFrames) * y
            amplitude *= decay
        }
    }

    private func fadeOut(_ signal: inout [Double], frames: Int) {
        let count = min(frames, signal.count)
        guard count > 0 else { return }
        // The last sample lands exactly on zero.
        for k in 0..<count {
            signal[signal.count - 1 - k] *= Self.rise(k, frames: count)
        }
    }

    /// Subtracts a Hann-shaped bump of the signal's area: zero mean, ends still at zero.
    private func removeMean(_ signal: inout [Double]) {
        let n = signal.count
        guard n > 2 else { return }
        var bump = [Double](repeating: 0, count: n)
        var bumpSum = 0.0
        var sum = 0.0
        for i in 0..<n {
            let s = DeterministicMath.sin(DeterministicMath.pi * Double(i) / Double(n - 1))
            bump[i] = s * s
            bumpSum += bump[i]
            sum += signal[i]
        }
        let scale = sum / bumpSum
        for i in 0..<n { signal[i] -= scale * bump[i] }
    }
}
