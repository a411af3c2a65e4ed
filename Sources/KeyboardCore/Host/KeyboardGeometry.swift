/// Where the host puts the visible input view and accessory view.
///
/// - The input view takes the host's width. Its height is the keyboard
///   height if it has a flexible height, its preferred height otherwise. It
///   sits on the bottom edge.
/// - The accessory view takes the host's width and its preferred height, and
///   sits directly above the input view (on the bottom edge if there is no
///   input view).
/// - The keyboard frame posted in notifications covers both.
public struct KeyboardGeometry: Sendable, Hashable {
    /// The input view's frame, or `nil` if there is none.
    public var inputViewFrame: Rect?
    /// The accessory view's frame, or `nil` if there is none.
    public var accessoryViewFrame: Rect?
    /// Both together: what notifications call the keyboard frame. Empty when
    /// nothing is shown.
    public var keyboardFrame: Rect

    /// Lays out views in `bounds`.
    ///
    /// - Parameters:
    ///   - bounds: The host's bounds.
    ///   - keyboardHeight: The height flexible input views take.
    ///   - inputView: The input view's preferred height and flexibility, or `nil`.
    ///   - accessoryHeight: The accessory view's preferred height, or `nil`.
    public init(bounds: Rect, keyboardHeight: Double,
                inputView: (preferredHeight: Double, hasFlexibleHeight: Bool)?, accessoryHeight: Double?) {
        var top = bounds.maxY
        if let inputView {
            let height = inputView.hasFlexibleHeight ? keyboardHeight : inputView.preferredHeight
            top -= height
            inputViewFrame = Rect(x: bounds.minX, y: top, width: bounds.width, height: height)
        }
        if let accessoryHeight {
            top -= accessoryHeight
            accessoryViewFrame = Rect(x: bounds.minX, y: top, width: bounds.width, height: accessoryHeight)
        }
        keyboardFrame = Rect(x: bounds.minX, y: top, width: bounds.width, height: bounds.maxY - top)
    }

    /// The keyboard frame moved just below `bounds`: where showing starts and hiding ends.
    public func offscreenKeyboardFrame(in bounds: Rect) -> Rect {
        Rect(x: keyboardFrame.x, y: bounds.maxY, width: keyboardFrame.width, height: keyboardFrame.height)
    }
}
