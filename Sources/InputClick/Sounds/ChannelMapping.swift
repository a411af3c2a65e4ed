/// How sounds with one channel count are fitted to another.
///
/// One rule covers every case, in WAV channel order (front left, front
/// right, centre, LFE, rear left, rear right, …):
///
/// - **More output channels than input** (`in < out`): output channel `j`
///   carries input channel `j mod in`. Mono is duplicated to every channel;
///   stereo alternates left, right, left, right, so each side keeps its level.
/// - **Fewer output channels than input** (`in > out`): output channel `j`
///   is the average of the input channels `k` with `k mod out == j`. To mono
///   that is the average of all channels; 5.1 to stereo averages (L, C, Ls)
///   and (R, LFE, Rs). Averaging keeps sound that is the same in every
///   channel at its level and can never clip.
/// - Equal counts pass through unchanged.
enum ChannelMapping {
    /// `samples` (interleaved, `source` channels) mapped to `target` channels.
    static func map(_ samples: [Float], from source: Int, to target: Int) -> [Float] {
        precondition(source > 0 && target > 0 && samples.count % source == 0)
        guard source != target else { return samples }
        let frames = samples.count / source
        var result = [Float](repeating: 0, count: frames * target)
        if source < target {
            for frame in 0..<frames {
                for channel in 0..<target {
                    result[frame * target + channel] = samples[frame * source + channel % source]
                }
            }
        } else {
            // How many input channels fold into each output channel.
            let counts = (0..<target).map { j in (source - j + target - 1) / target }
            for frame in 0..<frames {
                for channel in 0..<source {
                    result[frame * target + channel % target] += samples[frame * source + channel]
                }
                for j in 0..<target { result[frame * target + j] /= Float(counts[j]) }
            }
        }
        return result
    }
}
