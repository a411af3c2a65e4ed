/// An object that can become first responder, the counterpart of `UIResponder`. Its
/// host shows its ``inputView`` and ``inputAccessoryView`` while it is first responder;
/// a text input without an input view gets the host's current keyboard.
///
/// ```swift
/// let host = KeyboardHost(gate: gate)
/// let field = TextField()
/// host.add(field)
/// field.becomeFirstResponder()   // the keyboard shows
/// field.resignFirstResponder()   // the keyboard hides
/// ```
open class Responder {
    /// Set by ``KeyboardHost/add(_:)``.
    public internal(set) weak var host: KeyboardHost?

    /// Shown instead of the keyboard while first responder; `nil`: the keyboard (text
    /// inputs) or nothing. Takes effect at the next ``reloadInputViews()``.
    public var inputView: InputView?

    /// Shown above the input view; takes effect at the next ``reloadInputViews()``.
    public var inputAccessoryView: InputView?

    public init() {}

    open var canBecomeFirstResponder: Bool { true }

    /// Whether it lets another take first responder status or ``resignFirstResponder()`` succeed.
    open var canResignFirstResponder: Bool { true }

    public var isFirstResponder: Bool { host?.firstResponder === self }

    /// Moving focus between two text inputs reroutes typing without hiding the keyboard.
    ///
    /// - Returns: `false` if it has no host, refuses (``canBecomeFirstResponder``, a text
    ///   delegate), or the current first responder will not resign.
    @discardableResult
    public func becomeFirstResponder() -> Bool {
        guard let host else { return false }
        host.thread.check()
        return host.makeFirstResponder(self)
    }

    /// The host hides the keyboard; nothing else hides it.
    ///
    /// - Returns: `true` if this responder is not first responder afterwards.
    @discardableResult
    public func resignFirstResponder() -> Bool {
        host?.thread.check()
        guard let host, host.firstResponder === self else { return true }
        return host.resignFirstResponder()
    }

    /// Re-reads the input views and traits and swaps the visible views in place, if first responder.
    public func reloadInputViews() {
        host?.thread.check()
        guard let host, host.firstResponder === self else { return }
        host.reloadInputViews()
    }

    /// Text inputs ask their delegate.
    func shouldBeginEditing() -> Bool { true }
    func didBecomeFirstResponder() {}
    func didResignFirstResponder() {}
}
