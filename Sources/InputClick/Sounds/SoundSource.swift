/// Where one kind's sound comes from: the sound pack, the sound theme, or
/// the bundled sounds, in that order of precedence.
public struct SoundSource: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of source.
    public enum Origin: Sendable, Hashable {
        /// A file of the sound pack (``ClickSettings/soundPackDirectory``).
        case pack
        /// A file of an XDG sound theme: the named theme (the chosen one, a
        /// parent, or `freedesktop`) under the sound name it answers to.
        case theme(name: String, soundName: String)
        /// The sound built into InputClick.
        case bundled
    }

    /// Where the sound comes from.
    public var origin: Origin
    /// The file, or `nil` for a bundled sound.
    public var path: String?

    /// A source as given.
    public init(origin: Origin, path: String?) {
        self.origin = origin
        self.path = path
    }

    public static let bundled = SoundSource(origin: .bundled, path: nil)

    /// `pack /dir/key.wav`, `theme ocean (button-pressed) /usr/share/…/button-pressed.oga` or `bundled`.
    public var description: String {
        switch origin {
        case .pack: return "pack \(path ?? "")"
        case .theme(let name, let soundName): return "theme \(name) (\(soundName)) \(path ?? "")"
        case .bundled: return "bundled"
        }
    }

    /// The origin in one word: `pack`, `theme` or `bundled`.
    public var originName: String {
        switch origin {
        case .pack: return "pack"
        case .theme: return "theme"
        case .bundled: return "bundled"
        }
    }
}
