/// One keyboard notification, the counterpart of `UIKeyboardWillShowNotification`
/// and its siblings with their user-info frames.
///
/// The frames cover the input view and the accessory view together, in the
/// host's coordinates. Showing starts below the screen's bottom edge and ends
/// on screen; hiding does the reverse. A change of frame while the keyboard
/// stays up (another input's accessory view, another keyboard, a reload) is
/// posted as will-show and did-show from the old frame to the new one, as
/// UIKit does; a focus change that keeps the frame posts nothing.
public struct KeyboardNotification: Sendable, Hashable, CustomStringConvertible {
    /// Which notification this is.
    public enum Name: String, Sendable, Hashable, CaseIterable {
        /// The keyboard is about to appear, or to change its frame while up.
        case willShow
        /// The keyboard appeared, or changed its frame while up.
        case didShow
        /// The keyboard is about to disappear.
        case willHide
        /// The keyboard disappeared.
        case didHide
    }

    /// Which notification this is.
    public var name: Name
    /// The keyboard's frame before the change (`UIKeyboardFrameBeginUserInfoKey`).
    public var frameBegin: Rect
    /// The keyboard's frame after the change (`UIKeyboardFrameEndUserInfoKey`).
    public var frameEnd: Rect
    /// How long a front end should animate the change, in seconds.
    public var animationDuration: Double

    public init(name: Name, frameBegin: Rect, frameEnd: Rect, animationDuration: Double) {
        self.name = name
        self.frameBegin = frameBegin
        self.frameEnd = frameEnd
        self.animationDuration = animationDuration
    }

    /// `willShow (0.0, 667.0, 375.0 × 216.0) → (…)`, for logs.
    public var description: String { "\(name.rawValue) \(frameBegin) → \(frameEnd)" }
}
