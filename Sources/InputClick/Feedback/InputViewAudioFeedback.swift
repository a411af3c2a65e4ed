/// Adopted by an input view or input accessory view that wants key clicks: the counterpart of UIKit's
/// `UIInputViewAudioFeedback`. As in UIKit, adopting it alone plays nothing; the view returns `true`:
///
/// ```swift
/// final class KeyboardView: InputViewAudioFeedback {
///     var enableInputClicksWhenVisible: Bool { true }
/// }
/// ```
///
/// The gate reads the property when visibility is reported, not at tap time (so taps stay lock-free): a view
/// that changes its answer while visible has its host report visibility again, as `reloadInputViews()` does.
public protocol InputViewAudioFeedback: AnyObject {
    var enableInputClicksWhenVisible: Bool { get }
}

extension InputViewAudioFeedback {
    public var enableInputClicksWhenVisible: Bool { false }
}
