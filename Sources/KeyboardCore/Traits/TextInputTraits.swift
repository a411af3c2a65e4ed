/// How a text input wants the keyboard to behave, the counterpart of `UITextInputTraits`.
/// Read when the input becomes first responder or reloads its input views.
public struct TextInputTraits: Sendable, Hashable {
    /// Default ``KeyboardType/default``.
    public var keyboardType: KeyboardType
    /// When shift turns on by itself. Default ``AutocapitalizationType/sentences``.
    public var autocapitalizationType: AutocapitalizationType
    /// Default ``AutocorrectionType/default``.
    public var autocorrectionType: AutocorrectionType
    /// Default ``ReturnKeyType/default``.
    public var returnKeyType: ReturnKeyType
    /// Clicks all sound like ``InputClick/ClickKind/key``; no autocapitalization or
    /// autocorrection. Default `false`.
    public var isSecureTextEntry: Bool

    public init(keyboardType: KeyboardType = .default,
                autocapitalizationType: AutocapitalizationType = .sentences,
                autocorrectionType: AutocorrectionType = .default,
                returnKeyType: ReturnKeyType = .default,
                isSecureTextEntry: Bool = false) {
        self.keyboardType = keyboardType
        self.autocapitalizationType = autocapitalizationType
        self.autocorrectionType = autocorrectionType
        self.returnKeyType = returnKeyType
        self.isSecureTextEntry = isSecureTextEntry
    }

    /// ``AutocapitalizationType/none`` during secure text entry.
    public var effectiveAutocapitalization: AutocapitalizationType {
        isSecureTextEntry ? .none : autocapitalizationType
    }

    /// `false` for ``AutocorrectionType/no`` and during secure text entry.
    public var isAutocorrectionEnabled: Bool {
        !isSecureTextEntry && autocorrectionType != .no
    }
}
