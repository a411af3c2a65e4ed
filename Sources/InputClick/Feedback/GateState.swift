/// What the gate knows (clicks on, profile, secure entry, visibility), packed into one word that a tap reads
/// in one atomic load.
struct GateState: Equatable {
    enum Visibility: UInt32 {
        case none = 0
        case notOptedIn = 1
        case optedIn = 2
    }

    private static let clicksEnabledBit: UInt32 = 0x1
    private static let profileShift: UInt32 = 1
    private static let profileMask: UInt32 = 0x3 << profileShift
    private static let secureBit: UInt32 = 0x8
    private static let visibilityShift: UInt32 = 8
    private static let visibilityMask: UInt32 = 0x3 << visibilityShift

    private(set) var rawValue: UInt32

    /// Clicks on, the default profile, no secure entry, nothing visible.
    init() { rawValue = Self.clicksEnabledBit }

    init(rawValue: UInt32) { self.rawValue = rawValue }

    var clicksEnabled: Bool {
        get { rawValue & Self.clicksEnabledBit != 0 }
        set { rawValue = newValue ? rawValue | Self.clicksEnabledBit : rawValue & ~Self.clicksEnabledBit }
    }

    var profile: ClickProfile {
        get { ClickProfile(rawValue: UInt8((rawValue & Self.profileMask) >> Self.profileShift)) ?? .full }
        set { rawValue = (rawValue & ~Self.profileMask) | (UInt32(newValue.rawValue) << Self.profileShift) & Self.profileMask }
    }

    var isSecureTextEntry: Bool {
        get { rawValue & Self.secureBit != 0 }
        set { rawValue = newValue ? rawValue | Self.secureBit : rawValue & ~Self.secureBit }
    }

    var visibility: Visibility {
        get { Visibility(rawValue: (rawValue & Self.visibilityMask) >> Self.visibilityShift) ?? .none }
        set { rawValue = (rawValue & ~Self.visibilityMask) | (newValue.rawValue << Self.visibilityShift) }
    }

    var isClickEnabledViewVisible: Bool { visibility == .optedIn }

    /// Why a tap is refused before rate limit and sink are asked, or `nil`.
    var refusal: ClickDecision? {
        if !clicksEnabled { return .clicksOff }
        if profile == .silent { return .silentProfile }
        switch visibility {
        case .none: return .noVisibleInputView
        case .notOptedIn: return .notOptedIn
        case .optedIn: return nil
        }
    }

    func soundKind(_ kind: ClickKind) -> ClickKind {
        isSecureTextEntry ? .key : kind
    }
}
