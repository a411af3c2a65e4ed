/// The demo keyboard's mode: keyboard type, page, shift and the Chinese
/// punctuation mode, and what each key types and says in that mode.
///
/// ``applyingTap(_:)`` is the single-tap transition of the mode keys; the
/// ``DemoKeyboard`` adds what depends on time and text (double-tap caps lock,
/// the automatic shift, the return to letters after space), and the
/// ``TypingPlanner`` searches these transitions for the shortest way to a
/// character.
public struct KeyboardState: Sendable, Hashable {
    /// The layout family, from the text input's traits.
    public var keyboardType: KeyboardType
    public var page: KeyboardPage
    public var shift: ShiftState
    /// Whether `ch/en` selected Chinese punctuation. The mode is remembered
    /// across inputs, but only keyboard types with the `ch/en` key apply it.
    public var isChinesePunctuation: Bool
    /// The return key's label, from the text input's traits.
    public var returnKeyType: ReturnKeyType

    /// The state on `keyboardType`'s home page, shift off, English.
    public init(keyboardType: KeyboardType = .default, returnKeyType: ReturnKeyType = .default) {
        self.keyboardType = keyboardType
        page = keyboardType.homePage
        shift = .off
        isChinesePunctuation = false
        self.returnKeyType = returnKeyType
    }

    /// The keys shown now.
    public var layout: KeyboardLayout { KeyboardLayout(keyboardType: keyboardType, page: page) }

    /// Whether punctuation keys type full-width forms now.
    public var typesFullWidthPunctuation: Bool { isChinesePunctuation && keyboardType.hasLanguageToggle }

    /// What tapping `key` inserts in this state: a character key's text
    /// (uppercased by shift on the letters page, full-width in the Chinese
    /// punctuation mode), `" "` for space, `"\n"` for return; `nil` for keys
    /// that insert nothing.
    public func text(for key: KeyRole) -> String? {
        switch key {
        case .character(let base):
            if page == .letters && shift.capitalizes && base.count == 1 && base.first!.isLetter {
                return base.uppercased()
            }
            return typesFullWidthPunctuation ? FullWidthPunctuation.form(of: base) : base
        case .space: return " "
        case .return: return "\n"
        case .shift, .delete, .nextKeyboard, .languageToggle, .page: return nil
        }
    }

    /// The label a front end shows on `key` in this state.
    public func label(for key: KeyRole) -> String {
        switch key {
        case .character: return text(for: key) ?? key.description
        case .shift:
            switch shift {
            case .off: return "shift"
            case .on: return "SHIFT"
            case .locked: return "CAPS"
            }
        case .return: return returnKeyType.label
        case .languageToggle: return isChinesePunctuation ? "中/en" : "ch/en"
        default: return key.description
        }
    }

    /// The state after one tap of a mode key: shift turns on from off and off
    /// otherwise; a page key shows its page; `ch/en` toggles the Chinese
    /// punctuation mode. Other keys leave the state as it is.
    public func applyingTap(_ key: KeyRole) -> KeyboardState {
        var next = self
        switch key {
        case .shift: next.shift = shift == .off ? .on : .off
        case .page(let target): next.page = KeyboardLayout(keyboardType: keyboardType, page: target).page
        case .languageToggle: next.isChinesePunctuation.toggle()
        default: break
        }
        return next
    }
}
