/// A recording ready to replay: its description and key actions, timed from its first event. Key codes
/// are dropped while parsing.
public struct EvemuReplay: Sendable {
    /// 24 hours. A replay plays in real time, so a later event (a jumped clock, a crafted
    /// `E: 9999999999.000000 …`) is refused rather than slept towards.
    public static let maximumSpanNanoseconds: UInt64 = 24 * 3600 * 1_000_000_000

    public var description: EvemuDescription
    /// In order, times in nanoseconds from the first event.
    public var actions: [KeyAction]

    /// Throws ``EvemuParseError`` naming the bad line, or the first event past ``maximumSpanNanoseconds``.
    public init(parsing bytes: [UInt8]) throws {
        var actions: [KeyAction] = []
        var origin: UInt64?
        description = try EvemuParser().parse(bytes) { event, line in
            let start = origin ?? event.time
            origin = start
            let time = event.time - start
            guard time <= Self.maximumSpanNanoseconds else {
                throw EvemuParseError(line: line, "the event comes \(time / 1_000_000_000) s after the recording's first; "
                                      + "a replay lasts at most 24 hours (\(Self.maximumSpanNanoseconds / 1_000_000_000) s)")
            }
            if let action = KeyAction(time: time, type: event.type, code: event.code, value: event.value) {
                actions.append(action)
            }
        }
        self.actions = actions
    }
}
