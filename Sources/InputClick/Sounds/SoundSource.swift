/// Where one kind's sound comes from: the pack, the theme, or the bundled sounds, in that precedence.
public struct SoundSource: Sendable, Hashable, CustomStringConvertible {
    public enum Origin: Sendable, Hashable {
        case pack
        /// The named theme (the chosen one, a parent, or `freedesktop`) under the sound name it answers to.
        case theme(name: String, soundName: String)
        case bundled
    }

    public var origin: Origin
    /// `nil` for a bundled sound.
    public var path: String?

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

    /// `pack`, `theme` or `bundled`.
    public var originName: String {
        switch origin {
        case .pack: return "pack"
        case .theme: return "theme"
        case .bundled: return "bundled"
        }
    }
}
