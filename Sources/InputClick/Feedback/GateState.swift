/// What the gate knows, packed into one word so that a tap reads all of it in
/// a single atomic load: whether clicks are on, the profile, secure text
/// entry, and what is visible.
///
/// Thread context: a plain value; the gate keeps it in an atomic.
struct GateState: Equatable {
    /// What the visible input views say about clicks.
    enum Visibility: UInt32 {
        /// No input view or accessory view is visible.
        case none = 0
        /// Views are visible, none opted in.
        case notOptedIn = 1
        /// At least one visible view opted in.
        case optedIn = 2
    }

    private static let clicksEnabledBit: UInt32 = 0x1
    private static let profileShift: UInt32 = 1
    private static let profileMask: UInt32 = 0x3 << profileShift
    private static let secureBit: UInt32 = 0x8
    private static let visibilityShift: UInt32 = 8
    private static let visibilityMask: UInt32 = 0x3 << visibilityShift

    /// The packed word.
    private(set) var rawValue: UInt32

    /// Clicks on, the default profile, no secure entry, nothing visible.
    init() { rawValue = Self.clicksEnabledBit }

    /// The state a word written by ``rawValue`` holds.
    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Whether the user's settings have clicks on.
    var clicksEnabled: Bool {
        get { rawValue & Self.clicksEnabledBit != 0 }
        set { rawValue = newValue ? rawValue | Self.clicksEnabledBit : rawValue & ~Self.clicksEnabledBit }
    }

    var profile: ClickProfile {
        get { ClickProfile(rawValue: UInt8((rawValue & Self.profileMask) >> Self.profileShift)) ?? .full }
        set { rawValue = (rawValue & ~Self.profileMask) | (UInt32(newValue.rawValue) << Self.profileShift) & Self.profileMask }
    }

    /// Whether the first responder uses secure text entry.
    var isSecureTextEntry: Bool {
        get { rawValue & Self.secureBit != 0 }
        set { rawValue = newValue ? rawValue | Self.secureBit : rawValue & ~Self.secureBit }
    }

    /// What is visible.
    var visibility: Visibility {
        get { Visibility(rawValue: (rawValue & Self.visibilityMask) >> Self.visibilityShift) ?? .none }
        set { rawValue = (rawValue & ~Self.visibilityMask) | (newValue.rawValue << Self.visibilityShift) }
    }

    /// Whether a visible view opted in to clicks.
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

    /// The sound a tap of `kind` plays: `kind`, or ``ClickKind/key`` during secure entry.
    func soundKind(_ kind: ClickKind) -> ClickKind {
        isSecureTextEntry ? .key : kind
    }
}
