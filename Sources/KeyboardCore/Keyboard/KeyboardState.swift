/// The demo keyboard's mode and what each key types and says in it. ``applyingTap(_:)``
/// is the single-tap transition; ``DemoKeyboard`` adds what depends on time and text,
/// and ``TypingPlanner`` searches the transitions.
public struct KeyboardState: Sendable, Hashable {
    /// From the text input's traits.
    public var keyboardType: KeyboardType
    public var page: KeyboardPage
    public var shift: ShiftState
    /// Selected by `ch/en`; remembered across inputs, applied only by types with that key.
    public var isChinesePunctuation: Bool
    /// From the text input's traits.
    public var returnKeyType: ReturnKeyType

    /// The home page, shift off, English.
    public init(keyboardType: KeyboardType = .default, returnKeyType: ReturnKeyType = .default) {
        self.keyboardType = keyboardType
        page = keyboardType.homePage
        shift = .off
        isChinesePunctuation = false
        self.returnKeyType = returnKeyType
    }

    public var layout: KeyboardLayout { KeyboardLayout(keyboardType: keyboardType, page: page) }

    public var typesFullWidthPunctuation: Bool { isChinesePunctuation && keyboardType.hasLanguageToggle }

    /// Shifted on the letters page, full-width in Chinese mode; `nil` for keys that insert nothing.
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

    /// One tap of a mode key: shift toggles on/off, a page key shows its page, `ch/en`
    /// toggles Chinese punctuation; other keys change nothing.
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
