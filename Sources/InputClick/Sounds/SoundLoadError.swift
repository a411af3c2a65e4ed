/// Why a sound file or pack directory was refused, printable as one line ("/p/key.wav: lasts 2.5 s,
/// longer than the 2 s limit"). Bank loading collects these so a host can warn and still click;
/// ``SoundFileReader/read(_:limits:)`` throws them.
public struct SoundLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        case notFound
        /// A pack path that is not a directory.
        case notADirectory
        /// A directory, device, pipe or socket.
        case notARegularFile
        /// Access refused; the text is `strerror`'s.
        case unreadable(String)
        /// Checked before decoding.
        case tooLarge(bytes: Int64, limit: Int64)
        /// libsndfile could not decode it; the text is `sf_strerror`'s.
        case undecodable(String)
        /// Zero frames.
        case empty
        /// The sound lasts longer than the limit.
        case tooLong(seconds: Double, limit: Double)
        /// Checked before decoding.
        case tooManyChannels(channels: Int, limit: Int)
        /// Checked before decoding.
        case sampleRateTooHigh(rate: Int, limit: Int)
        /// Frames × channels over the limit, as the header announces (before decoding) or counted while decoding.
        case tooManySamples(atLeast: Int, limit: Int)
        /// The text says which.
        case unsupportedFormat(String)
        /// The text is `src_strerror`'s.
        case conversionFailed(String)
        /// Two files in one pack claim the same kind; the other file's path.
        case duplicateKind(otherPath: String)
        /// A pack file whose name names no kind.
        case unknownKind(String)
        /// A pack file name that is not UTF-8; ``SoundLoadError/path`` shows its bad bytes as U+FFFD.
        case nameNotUTF8(NonUTF8Text)
        /// `count` stray files beyond those listed, `total` in all; they are ignored.
        case moreStrayFiles(count: Int, total: Int)
        /// The first NaN or infinite sample's frame and channel (from 0).
        case nonFiniteSamples(frame: Int, channel: Int)
    }

    public let path: String
    public let reason: Reason
    /// The kind whose sound this file would have replaced, when known; that kind keeps the bundled sound.
    public let kind: ClickKind?
    /// ``kind``'s release sound (`key-up.wav`): a release then plays the press sound, quieter.
    public let isRelease: Bool
    /// What plays for ``kind`` instead, when known; `nil` reads as the bundled sound.
    public var playing: SoundSource?

    public init(path: String, reason: Reason, kind: ClickKind? = nil, isRelease: Bool = false) {
        self.path = path
        self.reason = reason
        self.kind = kind
        self.isRelease = isRelease
    }

    /// In words.
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

    var isStrayFileCount: Bool {
        if case .moreStrayFiles = reason { return true }
        return false
    }

    /// `path: reason`, plus what plays instead when ``kind`` is known.
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

    /// Thousands grouped: `19,997`.
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

    /// At most three decimals, no trailing zeros.
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
