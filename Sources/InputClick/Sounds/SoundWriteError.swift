/// Why a sound file could not be written: the path and libsndfile's (or the
/// operating system's) reason, printable as one line.
public struct SoundWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file that was being written.
    public let path: String
    /// The reason, in words (often `sf_strerror`'s text).
    public let reason: String

    /// Makes an error for `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): cannot be written: \(reason)" }
}
