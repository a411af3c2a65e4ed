/// Where the host puts the visible views: the input view on the bottom edge at the
/// host's width, the accessory view directly above; the keyboard frame covers both.
public struct KeyboardGeometry: Sendable, Hashable {
    public var inputViewFrame: Rect?
    public var accessoryViewFrame: Rect?
    /// What notifications call the keyboard frame; empty when nothing is shown.
    public var keyboardFrame: Rect

    /// `inputView` is its preferred height and flexibility; flexible views take `keyboardHeight`.
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

    /// Just below `bounds`: where showing starts and hiding ends.
    public func offscreenKeyboardFrame(in bounds: Rect) -> Rect {
        Rect(x: keyboardFrame.x, y: bounds.maxY, width: keyboardFrame.width, height: keyboardFrame.height)
    }
}
