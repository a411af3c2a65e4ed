/// One input event of an `evemu-record` recording: an `E:` line.
public struct EvemuEvent: Sendable, Hashable {
    /// When it happened, in nanoseconds, on the recording's clock.
    public var time: UInt64
    /// The evdev event type (`EV_KEY` is 1).
    public var type: UInt16
    /// The evdev event code (for `EV_KEY`, the key).
    public var code: UInt16
    /// The value (for `EV_KEY`: 1 press, 2 autorepeat, 0 release).
    public var value: Int32

    public init(time: UInt64, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }
}
