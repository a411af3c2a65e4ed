/// One message to or from the render thread. A plain value, copied into a
/// preallocated ring slot, so sending one allocates nothing.
struct MixerCommand: BitwiseCopyable {
    enum Operation: UInt8 {
        /// Start a click of `kind`, asked for at `time`.
        case play
        /// Make `object` (a retained ``SoundBank``) the current bank.
        case installBank
        /// Start mixing `object` (a retained ``HostStream``).
        case attachStream
        /// Stop mixing `object` (a ``HostStream`` already attached).
        case detachStream
        /// From the render thread: release `object` (a bank or stream it no longer uses).
        case release
    }

    var operation: Operation
    var kind: ClickKind
    var time: UInt64
    var object: UnsafeMutableRawPointer?

    static func play(_ kind: ClickKind, at time: UInt64) -> MixerCommand {
        MixerCommand(operation: .play, kind: kind, time: time, object: nil)
    }

    static func object(_ operation: Operation, _ object: UnsafeMutableRawPointer) -> MixerCommand {
        MixerCommand(operation: operation, kind: .key, time: 0, object: object)
    }
}
