#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CSndFile
import Synchronization

/// An open libsndfile handle: the package's only caller of `sf_*`. Every failure is a
/// ``SoundFileFailure`` with `sf_strerror`'s text. The handle closes itself when released.
final class SoundFileHandle {
    /// `SNDFILE *`.
    private let file: OpaquePointer
    /// As libsndfile reported it.
    let info: SF_INFO
    private var isOpen = true

    /// `sf_open` keeps a failed open's reason in one process-wide slot; this keeps two opens from mixing them.
    private static let openLock = Mutex<Void>(())

    private init(file: OpaquePointer, info: SF_INFO) {
        self.file = file
        self.info = info
    }

    deinit {
        if isOpen { sf_close(file) }
    }

    /// Reads the regular file at `descriptor` (at its start), floats normalized to ±1. libsndfile owns the
    /// descriptor from the call on: it closes it when this throws, or with the handle. C: `sf_open_fd` with
    /// `close_desc` true.
    ///
    /// Not `close_desc` false and our own close: libsndfile 1.0.30 to 1.2.0 (Debian 12 has 1.2.0) close the
    /// descriptor of a failed open even when told not to, so a second close here closed whatever another
    /// thread had opened under the same number meanwhile. With `close_desc` true every version closes it
    /// exactly once. (Not virtual I/O either: it skips libsndfile's offset for an ID3 tag before a WAV.)
    static func openForReading(descriptor: Int32) throws(SoundFileFailure) -> SoundFileHandle {
        var info = SF_INFO()
        let result: Result<OpaquePointer, SoundFileFailure> = openLock.withLock { _ in
            if let file = sf_open_fd(descriptor, Int32(SFM_READ), &info, Int32(SF_TRUE)) { return .success(file) }
            return .failure(SoundFileFailure(String(cString: sf_strerror(nil))))
        }
        let file = try result.get()
        let handle = SoundFileHandle(file: file, info: info)
        _ = sf_command(file, Int32(SFC_SET_NORM_FLOAT), nil, Int32(SF_TRUE))
        return handle
    }

    /// Creates or truncates `path` in `format`. Floats are clipped to ±1 for integer formats, and no PEAK
    /// chunk is written (its time stamp would make identical audio differ). C: `sf_open` with `SFM_WRITE`.
    static func openForWriting(_ path: String, format: Int32, sampleRate: Int,
                               channels: Int) throws(SoundFileFailure) -> SoundFileHandle {
        var info = SF_INFO()
        info.samplerate = Int32(clamping: sampleRate)
        info.channels = Int32(clamping: channels)
        info.format = format
        guard sf_format_check(&info) == SF_TRUE else {
            throw SoundFileFailure("libsndfile cannot write \(channels) channel(s) at \(sampleRate) Hz in this format")
        }
        let result: Result<OpaquePointer, SoundFileFailure> = openLock.withLock { _ in
            if let file = sf_open(path, Int32(SFM_WRITE), &info) { return .success(file) }
            return .failure(SoundFileFailure(String(cString: sf_strerror(nil))))
        }
        let file = try result.get()
        let handle = SoundFileHandle(file: file, info: info)
        _ = sf_command(file, Int32(SFC_SET_ADD_PEAK_CHUNK), nil, Int32(SF_FALSE))
        _ = sf_command(file, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        return handle
    }

    /// Returns how many frames were read (0 at the end). C: `sf_readf_float`.
    func readFrames(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        Int(sf_readf_float(file, buffer, sf_count_t(frames)))
    }

    /// Throws unless every frame was written. C: `sf_writef_float`.
    func write(_ samples: [Float]) throws(SoundFileFailure) {
        let frames = samples.count / Int(info.channels)
        let written = samples.withUnsafeBufferPointer { Int(sf_writef_float(file, $0.baseAddress, sf_count_t(frames))) }
        guard written == frames else { throw failure(default: "wrote \(written) of \(frames) frames") }
    }

    /// Unchanged; throws unless every frame was written. C: `sf_writef_short`.
    func write(_ samples: [Int16]) throws(SoundFileFailure) {
        let frames = samples.count / Int(info.channels)
        let written = samples.withUnsafeBufferPointer { Int(sf_writef_short(file, $0.baseAddress, sf_count_t(frames))) }
        guard written == frames else { throw failure(default: "wrote \(written) of \(frames) frames") }
    }

    /// C: `sf_error` and `sf_strerror`.
    var recordedError: SoundFileFailure? {
        sf_error(file) == 0 ? nil : SoundFileFailure(String(cString: sf_strerror(file)))
    }

    /// Flushes what was written. C: `sf_close`.
    func close() throws(SoundFileFailure) {
        guard isOpen else { return }
        isOpen = false
        let code = sf_close(file)
        if code != 0 { throw SoundFileFailure(String(cString: sf_error_number(code))) }
    }

    private func failure(default text: String) -> SoundFileFailure {
        recordedError ?? SoundFileFailure(text)
    }

    var majorFormat: Int32 { info.format & Int32(SF_FORMAT_TYPEMASK) }

    /// `nil` when the header does not say (libsndfile then reports `SF_COUNT_MAX`).
    var announcedFrames: Int? {
        info.frames == sf_count_t.max || info.frames < 0 ? nil : Int(info.frames)
    }
}

struct SoundFileFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

