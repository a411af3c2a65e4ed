/// A change to what the render thread mixes, sent from a control thread:
/// a new sound bank, or a host stream attached or detached.
///
/// A plain value, copied into a preallocated ring slot, so sending one
/// allocates nothing. The object travels as a raw pointer: for
/// ``Operation/installBank`` and ``Operation/attachStream`` it carries a
/// retain the mixer now owns; for ``Operation/detachStream`` it carries none
/// (the mixer's slot already holds the stream's retain).
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
