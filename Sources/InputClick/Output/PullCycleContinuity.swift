/// Tells whether a pull device's graph played every cycle a stream rendered,
/// from what the graph says of each cycle: where its clock stood (in frames)
/// and when the cycle began (``MonotonicClock``).
///
/// A callback API such as PipeWire's calls the stream once per cycle of its
/// graph and expects the audio before the next cycle begins. On a loaded or
/// virtual machine the call can come late, so the graph plays a cycle without
/// the stream's audio. Nothing in the API reports that to the stream, and a
/// click in that cycle may never sound. Measured on PipeWire 0.3.65 under
/// load, the symptoms are three, and each is a gap:
/// - the clock moved further than the previous cycle's frames: the graph ran
///   a cycle without calling the stream;
/// - the clock did not move as far (the stream was called twice for one
///   cycle): one of the two buffers is not played;
/// - the previous cycle was finished after this one began: its audio came
///   too late for its cycle, and the converter behind the stream keeps one
///   buffer too many, so one cycle's audio is dropped.
///
/// A device counts each cycle that follows a gap as one underrun, so a click
/// lost to it is counted and never silently absent. A stream moved to
/// another driver counts one gap too: libpipewire rebases the clock's
/// position then, and the move does interrupt the stream.
///
/// # Real-time context
/// A plain value kept by the device's real-time thread; no allocation, no lock.
public struct PullCycleContinuity: Sendable {
    private var previousPosition: UInt64 = 0
    private var previousFrames = 0
    private var previousFinishedAt: UInt64 = 0
    private var hasPrevious = false
    private var hasPreviousPosition = false

    public init() {}

    /// Notes one cycle that began at `startedAt` with the graph's clock at
    /// `position` (`nil` when its clock counts frames at another rate than
    /// the stream's), in which the stream gave `frames` frames and finished
    /// at `finishedAt`. Returns whether the graph missed audio between the
    /// previous cycle and this one.
    public mutating func cycle(position: UInt64?, startedAt: UInt64, frames: Int, finishedAt: UInt64) -> Bool {
        defer {
            previousPosition = position ?? 0
            hasPreviousPosition = position != nil
            previousFrames = frames
            previousFinishedAt = finishedAt
            hasPrevious = true
        }
        guard hasPrevious else { return false }
        if previousFinishedAt > startedAt { return true }
        guard let position, hasPreviousPosition else { return false }
        return position &- previousPosition != UInt64(previousFrames)
    }

    /// Forgets the previous cycle, after one the device could not judge (it
    /// had no buffer or no clock): the next cycle is compared with nothing,
    /// so one gap is not counted twice.
    public mutating func forget() { hasPrevious = false }
}
