#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CSndFile

/// Decodes whatever the installed libsndfile reads (WAV, FLAC, Ogg/Vorbis), recognised by content.
/// Integers scale to ±1 (`s / 32768` for 16 bits); finite samples beyond ±1 are clamped, and a NaN or
/// infinity refuses the file, so a float file can never blow up the mix.
public enum SoundFileReader {
    private static let chunkFrames = 4096

    /// Reads the whole file at `path`, refusing it if it breaks `limits`. The file is opened non-blocking
    /// and checked through its descriptor (``FilePaths/openRegularFile(_:)``), so a FIFO or device is
    /// refused at once; see ``SoundFileLimits`` for when each limit is checked.
    ///
    /// - Throws: ``SoundLoadError`` naming `path`, with a ``SoundLoadError/Reason``: `unreadable` carries
    ///   the failed call and `errno`, `undecodable` `sf_strerror`'s text.
    public static func read(_ path: String, limits: SoundFileLimits = .none) throws(SoundLoadError) -> DecodedSound {
        func refuse(_ reason: SoundLoadError.Reason) -> SoundLoadError { SoundLoadError(path: path, reason: reason) }

        let opened: (descriptor: Int32, status: stat)
        do throws(FilePaths.OpenFailure) {
            opened = try FilePaths.openRegularFile(path)
        } catch {
            switch error {
            case .notFound: throw refuse(.notFound)
            case .notARegularFile: throw refuse(.notARegularFile)
            case .failed: throw refuse(.unreadable(error.description))
            }
        }
        // The size limit holds before libsndfile reads a byte.
        let size = Int64(opened.status.st_size)
        var sizeRefusal: SoundLoadError.Reason?
        if let maxBytes = limits.maxBytes, size > maxBytes { sizeRefusal = .tooLarge(bytes: size, limit: maxBytes) }
        if size == 0 { sizeRefusal = .empty }
        if let sizeRefusal {
            close(opened.descriptor)
            throw refuse(sizeRefusal)
        }

        let file: SoundFileHandle
        do { file = try SoundFileHandle.openForReading(descriptor: opened.descriptor) } catch {
            throw refuse(.undecodable(error.message))
        }
        let channels = Int(file.info.channels)
        let rate = Int(file.info.samplerate)
        guard channels > 0, rate > 0 else {
            throw refuse(.unsupportedFormat("\(channels) channel(s) at \(rate) Hz"))
        }
        if let maxChannels = limits.maxChannels, channels > maxChannels {
            throw refuse(.tooManyChannels(channels: channels, limit: maxChannels))
        }
        if let maxRate = limits.maxSampleRate, rate > maxRate {
            throw refuse(.sampleRateTooHigh(rate: rate, limit: maxRate))
        }
        func excess(_ frames: Int) -> SoundLoadError.Reason? {
            if let maxSeconds = limits.maxSeconds, frames > Int((maxSeconds * Double(rate)).rounded(.down)) {
                return .tooLong(seconds: Double(frames) / Double(rate), limit: maxSeconds)
            }
            if let maxSamples = limits.maxSamples, frames > maxSamples / channels {
                let (count, overflow) = frames.multipliedReportingOverflow(by: channels)
                return .tooManySamples(atLeast: overflow ? .max : count, limit: maxSamples)
            }
            return nil
        }
        let announcedFrames = file.announcedFrames
        if let announcedFrames, let refusal = excess(announcedFrames) { throw refuse(refusal) }

        var samples: [Float] = []
        samples.reserveCapacity(min(announcedFrames ?? 0, (1 << 20) / channels) * channels)
        var chunk = [Float](repeating: 0, count: chunkFrames * channels)
        var total = 0
        while true {
            let got = chunk.withUnsafeMutableBufferPointer { file.readFrames(into: $0.baseAddress!, frames: chunkFrames) }
            guard got > 0 else { break }
            samples.append(contentsOf: chunk[0..<(got * channels)])
            total += got
            if let refusal = excess(total) { throw refuse(refusal) }
        }
        if total == 0, let failure = file.recordedError { throw refuse(.undecodable(failure.message)) }
        guard total > 0 else { throw refuse(.empty) }

        if let index = samples.firstIndex(where: { !$0.isFinite }) {
            throw refuse(.nonFiniteSamples(frame: index / channels, channel: index % channels))
        }
        for i in samples.indices { samples[i] = min(max(samples[i], -1), 1) }
        return DecodedSound(samples: samples, sampleRate: rate, channels: channels, source: path)
    }
}
