/// What a ``RenderLoop`` needs of a *push* device, one the render thread
/// writes to: a thin, typed skin over one backend's PCM calls (cubeb keeps
/// its backends this thin), so that the loop that renders, converts, writes,
/// starts, stops and rewinds is written once for every backend, and the
/// stream that runs it (``RenderStream``: the thread, stopping, fault
/// reports) too. A backend is this device plus its opening and format
/// negotiation.
///
/// Frames are counted per channel set (one frame is one sample for each
/// channel). A method that returns `nil` reports that the device had an
/// underrun or was suspended and has been recovered: it is now stopped and
/// empty, and must be started again after it is filled.
///
/// # Real-time context
/// Every method is called on the render thread and must allocate nothing,
/// take no lock of the conformer's own and never block, except
/// ``wait(forRoom:wakeup:timeoutMilliseconds:)``, which blocks in `poll`.
/// Starting, stopping and recovering may take the backend library's own
/// locks (alsa-lib's jack plugin does); the real-time check reports those
/// apart. ``prepare(for:)`` and ``close()`` run on a control thread, before
/// the render thread starts and after it stopped.
public protocol RenderDevice {
    /// The backend's error.
    associatedtype Failure: Error

    /// Gets ready to render for `renderer` (for example, watches its mixer's
    /// wake-up), on the control thread, before the render thread starts.
    /// Default: nothing.
    func prepare(for renderer: OutputRenderer)

    /// Releases the device: called once, on the control thread, after the
    /// render thread stopped (or when it never started). Default: nothing.
    func close()

    /// The clock the loop paces by, times latencies with and detects stalls
    /// by, in nanoseconds: the stream request's ``ClickClock`` (real time
    /// unless a test simulates it).
    var now: UInt64 { get }

    /// Frames that can be written now, after bringing the device's read
    /// position up to date; `nil` after a recovery.
    func availableFrames() throws(Failure) -> Int?

    /// Writes up to `frames` interleaved frames in the device's sample
    /// format without blocking. Returns how many were taken (0 if none fit
    /// now), or `nil` after a recovery.
    func write(_ buffer: UnsafeRawPointer, frames: Int) throws(Failure) -> Int?

    /// Frames queued ahead of the next one written, or `nil` if the device
    /// cannot say now.
    func queuedFrames() -> Int?

    /// Starts playing what is queued.
    func start() throws(Failure)

    /// Stops at once, dropping what is queued, and makes the device ready
    /// to be filled and started again.
    func stop() throws(Failure)

    /// Frames that ``rewind(_:)`` can take back now: 0 where the device's
    /// rewind is not to be trusted.
    func rewindableFrames() -> Int

    /// Takes back up to `frames` of the frames last written; returns how
    /// many it took back.
    func rewind(_ frames: Int) -> Int

    /// Moves forward over up to `frames` frames taken back by a rewind,
    /// keeping what was written there; returns how many.
    func forward(_ frames: Int) -> Int

    /// Blocks until the device has room for its wake-up threshold (only if
    /// `forRoom`), `wakeup` is readable, or `timeoutMilliseconds` pass
    /// (negative: no limit). Returns `nil` after a recovery.
    func wait(forRoom: Bool, wakeup: Int32, timeoutMilliseconds: Int32) throws(Failure) -> RenderDeviceWait?
}

extension RenderDevice {
    /// Does nothing.
    public func prepare(for renderer: OutputRenderer) {}
    /// Does nothing.
    public func close() {}
}

/// Why ``RenderDevice/wait(forRoom:wakeup:timeoutMilliseconds:)`` returned.
public enum RenderDeviceWait: Sendable, Hashable {
    case room
    /// The wake-up descriptor was signalled (a tap, a control message, a stop).
    case woken
    /// The time limit passed.
    case timedOut
}
