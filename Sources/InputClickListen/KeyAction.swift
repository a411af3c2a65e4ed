/// One key transition as `listen` sees it: when, which click, and how. It carries no key code.
public struct KeyAction: Sendable, Hashable {
    /// On the source's clock (the recording's, or the kernel's).
    public var time: UInt64
    public var click: KeyClick
    public var transition: KeyTransition

    public init(time: UInt64, click: KeyClick, transition: KeyTransition) {
        self.time = time
        self.click = click
        self.transition = transition
    }

    /// `nil` unless a keyboard key's press, repeat or release; the key code is read here and dropped.
    public init?(time: UInt64, type: UInt16, code: UInt16, value: Int32) {
        guard type == KeyCodes.eventTypeKey, let click = KeyClick(code: code),
              let transition = KeyTransition(value: value) else { return nil }
        self.init(time: time, click: click, transition: transition)
    }
}
