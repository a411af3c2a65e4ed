/// An object that can become first responder, the counterpart of `UIResponder`.
///
/// Any responder may carry an ``inputView`` and an ``inputAccessoryView``;
/// the ``KeyboardHost`` it was added to shows them while it is first
/// responder. A text input (``TextField``, ``TextView``) without an input view
/// gets the host's current keyboard, normally the ``DemoKeyboard``.
///
/// ```swift
/// let host = KeyboardHost(gate: gate)
/// let field = TextField()
/// host.add(field)
/// field.becomeFirstResponder()   // the keyboard shows
/// field.resignFirstResponder()   // the keyboard hides
/// ```
///
/// Subclass it for a custom responder; override ``canBecomeFirstResponder``
/// or ``canResignFirstResponder`` to refuse.
open class Responder {
    /// The host this responder was added to with ``KeyboardHost/add(_:)``.
    public internal(set) weak var host: KeyboardHost?

    /// The view shown instead of the keyboard while this responder is first
    /// responder, or `nil` for the keyboard (text inputs) or nothing (other
    /// responders). Changes take effect at the next ``reloadInputViews()``.
    public var inputView: InputView?

    /// The view shown above the input view while this responder is first
    /// responder, or `nil`. Changes take effect at the next ``reloadInputViews()``.
    public var inputAccessoryView: InputView?

    /// Creates a responder that belongs to no host yet.
    public init() {}

    /// Whether ``becomeFirstResponder()`` may succeed. Default `true`.
    open var canBecomeFirstResponder: Bool { true }

    /// Whether the responder lets another take first responder status, or
    /// lets ``resignFirstResponder()`` succeed. Default `true`.
    open var canResignFirstResponder: Bool { true }

    public var isFirstResponder: Bool { host?.firstResponder === self }

    /// Makes this responder the first responder of its host, which shows its
    /// input views. Moving focus between two text inputs while the keyboard is
    /// up reroutes typing without hiding and showing the keyboard.
    ///
    /// - Returns: `true` if it is first responder afterwards; `false` if it has
    ///   no host, refuses (``canBecomeFirstResponder``, a text delegate's
    ///   "should begin editing"), or the current first responder will not resign.
    @discardableResult
    public func becomeFirstResponder() -> Bool {
        guard let host else { return false }
        host.thread.check()
        return host.makeFirstResponder(self)
    }

    /// Gives up first responder status; the host hides the keyboard. Nothing
    /// else hides it: the app decides when editing ends.
    ///
    /// - Returns: `true` if this responder is not first responder afterwards.
    @discardableResult
    public func resignFirstResponder() -> Bool {
        host?.thread.check()
        guard let host, host.firstResponder === self else { return true }
        return host.resignFirstResponder()
    }

    /// Re-reads ``inputView``, ``inputAccessoryView`` and the text input
    /// traits, and swaps the visible views in place. Does nothing unless this
    /// responder is first responder.
    public func reloadInputViews() {
        host?.thread.check()
        guard let host, host.firstResponder === self else { return }
        host.reloadInputViews()
    }

    /// Asked before the responder becomes first responder; text inputs ask their delegate.
    func shouldBeginEditing() -> Bool { true }
    /// Told after the responder became first responder.
    func didBecomeFirstResponder() {}
    /// Told after the responder stopped being first responder.
    func didResignFirstResponder() {}
}
