/// The feedback profile, modelled on feedbackd's.
public enum ClickProfile: UInt8, CaseIterable, Sendable, Hashable, Codable, CustomStringConvertible {
    case full = 0
    /// 10 dB lower: half the perceived loudness of `full`.
    case quiet = 1
    case silent = 2

    /// 0 for `full`, −10 for `quiet`, `-infinity` for `silent`.
    public var gainOffsetDecibels: Double {
        switch self {
        case .full: return 0
        case .quiet: return -10
        case .silent: return -.infinity
        }
    }

    /// As in settings files and the CLI.
    public var description: String {
        switch self {
        case .full: return "full"
        case .quiet: return "quiet"
        case .silent: return "silent"
        }
    }

    public init?(name: String) {
        guard let p = ClickProfile.allCases.first(where: { $0.description == name }) else { return nil }
        self = p
    }
}
