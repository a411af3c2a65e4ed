/// One key transition as `listen` sees it: when, what click, and whether
/// the key went down, repeated or came up. It carries no key code.
public struct KeyAction: Sendable, Hashable {
    /// Nanoseconds on the source's clock (the recording's, or the kernel's).
    public var time: UInt64
    /// The click's kind and pan.
    public var click: KeyClick
    /// Press, repeat or release.
    public var transition: KeyTransition

    public init(time: UInt64, click: KeyClick, transition: KeyTransition) {
        self.time = time
        self.click = click
        self.transition = transition
    }

    /// The action for an evdev event, or `nil` when the event is not a
    /// keyboard key's press, repeat or release. The key code is read here
    /// and dropped.
    public init?(time: UInt64, type: UInt16, code: UInt16, value: Int32) {
        guard type == KeyCodes.eventTypeKey, let click = KeyClick(code: code),
              let transition = KeyTransition(value: value) else { return nil }
        self.init(time: time, click: click, transition: transition)
    }
}
