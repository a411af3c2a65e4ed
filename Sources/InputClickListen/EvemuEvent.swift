/// An `E:` line of an `evemu-record` recording.
public struct EvemuEvent: Sendable, Hashable {
    /// In nanoseconds, on the recording's clock.
    public var time: UInt64
    /// `EV_KEY` is 1.
    public var type: UInt16
    /// For `EV_KEY`, the key.
    public var code: UInt16
    /// For `EV_KEY`: 1 press, 2 autorepeat, 0 release.
    public var value: Int32

    public init(time: UInt64, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }
}
