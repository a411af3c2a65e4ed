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
///
/// Thread context: any thread but the render thread (it does file I/O and allocates).
public enum SoundFileReader {
    /// Frames read per `sf_readf_float` call.
    private static let chunkFrames = 4096

    /// Reads the whole file at `path`, refusing it (before decoding where
    /// possible) if it breaks `limits`.
    ///
    /// The file is opened without blocking and checked through its
    /// descriptor, which libsndfile then reads (`sf_open_fd`): a FIFO or a
    /// device at the path is refused at once, even one swapped in for the
    /// file a moment before.
    ///
    /// - Throws: ``SoundLoadError`` naming `path`, with the reason
    ///   ``SoundLoadError/Reason/notFound``, ``SoundLoadError/Reason/notARegularFile``,
    ///   ``SoundLoadError/Reason/unreadable(_:)`` (the failed call and `errno`),
    ///   ``SoundLoadError/Reason/tooLarge(bytes:limit:)``,
    ///   ``SoundLoadError/Reason/undecodable(_:)`` (with `sf_strerror`'s text),
    ///   ``SoundLoadError/Reason/unsupportedFormat(_:)``, ``SoundLoadError/Reason/empty``,
    ///   ``SoundLoadError/Reason/tooLong(seconds:limit:)`` or
    ///   ``SoundLoadError/Reason/nonFiniteSamples(frame:channel:)``.
    ///
    /// Thread context: any thread but the render thread (file I/O, allocation).
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
        let maxFrames = limits.maxSeconds.map { Int(($0 * Double(rate)).rounded(.down)) }
        let announcedFrames = Int(clamping: file.info.frames)
        if let maxFrames, announcedFrames > maxFrames {
            throw refuse(.tooLong(seconds: Double(announcedFrames) / Double(rate), limit: limits.maxSeconds ?? 0))
        }

        var samples: [Float] = []
        samples.reserveCapacity(channels * min(max(announcedFrames, 0), maxFrames.map { $0 + 1 } ?? Int.max, 1 << 20))
        var chunk = [Float](repeating: 0, count: chunkFrames * channels)
        var total = 0
        while true {
            let got = chunk.withUnsafeMutableBufferPointer { file.readFrames(into: $0.baseAddress!, frames: chunkFrames) }
            guard got > 0 else { break }
            samples.append(contentsOf: chunk[0..<(got * channels)])
            total += got
            if let maxFrames, total > maxFrames {
                throw refuse(.tooLong(seconds: Double(total) / Double(rate), limit: limits.maxSeconds ?? 0))
            }
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
