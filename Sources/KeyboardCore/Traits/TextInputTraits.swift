/// How a text input wants the keyboard to behave, the counterpart of
/// `UITextInputTraits`.
///
/// The host reads the first responder's traits whenever it becomes first
/// responder or reloads its input views: the keyboard type picks the layout,
/// autocapitalization drives the automatic shift, the return key type labels
/// the return key, and secure text entry makes every click sound like a key
/// (``InputClickGate/setSecureTextEntry(_:)``). Change traits of a focused
/// input, then call ``Responder/reloadInputViews()``.
public struct TextInputTraits: Sendable, Hashable {
    /// The layout family. Default ``KeyboardType/default``.
    public var keyboardType: KeyboardType
    /// When shift turns on by itself. Default ``AutocapitalizationType/sentences``.
    public var autocapitalizationType: AutocapitalizationType
    /// Whether a corrector may change words. Default ``AutocorrectionType/default``.
    public var autocorrectionType: AutocorrectionType
    /// The return key's label and action. Default ``ReturnKeyType/default``.
    public var returnKeyType: ReturnKeyType
    /// A password input: clicks all sound like ``InputClick/ClickKind/key``,
    /// and there is no autocapitalization or autocorrection. Default `false`.
    public var isSecureTextEntry: Bool

    /// Creates traits; every argument has the documented default.
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

    /// The autocapitalization actually applied: ``AutocapitalizationType/none``
    /// during secure text entry, otherwise ``autocapitalizationType``.
    public var effectiveAutocapitalization: AutocapitalizationType {
        isSecureTextEntry ? .none : autocapitalizationType
    }

    /// Whether a corrector should run: `false` for ``AutocorrectionType/no``
    /// and during secure text entry, `true` otherwise.
    public var isAutocorrectionEnabled: Bool {
        !isSecureTextEntry && autocorrectionType != .no
    }
}
