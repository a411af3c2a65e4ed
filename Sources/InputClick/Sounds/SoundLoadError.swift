/// Why a sound file or sound-pack directory was refused: the path and the
/// reason, printable as one line ("/p/key.wav: lasts 2.5 s, longer than the
/// 2 s limit").
///
/// ``SoundBank/load(packDirectory:sampleRate:channels:)`` collects these
/// instead of throwing, so a host can warn and still click with the bundled
/// sounds; ``SoundFileReader/read(_:limits:)`` throws them.
public struct SoundLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Sendable, Hashable {
        /// Nothing exists at the path.
        case notFound
        /// A sound pack path that is not a directory.
        case notADirectory
        /// A sound file path that is a directory, a device, a pipe or a socket.
        case notARegularFile
        /// The operating system refused access; the text is `strerror`'s.
        case unreadable(String)
        /// The file is bigger than the limit (checked before decoding).
        case tooLarge(bytes: Int64, limit: Int64)
        /// libsndfile could not decode it; the text is `sf_strerror`'s.
        case undecodable(String)
        /// The file decodes to zero frames.
        case empty
        /// The sound lasts longer than the limit.
        case tooLong(seconds: Double, limit: Double)
        /// The file has more channels than the limit (checked before decoding).
        case tooManyChannels(channels: Int, limit: Int)
        /// The file's sample rate is above the limit (checked before decoding).
        case sampleRateTooHigh(rate: Int, limit: Int)
        /// The file decodes to more samples (frames × channels) than the
        /// limit: as its header announces, checked before decoding, or as
        /// counted while decoding, where decoding stopped.
        case tooManySamples(atLeast: Int, limit: Int)
        /// The file's rate or channel count cannot be converted; the text says which.
        case unsupportedFormat(String)
        /// libsamplerate failed; the text is `src_strerror`'s.
        case conversionFailed(String)
        /// Two files in one pack claim the same kind; the other file's path.
        case duplicateKind(otherPath: String)
        /// A file in a pack whose name (before the extension) names no kind.
        case unknownKind(String)
        /// A file in a pack whose name is not UTF-8 text, and so names no kind;
        /// ``SoundLoadError/path`` shows its bad bytes as U+FFFD.
        case nameNotUTF8(NonUTF8Text)
        /// A pack directory holding `count` more stray files (named as sounds
        /// but naming no kind) than the ones listed, `total` in all; they are ignored.
        case moreStrayFiles(count: Int, total: Int)
        /// The file decodes to samples that are NaN or infinite, which no
        /// sound holds; the first such sample's frame and channel (both from 0).
        case nonFiniteSamples(frame: Int, channel: Int)
    }

    /// The file or directory concerned.
    public let path: String
    /// What was wrong with it.
    public let reason: Reason
    /// The kind whose sound this file would have replaced, when known; that
    /// kind keeps the bundled sound.
    public let kind: ClickKind?
    /// Whether the file was ``kind``'s release sound (a pack's `key-up.wav`):
    /// a release then plays the press sound, quieter, as with no file.
    public let isRelease: Bool
    /// What plays for ``kind`` instead, when a load knows it (the next
    /// source: the theme's file for a refused pack file, else the bundled
    /// sound); `nil` reads as the bundled sound.
    public var playing: SoundSource?

    /// Makes an error for `path`.
    public init(path: String, reason: Reason, kind: ClickKind? = nil, isRelease: Bool = false) {
        self.path = path
        self.reason = reason
        self.kind = kind
        self.isRelease = isRelease
    }

    /// The reason alone, in words.
    public var reasonText: String {
        switch reason {
        case .notFound: return "does not exist"
        case .notADirectory: return "is not a directory"
        case .notARegularFile: return "is not a regular file"
        case .unreadable(let text): return "cannot be read: \(text)"
        case let .tooLarge(bytes, limit):
            return "is \(bytes) bytes, over the \(Self.mebibytes(limit)) (\(limit)-byte) limit"
        case .undecodable(let text): return "cannot be decoded: \(text)"
        case .empty: return "holds no audio"
        case let .tooLong(seconds, limit):
            return "lasts \(Self.seconds(seconds)), longer than the \(Self.seconds(limit)) limit"
        case let .tooManyChannels(channels, limit): return "has \(channels) channels; at most \(limit) are accepted"
        case let .sampleRateTooHigh(rate, limit): return "is sampled at \(rate) Hz; at most \(limit) Hz is accepted"
        case let .tooManySamples(count, limit):
            return "decodes to at least \(count) samples (frames × channels); at most \(limit) are accepted"
        case .unsupportedFormat(let text): return "has an unsupported format: \(text)"
        case .conversionFailed(let text): return "could not be converted: \(text)"
        case .duplicateKind(let other): return "claims the same kind as \(other); neither is used"
        case .unknownKind(let stem):
            let names = ClickKind.allCases.map(\.name).joined(separator: ", ")
            return "'\(stem)' names no click kind (expected one of \(names), or one of them followed by -up for its release)"
        case .nameNotUTF8(let raw):
            return "has a name that is not UTF-8 text (\(raw)), so it names no click kind"
        case let .moreStrayFiles(count, total):
            return "holds \(Self.grouped(count)) more sound files whose names name no click kind, "
                + "\(Self.grouped(total)) in all; they are ignored"
        case let .nonFiniteSamples(frame, channel):
            return "holds samples that are not finite numbers (NaN or infinity), the first at frame \(frame), channel \(channel)"
        }
    }

    /// Whether this counts the stray files of a pack that are not named one by one.
    var isStrayFileCount: Bool {
        if case .moreStrayFiles = reason { return true }
        return false
    }

    /// `path: reason`, plus what plays instead when ``kind`` is known: the
    /// bundled sound, or ``playing`` as `doctor` shows it.
    public var description: String {
        var text = "\(path): \(reasonText)"
        if let kind {
            if isRelease {
                text += " (a \(kind) release plays the press sound, quieter)"
            } else if let playing, playing.origin != .bundled {
                text += " (the \(kind) sound comes from \(playing) instead)"
            } else {
                text += " (the bundled \(kind) sound stays)"
            }
        }
        return text
    }

    private static func mebibytes(_ bytes: Int64) -> String {
        decimal(Double(bytes) / 1_048_576) + " MiB"
    }

    private static func seconds(_ value: Double) -> String { decimal(value) + " s" }

    /// A count with its thousands grouped: `19,997`.
    private static func grouped(_ count: Int) -> String {
        var digits = String(count.magnitude)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(Substring(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(Substring(digits), at: 0)
        return (count < 0 ? "-" : "") + groups.joined(separator: ",")
    }

    /// A non-negative number with at most three decimals and no trailing zeros.
    private static func decimal(_ value: Double) -> String {
        let thousandths = Int((max(0, value) * 1000).rounded())
        var text = "\(thousandths / 1000)"
        var fraction = thousandths % 1000
        guard fraction != 0 else { return text }
        var digits = 3
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let padded = String(fraction)
        text += "." + String(repeating: "0", count: digits - padded.count) + padded
        return text
    }
}
