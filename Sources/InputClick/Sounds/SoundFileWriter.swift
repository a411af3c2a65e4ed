#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes sound files with libsndfile, for tools and tests. Reproducible: no PEAK chunk (it carries a
/// time stamp). Integer formats clip floats (16 bits store `round(x × 32768)`, the inverse of
/// ``SoundFileReader``). A partly written file is removed.
public enum SoundFileWriter {
    /// Creates or replaces `path`. Throws ``SoundWriteError`` naming `path` if the channel count does not
    /// divide the samples, the format cannot hold this rate and channel count, or writing fails.
    public static func write(samples: [Float], sampleRate: Int, channels: Int,
                             format: SoundFileFormat, to path: String) throws(SoundWriteError) {
        try checkShape(count: samples.count, sampleRate: sampleRate, channels: channels, path: path)
        try writeFile(path, format: format, sampleRate: sampleRate, channels: channels) { (file) throws(SoundFileFailure) in try file.write(samples) }
    }

    /// As 16-bit WAV, unchanged (no float round trip): how the bundled sounds are stored.
    public static func writePCM16(samples: [Int16], sampleRate: Int, channels: Int,
                                  to path: String) throws(SoundWriteError) {
        try checkShape(count: samples.count, sampleRate: sampleRate, channels: channels, path: path)
        try writeFile(path, format: .wavPCM16, sampleRate: sampleRate, channels: channels) { (file) throws(SoundFileFailure) in try file.write(samples) }
    }

    private static func checkShape(count: Int, sampleRate: Int, channels: Int, path: String) throws(SoundWriteError) {
        guard sampleRate > 0, channels > 0, count % channels == 0 else {
            throw SoundWriteError(path: path, reason: "\(count) samples do not make whole frames of \(channels) channel(s) at \(sampleRate) Hz")
        }
    }

    private static func writeFile(_ path: String, format: SoundFileFormat, sampleRate: Int, channels: Int,
                                  body: (SoundFileHandle) throws(SoundFileFailure) -> Void) throws(SoundWriteError) {
        do throws(SoundFileFailure) {
            let file = try SoundFileHandle.openForWriting(path, format: format.libsndfileFormat,
                                                          sampleRate: sampleRate, channels: channels)
            do throws(SoundFileFailure) {
                try body(file)
                try file.close()
            } catch {
                try? file.close()
                unlink(path)
                throw error
            }
        } catch {
            throw SoundWriteError(path: path, reason: error.message)
        }
    }
}
