/// What a ``RenderLoop`` needs of a *push* device: a thin, typed skin over one backend's PCM calls, so that
/// the loop and ``RenderStream`` are written once for every backend. Frames count channel sets. A method
/// that returns `nil` reports an underrun or suspend that was recovered: the device is stopped and empty,
/// to be filled and started again.
///
/// # Real-time context
/// Every method runs on the render thread and must allocate nothing, take no lock of the conformer's own and
/// never block, except ``wait(forRoom:wakeup:timeoutMilliseconds:)`` (in `poll`). Starting, stopping and
/// recovering may take the backend library's own locks (alsa-lib's jack plugin does). ``prepare(for:)`` and
/// ``close()`` run on a control thread, before the render thread starts and after it stopped.
public protocol RenderDevice {
    associatedtype Failure: Error

    /// Gets ready to render for `renderer` (for example, watches its mixer's wake-up). Default: nothing.
    func prepare(for renderer: OutputRenderer)

    /// Releases the device, once, after the render thread stopped or if it never started. Default: nothing.
    func close()

    /// The loop's clock for pacing, latencies and stalls, in nanoseconds: the request's ``ClickClock``.
    var now: UInt64 { get }

    /// Frames writable now, after bringing the read position up to date.
    func availableFrames() throws(Failure) -> Int?

    /// Writes up to `frames` interleaved frames in the device's format without blocking; returns how many were
    /// taken (0 if none fit now).
    func write(_ buffer: UnsafeRawPointer, frames: Int) throws(Failure) -> Int?

    /// Frames queued ahead of the next one written; `nil` if the device cannot say now.
    func queuedFrames() -> Int?

    func start() throws(Failure)

    /// Stops at once, dropping what is queued, ready to be filled and started again.
    func stop() throws(Failure)

    /// Frames ``rewind(_:)`` can take back now: 0 where the device's rewind is not to be trusted.
    func rewindableFrames() -> Int

    /// Takes back up to `frames` of the frames last written; returns how many.
    func rewind(_ frames: Int) -> Int

    /// Moves forward over up to `frames` frames taken back, keeping what was written there; returns how many.
    func forward(_ frames: Int) -> Int

    /// Frames the device takes at once, a whole cycle at the start of each (a sound server's plugin copying out
    /// of the buffer in the server's thread), when it does and the loop may learn when: see ``TransferCycle``.
    /// A device that says so promises two things the loop relies on to write at the read position: its read
    /// position moves only when it takes a cycle, and a wait it ends with ``RenderDeviceWait/room`` after
    /// sleeping was ended by its signal right after taking one. `nil` (the default) for any other device, such
    /// as a card's DMA or a plugin that sends writes on at once.
    var transferCycleFrames: Int? { get }

    /// Blocks until the device has room for its wake-up threshold (only if `forRoom`), `wakeup` is readable, or
    /// `timeoutMilliseconds` pass (negative: no limit).
    func wait(forRoom: Bool, wakeup: Int32, timeoutMilliseconds: Int32) throws(Failure) -> RenderDeviceWait?
}

extension RenderDevice {
    public func prepare(for renderer: OutputRenderer) {}
    public func close() {}
    public var transferCycleFrames: Int? { nil }
}

/// Why ``RenderDevice/wait(forRoom:wakeup:timeoutMilliseconds:)`` returned.
public enum RenderDeviceWait: Sendable, Hashable {
    case room
    /// The wake-up descriptor was signalled (a tap, a control message, a stop).
    case woken
    case timedOut
}
