import CSampleRate

/// Converts interleaved float audio between rates with libsamplerate, at load time only: the package's
/// only caller of `src_*`. `SRC_SINC_MEDIUM_QUALITY` is inaudibly different from the best quality for
/// short clicks and several times faster, which matters when a host rebuilds its bank.
enum SampleRateConverter {
    /// The most libsamplerate converts by, either way.
    static let maxRatio = 256.0
    /// Per call to libsamplerate's sinc converters; wider audio goes one channel at a time.
    static let maxChannelsPerCall = 128

    static func canConvert(from sourceRate: Int, to targetRate: Int) -> Bool {
        guard sourceRate > 0, targetRate > 0 else { return false }
        let ratio = Double(targetRate) / Double(sourceRate)
        return ratio >= 1 / maxRatio && ratio <= maxRatio
    }

    /// About `frames × targetRate ÷ sourceRate` frames; the converter's delay is compensated.
    ///
    /// - Precondition: ``canConvert(from:to:)``.
    static func convert(_ samples: [Float], channels: Int, from sourceRate: Int,
                        to targetRate: Int) throws(SampleRateFailure) -> [Float] {
        precondition(canConvert(from: sourceRate, to: targetRate) && channels > 0)
        guard sourceRate != targetRate, !samples.isEmpty else { return samples }
        if channels <= maxChannelsPerCall {
            return try convertInterleaved(samples, channels: channels, from: sourceRate, to: targetRate)
        }
        let frames = samples.count / channels
        var converted: [[Float]] = []
        for channel in 0..<channels {
            let mono = (0..<frames).map { samples[$0 * channels + channel] }
            converted.append(try convertInterleaved(mono, channels: 1, from: sourceRate, to: targetRate))
        }
        let outFrames = converted[0].count
        var result = [Float](repeating: 0, count: outFrames * channels)
        for channel in 0..<channels {
            for frame in 0..<outFrames { result[frame * channels + channel] = converted[channel][frame] }
        }
        return result
    }

    private static func convertInterleaved(_ samples: [Float], channels: Int, from sourceRate: Int,
                                           to targetRate: Int) throws(SampleRateFailure) -> [Float] {
        let ratio = Double(targetRate) / Double(sourceRate)
        let inFrames = samples.count / channels
        let capacity = Int((Double(inFrames) * ratio).rounded(.up)) + 16
        var output = [Float](repeating: 0, count: capacity * channels)
        var generated = 0
        let code: Int32 = samples.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                var data = SRC_DATA()
                data.data_in = input.baseAddress
                data.data_out = out.baseAddress
                data.input_frames = inFrames
                data.output_frames = capacity
                data.end_of_input = 1
                data.src_ratio = ratio
                let code = src_simple(&data, Int32(SRC_SINC_MEDIUM_QUALITY), Int32(channels))
                generated = Int(data.output_frames_gen)
                return code
            }
        }
        guard code == 0 else { throw SampleRateFailure(String(cString: src_strerror(code))) }
        output.removeSubrange((generated * channels)...)
        return output
    }
}

struct SampleRateFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
