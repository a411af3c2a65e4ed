/// Adopted by an input view or input accessory view that wants key clicks,
/// the counterpart of UIKit's `UIInputViewAudioFeedback`.
///
/// A view opts in by returning `true` from ``enableInputClicksWhenVisible``.
/// A conformer that does not implement the property gets `false`, exactly as
/// in UIKit, so adopting the protocol alone plays nothing.
///
/// ```swift
/// final class KeyboardView: InputViewAudioFeedback {
///     var enableInputClicksWhenVisible: Bool { true }
/// }
/// ```
///
/// The gate reads the property when the host reports which views are visible
/// (``InputClickGate/setVisibleInputViews(_:)``), not at tap time, so that
/// ``InputClickGate/playInputClick(_:)`` stays lock-free. A view that changes
/// its answer while visible should have its host report visibility again, as
/// `reloadInputViews()` does.
///
/// Thread context: the property is read on whichever thread reports visibility.
public protocol InputViewAudioFeedback: AnyObject {
    /// Whether taps on this view should click while it is visible. Defaults to `false`.
    var enableInputClicksWhenVisible: Bool { get }
}

extension InputViewAudioFeedback {
    /// The default: a view that adopts the protocol but does not implement
    /// the property does not click.
    public var enableInputClicksWhenVisible: Bool { false }
}
