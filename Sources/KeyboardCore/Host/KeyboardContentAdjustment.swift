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
    /// The bottom content inset: how much of the scroll view the keyboard covers, or 0.
    public var bottomInset: Double
    /// The current offset if the focused input is visible, else the smallest scroll that
    /// shows its bottom (plus the margin) above the keyboard, or its top if it does not fit.
    public var contentOffsetY: Double

    /// `keyboardFrame` and `scrollViewFrame` in host coordinates, `focusedFrame` in content
    /// coordinates; `margin` is kept between the input and the keyboard.
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
