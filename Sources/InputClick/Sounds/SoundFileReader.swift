#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CSndFile

/// Decodes sound files with libsndfile: WAV (8-, 16-, 24- and 32-bit integer
/// and 32/64-bit float, any channel count, any rate), FLAC and Ogg/Vorbis —
/// whatever the installed libsndfile reads, recognised by content, not by
/// the file's extension.
///
/// Integer formats are scaled to ±1 (libsndfile's float normalization: a
/// 16-bit sample `s` reads as `s / 32768`). A file holding a NaN or an
/// infinity (a float format can; so can a 64-bit float too large for 32 bits)
/// is refused, naming the first such sample; finite samples beyond ±1 are
/// clamped to ±1, so a float file can never blow up the mix.
public enum SoundFileReader {
    /// Frames read per `sf_readf_float` call.
    private static let chunkFrames = 4096

    /// Reads the whole file at `path`, refusing it (before decoding where
    /// possible) if it breaks `limits`.
    ///
    /// The file is opened without blocking and checked through its
    /// descriptor, which libsndfile then reads (`sf_open_fd`): a FIFO or a
    /// device at the path is refused at once, even one swapped in for the
    /// file a moment before. The size, the channel count and the rate are
    /// checked before decoding; the length and the number of samples from
    /// the header before decoding and again while decoding, which stops as
    /// soon as either limit is passed, whatever the header said.
    ///
    /// - Throws: ``SoundLoadError`` naming `path`, with the reason
    ///   ``SoundLoadError/Reason/notFound``, ``SoundLoadError/Reason/notARegularFile``,
    ///   ``SoundLoadError/Reason/unreadable(_:)`` (the failed call and `errno`),
    ///   ``SoundLoadError/Reason/tooLarge(bytes:limit:)``,
    ///   ``SoundLoadError/Reason/undecodable(_:)`` (with `sf_strerror`'s text),
    ///   ``SoundLoadError/Reason/unsupportedFormat(_:)``, ``SoundLoadError/Reason/empty``,
    ///   ``SoundLoadError/Reason/tooManyChannels(channels:limit:)``,
    ///   ``SoundLoadError/Reason/sampleRateTooHigh(rate:limit:)``,
    ///   ``SoundLoadError/Reason/tooLong(seconds:limit:)``,
    ///   ``SoundLoadError/Reason/tooManySamples(atLeast:limit:)`` or
    ///   ``SoundLoadError/Reason/nonFiniteSamples(frame:channel:)``.
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
        /// Why `frames` frames are too many, if they are.
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
