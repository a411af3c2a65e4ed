/// Told when a click-enabled input view appears or disappears, so that a
/// player can open its stream before the first tap and close it afterwards.
///
/// Obligations of a conformer: the method runs on whichever thread reported
/// visibility, while the gate holds its visibility lock, so it must return
/// quickly and must not call back into the gate. Hand real work to a queue.
///
/// Thread context: the method runs on the thread that called
/// ``InputClickGate/setVisibleInputViews(_:)`` or
/// ``InputClickGate/addVisibilityObserver(_:)``, inside the gate's visibility lock.
public protocol InputViewVisibilityObserver: AnyObject, Sendable {
    /// `visible` is `true` when at least one visible input view or accessory
    /// view has opted in to clicks, `false` when none has any more.
    ///
    /// Thread context: the thread that called ``InputClickGate/setVisibleInputViews(_:)``
    /// or ``InputClickGate/addVisibilityObserver(_:)``.
    func clickEnabledInputViewVisibilityChanged(_ visible: Bool)
}
