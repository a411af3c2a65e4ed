/// The seed's scroll-view recipe for content the keyboard covers: on
/// did-show, set the bottom content inset to the covered height and scroll so
/// that the focused input is visible; on did-hide, reset the inset.
///
/// ```swift
/// center.addObserver(for: [.didShow, .didHide]) { note in
///     let fix = KeyboardContentAdjustment(keyboardFrame: note.frameEnd, scrollViewFrame: scroll.frame,
///                                         contentOffsetY: scroll.offsetY, focusedFrame: field.frame)
///     scroll.bottomInset = fix.bottomInset
///     scroll.offsetY = fix.contentOffsetY
/// }
/// ```
public struct KeyboardContentAdjustment: Sendable, Hashable {
    /// How much of the scroll view the keyboard covers: the bottom content inset.
    /// 0 when the keyboard is off screen or below the scroll view.
    public var bottomInset: Double
    /// The vertical content offset that keeps the focused input visible: the
    /// current offset if it already is, otherwise the smallest scroll that
    /// brings its bottom (plus the margin) above the keyboard, or its top (less
    /// the margin) into view if it lies above or does not fit.
    public var contentOffsetY: Double

    /// Computes the adjustment.
    ///
    /// - Parameters:
    ///   - keyboardFrame: The notification's end frame, in host coordinates.
    ///   - scrollViewFrame: The scroll view's frame, in host coordinates.
    ///   - contentOffsetY: The scroll view's current vertical content offset.
    ///   - focusedFrame: The focused input's frame, in content coordinates.
    ///   - margin: Space to keep between the input and the keyboard. Default 8.
    public init(keyboardFrame: Rect, scrollViewFrame: Rect, contentOffsetY: Double,
                focusedFrame: Rect, margin: Double = 8) {
        let covered = scrollViewFrame.intersection(keyboardFrame)
        bottomInset = covered.isEmpty ? 0 : scrollViewFrame.maxY - covered.minY
        let visibleHeight = max(scrollViewFrame.height - bottomInset, 0)
        let visibleTop = contentOffsetY
        let visibleBottom = contentOffsetY + visibleHeight
        let wantedBottom = focusedFrame.maxY + margin
        let offset: Double
        if focusedFrame.minY >= visibleTop && wantedBottom <= visibleBottom {
            offset = visibleTop
        } else if focusedFrame.minY < visibleTop || focusedFrame.height + 2 * margin > visibleHeight {
            offset = max(focusedFrame.minY - margin, 0)
        } else {
            offset = max(wantedBottom - visibleHeight, 0)
        }
        self.contentOffsetY = offset
    }
}
