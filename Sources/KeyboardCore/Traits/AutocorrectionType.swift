/// Whether the text input wants autocorrection, the counterpart of
/// `UITextAutocorrectionType`. KeyboardCore has no corrector; it reports the flag.
public enum AutocorrectionType: String, Sendable, Hashable, CaseIterable {
    /// The keyboard's choice: on, except in secure text entry.
    case `default`
    case yes
    case no
}
