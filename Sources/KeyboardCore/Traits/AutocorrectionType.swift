/// Whether the text input wants autocorrection, the counterpart of
/// `UITextAutocorrectionType`.
///
/// KeyboardCore has no corrector: the flag is carried to the keyboard
/// (``DemoKeyboard/textInputTraits``) and reported, so a front end with a
/// corrector can honour it.
public enum AutocorrectionType: String, Sendable, Hashable, CaseIterable {
    /// The keyboard's own choice; the demo keyboard treats it as on, except
    /// in secure text entry.
    case `default`
    /// Correct.
    case yes
    /// Do not correct.
    case no
}
