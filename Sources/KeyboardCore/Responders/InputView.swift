/// A view that a ``KeyboardHost`` can show at the bottom of the screen: an
/// input view (a keyboard, a picker) or an input accessory view (a toolbar
/// above it).
///
/// The host sizes it (see ``KeyboardHost``):
/// - an input view takes the host's width; its height is
///   ``preferredHeight``, or the keyboard height when ``hasFlexibleHeight``
///   is `true` (UIKit's flexible-height autoresizing);
/// - an accessory view takes the host's width and its ``preferredHeight``,
///   and sits directly above the input view.
///
/// To hear key clicks while it is visible, a subclass adopts
/// ``InputClick/InputViewAudioFeedback`` and returns `true` from
/// `enableInputClicksWhenVisible`; a plain `InputView` does not click.
open class InputView {
    /// A name for messages and tests.
    public var name: String
    /// The height the view asks for, in points.
    public var preferredHeight: Double
    /// Whether the host stretches the view to the keyboard height (input views only).
    public var hasFlexibleHeight: Bool
    /// Where the host placed the view; ``Rect/zero`` while not shown.
    public internal(set) var frame: Rect = .zero

    /// Creates a view.
    ///
    /// - Parameters:
    ///   - name: A name for messages and tests.
    ///   - preferredHeight: The height the view asks for, in points; negative values count as 0.
    ///   - hasFlexibleHeight: Take the keyboard's height when shown as an input view.
    public init(name: String = "input view", preferredHeight: Double = 216, hasFlexibleHeight: Bool = false) {
        self.name = name
        self.preferredHeight = max(preferredHeight, 0)
        self.hasFlexibleHeight = hasFlexibleHeight
    }
}
