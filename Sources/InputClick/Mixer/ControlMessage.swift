/// A new sound bank, or a host stream attached or detached, sent to the render thread.
/// Real-time context: a plain value; reading one touches no reference count.
///
/// The object travels as a raw pointer; for ``Operation/installBank`` and ``Operation/attachStream`` it
/// carries a retain the mixer now owns, for ``Operation/detachStream`` none.
struct ControlMessage: BitwiseCopyable {
    enum Operation: UInt8 {
        /// `object` is a retained ``SoundBank``.
        case installBank
        /// `object` is a retained ``HostStream``.
        case attachStream
        /// `object` is a ``HostStream`` already attached.
        case detachStream
    }

    var operation: Operation
    var object: UnsafeMutableRawPointer
}
