/// A view a ``KeyboardHost`` can show at the bottom of the screen: an input view (a
/// keyboard, a picker) or an input accessory view (a toolbar above it). To click while
/// visible, a subclass adopts ``InputClick/InputViewAudioFeedback``.
open class InputView {
    public var name: String
    /// In points.
    public var preferredHeight: Double
    /// Stretched to the keyboard height (input views only).
    public var hasFlexibleHeight: Bool
    /// ``Rect/zero`` while not shown.
    public internal(set) var frame: Rect = .zero

    /// A negative `preferredHeight` counts as 0.
    public init(name: String = "input view", preferredHeight: Double = 216, hasFlexibleHeight: Bool = false) {
        self.name = name
        self.preferredHeight = max(preferredHeight, 0)
        self.hasFlexibleHeight = hasFlexibleHeight
    }
}
