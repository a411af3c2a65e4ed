import InputClick
import InputClickTesting
import TestSupport

/// What a capture holds, checked against the clicks the player recorded and
/// the audio it should have written (``SinkRig/expectedAudio(_:frames:host:)``).
struct CapturedClickCheck {
    /// Where the capture first differs from the expected audio by more than
    /// the tolerance, and the largest difference; `nil` if they agree over
    /// the shorter of the two.
    let difference: (frame: Int, worst: Float)?
    /// The frames where a sound starts in the capture, after 48 quiet frames
    /// (``AudioAnalysis/onsets(_:channels:threshold:quietFrames:)``, 0.01).
    let onsets: [Int]
    /// Of ``onsets``, those where no click was recorded (the tail of a click
    /// whose start was lost).
    let strayOnsets: [Int]
    /// The records whose click overlaps no other and ends within the capture.
    let alone: [Int]
    /// Of ``alone``, the records whose click is not heard as its own kind.
    let misheard: [Int]

    /// - Parameter tolerance: How far a sample may be from the expected one:
    ///   1e-6 for float captures; a 16-bit device's is within two of its
    ///   32,768 steps (written rounded to 32,767 steps, read back over 32,768).
    init(records: [LatencyRecord], audio: CapturedAudio, expected: [Float], tolerance: Float = 1e-6) {
        var first = -1
        var worst: Float = 0
        for i in 0..<min(audio.samples.count, expected.count) {
            let difference = abs(audio.samples[i] - expected[i])
            if difference > tolerance && first < 0 { first = i / audio.channels }
            worst = max(worst, difference)
        }
        difference = first < 0 ? nil : (first, worst)
        let frames = records.map(\.streamFrame)
        let clickFrames = Set(frames)
        onsets = AudioAnalysis.onsets(audio.samples, channels: audio.channels, threshold: 0.01, quietFrames: 48)
        strayOnsets = onsets.filter { !clickFrames.contains(Int64($0)) }
        let bank = SyntheticClickSounds.bank(sampleRate: audio.sampleRate, channels: audio.channels)
        func end(_ index: Int) -> Int64 { frames[index] + Int64(bank.samples(records[index].kind).count / audio.channels) }
        let alone = frames.indices.filter {
            ($0 == 0 || end($0 - 1) <= frames[$0]) && ($0 + 1 == frames.count || end($0) <= frames[$0 + 1])
                && end($0) <= audio.frameCount
        }
        self.alone = alone
        misheard = alone.filter { index in
            SyntheticClickSounds.identify(audio.samples[(Int(frames[index]) * audio.channels)...], channels: audio.channels,
                                          sampleRate: audio.sampleRate) != records[index].kind
        }
    }

    /// The difference, for a failure message.
    var differenceDescription: String {
        guard let difference else { return "none" }
        return "from frame \(difference.frame) on, by up to \(difference.worst)"
    }
}
