/// Told when a click-enabled input view appears or disappears, so a player can open its stream before the
/// first tap. A conforming ``ClickSink`` is wired by ``InputClickGate/init(sink:settings:rateLimit:)``;
/// others by ``InputClickGate/addVisibilityObserver(_:)``. The method runs on the reporting thread, outside
/// the gate's lock but while that thread delivers every change in order: return quickly, hand work to a
/// queue. It may call back into the gate.
public protocol InputViewVisibilityObserver: AnyObject, Sendable {
    /// `visible`: at least one visible view has opted in.
    func clickEnabledInputViewVisibilityChanged(_ visible: Bool)
}
