/// One keyboard notification, the counterpart of `UIKeyboardWillShowNotification` and
/// its siblings. The frames cover input and accessory view, in host coordinates; a frame
/// change while up posts will-show and did-show from old to new, as UIKit does.
public struct KeyboardNotification: Sendable, Hashable, CustomStringConvertible {
    public enum Name: String, Sendable, Hashable, CaseIterable {
        /// About to appear, or to change its frame while up.
        case willShow
        /// Appeared, or changed its frame while up.
        case didShow
        case willHide
        case didHide
    }

    public var name: Name
    /// `UIKeyboardFrameBeginUserInfoKey`.
    public var frameBegin: Rect
    /// `UIKeyboardFrameEndUserInfoKey`.
    public var frameEnd: Rect
    /// In seconds.
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
