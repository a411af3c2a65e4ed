/// Finds where clicks start in rendered or captured audio.
///
/// An onset is the first frame whose level on channel 0 exceeds a threshold
/// after at least `quietFrames` frames below it.
///
/// Thread context: pure functions; any thread.
public enum ClickOnsetFinder {
    /// Frame indices of the onsets in `samples` (interleaved, `channels` per frame).
    ///
    /// - Parameters:
    ///   - threshold: The level that counts as sound. Default 0.01 (−40 dBFS).
    ///   - quietFrames: How long the audio must stay below the threshold
    ///     between two clicks. Default 48 (1 ms at 48 kHz).
    ///
    /// Thread context: any thread but a render thread; pure, allocates the result.
    public static func onsets(in samples: [Float], channels: Int, threshold: Float = 0.01, quietFrames: Int = 48) -> [Int] {
        var result: [Int] = []
        var quiet = quietFrames
        let frames = samples.count / max(1, channels)
        for frame in 0..<frames {
            if abs(samples[frame * channels]) > threshold {
                if quiet >= quietFrames { result.append(frame) }
                quiet = 0
            } else {
                quiet += 1
            }
        }
        return result
    }

    /// The largest absolute sample value.
    ///
    /// Thread context: any thread; pure, allocation-free.
    public static func peak(_ samples: [Float]) -> Float {
        samples.reduce(0) { max($0, abs($1)) }
    }
}
