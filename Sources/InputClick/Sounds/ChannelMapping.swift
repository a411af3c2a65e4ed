/// Fits sounds with one channel count to another, in WAV channel order. With more outputs, output `j`
/// carries input `j mod in` (mono duplicates, stereo alternates). With fewer, output `j` averages the
/// inputs `k` with `k mod out == j` (5.1 to stereo: L, C, Ls and R, LFE, Rs), which keeps a common sound
/// at its level and cannot clip.
enum ChannelMapping {
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
