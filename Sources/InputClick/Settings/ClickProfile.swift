/// The feedback profile, modelled on feedbackd's profiles.
public enum ClickProfile: UInt8, CaseIterable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Clicks at the chosen volume.
    case full = 0
    /// Clicks at half the perceived loudness of `full`: 10 dB lower.
    case quiet = 1
    /// No clicks at all.
    case silent = 2

    /// The profile's gain offset in decibels: 0 for `full`, −10 for `quiet`
    /// (a 10 dB drop is heard as half as loud), `-infinity` for `silent`.
    public var gainOffsetDecibels: Double {
        switch self {
        case .full: return 0
        case .quiet: return -10
        case .silent: return -.infinity
        }
    }

    /// The name used in settings files and the CLI: `full`, `quiet` or `silent`.
    public var description: String {
        switch self {
        case .full: return "full"
        case .quiet: return "quiet"
        case .silent: return "silent"
        }
    }

    /// Parses `full`, `quiet` or `silent`.
    public init?(name: String) {
        guard let p = ClickProfile.allCases.first(where: { $0.description == name }) else { return nil }
        self = p
    }
}
