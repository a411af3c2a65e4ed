/// Tells whether a pull device's graph played every cycle a stream rendered, from where the graph's clock
/// stood (frames) and when each cycle began (the device's clock). A late callback on a loaded machine makes
/// the graph play a cycle without the stream's audio, and nothing in the API says so. Each is a gap:
/// - the clock moved further than the previous cycle's frames (a cycle without calling the stream);
/// - the clock moved less (called twice for one cycle: one buffer is not played);
/// - the previous cycle finished after this one began (too late; the converter drops a cycle's audio).
///
/// The device counts each cycle after a gap as one underrun, so a click lost to it is counted. A move to
/// another driver counts one gap too. A plain value kept by the device's real-time thread (real-time safe).
public struct PullCycleContinuity: Sendable {
    private var previousPosition: UInt64 = 0
    private var previousFrames = 0
    private var previousFinishedAt: UInt64 = 0
    private var hasPrevious = false
    private var hasPreviousPosition = false

    public init() {}

    /// Notes one cycle that began at `startedAt` with the graph's clock at `position` (`nil` when it counts at
    /// another rate), gave `frames` frames and finished at `finishedAt`. Returns whether audio was missed since
    /// the previous cycle.
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

    /// Forgets the previous cycle after one the device could not judge (no buffer or clock), so one gap is not
    /// counted twice.
    public mutating func forget() { hasPrevious = false }
}
