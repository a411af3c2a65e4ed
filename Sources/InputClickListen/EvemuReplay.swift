/// A recording made ready to replay: its device description and its key
/// actions, timed from the recording's first event. The key codes are
/// dropped while parsing; only each key's click survives.
public struct EvemuReplay: Sendable {
    /// The recorded device.
    public var description: EvemuDescription
    /// The key presses, repeats and releases, in order, with times in
    /// nanoseconds from the recording's first event.
    public var actions: [KeyAction]

    /// Parses an `evemu-record` recording.
    ///
    /// - Throws: ``EvemuParseError`` naming the bad line.
    public init(parsing bytes: [UInt8]) throws {
        var actions: [KeyAction] = []
        var origin: UInt64?
        description = try EvemuParser().parse(bytes) { event in
            let start = origin ?? event.time
            origin = start
            if let action = KeyAction(time: event.time - start, type: event.type, code: event.code, value: event.value) {
                actions.append(action)
            }
        }
        self.actions = actions
    }
}
