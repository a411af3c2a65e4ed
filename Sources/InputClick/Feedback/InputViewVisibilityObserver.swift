/// Told when a click-enabled input view appears or disappears, so that a
/// player can open its stream before the first tap and close it afterwards.
///
/// A ``ClickSink`` that conforms (``ClickPlayer`` does) is wired by
/// ``InputClickGate/init(sink:settings:rateLimit:)`` itself; other observers
/// are added with ``InputClickGate/addVisibilityObserver(_:)``.
///
/// Obligations of a conformer: the method runs on a thread that reported
/// visibility, outside the gate's lock but while that thread delivers every
/// change in order, so it should return quickly. Hand real work to a queue.
/// It may call back into the gate.
///
/// Thread context: the method runs on a thread that called
/// ``InputClickGate/setVisibleInputViews(_:)`` or
/// ``InputClickGate/addVisibilityObserver(_:)``, never inside the gate's lock.
public protocol InputViewVisibilityObserver: AnyObject, Sendable {
    /// `visible` is `true` when at least one visible input view or accessory
    /// view has opted in to clicks, `false` when none has any more.
    func clickEnabledInputViewVisibilityChanged(_ visible: Bool)
}
