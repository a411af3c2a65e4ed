/// A change to what the render thread mixes, sent from a control thread:
/// a new sound bank, or a host stream attached or detached.
///
/// The object travels as a raw pointer. For ``Operation/installBank`` and
/// ``Operation/attachStream`` it carries a retain the mixer now owns; for
/// ``Operation/detachStream`` it carries none (the mixer's slot already
/// holds the stream's retain).
///
/// Real-time context: a plain value, copied into a preallocated ring slot,
/// so sending one allocates nothing and the render thread never touches a
/// reference count to read one.
struct ControlMessage: BitwiseCopyable {
    enum Operation: UInt8 {
        /// Make `object` (a retained ``SoundBank``) the bank for new clicks.
        case installBank
        /// Start mixing `object` (a retained ``HostStream``).
        case attachStream
        /// Stop mixing `object` (a ``HostStream`` already attached).
        case detachStream
    }

    var operation: Operation
    var object: UnsafeMutableRawPointer
}
