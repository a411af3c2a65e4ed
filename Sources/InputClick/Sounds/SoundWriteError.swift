/// Why a sound file could not be written, printable as one line.
public struct SoundWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    public let path: String
    /// Often `sf_strerror`'s text.
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): cannot be written: \(reason)" }
}
