import Foundation
import InputClick

/// Helpers for the sound tests: where the repository is, scratch
/// directories, test signals and level measurements.
enum SoundTestSupport {
    /// The repository's top directory, found from this file's path.
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // InputClickTests, Tests, then the repository
        return url.path
    }()

    /// `Sounds/` at the top of the repository.
    static var committedSoundsDirectory: String { repositoryRoot + "/Sounds" }

    /// Runs `body` with a fresh, empty directory that is removed afterwards.
    static func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("inputclick-sound-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    /// Writes raw bytes to `path`.
    static func writeBytes(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// A sine of `frequency` Hz and `amplitude`, the same in every channel,
    /// with 5 ms raised-cosine fades so rate conversion does not ring at the edges.
    static func sine(frequency: Double, amplitude: Double, sampleRate: Int, seconds: Double,
                     channels: Int = 1) -> [Float] {
        let frames = Int((seconds * Double(sampleRate)).rounded())
        let fade = sampleRate / 200
        var samples = [Float](repeating: 0, count: frames * channels)
        for frame in 0..<frames {
            var gain = 1.0
            let edge = min(frame, frames - 1 - frame)
            if edge < fade { gain = 0.5 - 0.5 * cos(Double.pi * Double(edge) / Double(fade)) }
            let value = Float(amplitude * gain * sin(2 * Double.pi * frequency * Double(frame) / Double(sampleRate)))
            for channel in 0..<channels { samples[frame * channels + channel] = value }
        }
        return samples
    }

    /// One channel of interleaved samples.
    static func channel(_ index: Int, of samples: [Float], channels: Int) -> [Float] {
        stride(from: index, to: samples.count, by: channels).map { samples[$0] }
    }

    /// The largest absolute sample, in dBFS.
    static func peakDecibels(_ samples: [Float]) -> Double {
        Decibels.fromGain(Double(samples.map { abs($0) }.max() ?? 0))
    }

    /// The RMS level of `samples`, in dBFS.
    static func rmsDecibels(_ samples: ArraySlice<Float>) -> Double {
        guard !samples.isEmpty else { return -.infinity }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return Decibels.fromGain((sum / Double(samples.count)).squareRoot())
    }

    /// The RMS level of the middle half of `samples` (clear of fades), in dBFS.
    static func middleRMSDecibels(_ samples: [Float]) -> Double {
        rmsDecibels(samples[(samples.count / 4)..<(samples.count * 3 / 4)])
    }

    /// The highest RMS level over any window of `milliseconds` (mono), in dBFS.
    static func loudestWindowDecibels(_ samples: [Float], sampleRate: Int, milliseconds: Double) -> Double {
        let width = min(samples.count, Int((milliseconds * Double(sampleRate) / 1000).rounded()))
        var best = -Double.infinity
        for start in 0...(samples.count - width) {
            best = max(best, rmsDecibels(samples[start..<(start + width)]))
        }
        return best
    }

    /// The frequency of a steady tone, from the time between its first and
    /// last upward zero crossings in the middle half of `samples` (interpolated).
    static func toneFrequency(_ samples: [Float], sampleRate: Int) -> Double {
        var crossings: [Double] = []
        for i in (samples.count / 4)..<(samples.count * 3 / 4) where samples[i] < 0 && samples[i + 1] >= 0 {
            let fraction = Double(-samples[i]) / Double(samples[i + 1] - samples[i])
            crossings.append(Double(i) + fraction)
        }
        guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else { return 0 }
        return Double(crossings.count - 1) * Double(sampleRate) / (last - first)
    }
}
