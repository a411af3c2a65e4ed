import Synchronization

/// One open stream, written once for every backend: it owns the render
/// side of the stream (the render thread and the shared ``RenderLoop`` for
/// a push device, the render entry for a pull device), stopping it, and the
/// fault report when rendering ends by itself. A backend opens its device,
/// negotiates the format, and hands both to a stream:
///
/// - a *push* device (``RenderDevice``: ALSA, PulseAudio, the null device)
///   is written to by the stream's own render thread, a ``RealtimeThread``
///   running ``RenderLoop``;
/// - a *pull* device (``PullRenderDevice``: PipeWire's `pw_stream`) calls
///   the stream's ``PullRenderEntry`` from its own real-time thread each cycle.
///
/// Faults, reported once through `onFault` after rendering stopped:
/// - a stall: ``OutputFault/Kind/stalled``, "<device> stopped consuming
///   audio for N ms" (push) or "<device> has asked for no audio for N ms"
///   (pull), with ``RenderFailure/stalled(milliseconds:)`` as the underlying error;
/// - a push device's failure: ``OutputFault/Kind/deviceLost`` or
///   ``OutputFault/Kind/failed`` by ``RenderFailure/meansDeviceLost``,
///   "<device> failed: <error>";
/// - a pull device's failure: what it reports (``PullRenderEntry/fail(_:message:underlying:)``).
///
/// # Real-time context
/// See ``RenderLoop`` and ``PullRenderEntry``; everything they use is made
/// with the stream.
///
/// Thread context: ``start(rendering:onFault:)`` and ``close()`` on the
/// player's control queue; the properties from any thread.
public final class RenderStream: AudioOutputStream, @unchecked Sendable {
    public let format: OutputFormat
    public let counters: OutputCounters
    public let scheduling: ClickScheduling
    public let keepsRunning: Bool

    private let driver: any RenderStreamDriver
    private let isClosed = Atomic<Bool>(false)
    private let isStarted = Atomic<Bool>(false)

    /// A stream whose render thread runs the shared loop over a push `device` of `format`.
    ///
    /// - Parameters:
    ///   - deviceName: the device in fault messages, such as `ALSA device 'default'`.
    ///   - counters: where the device and the loop count underruns, starts and rewinds.
    ///   - scheduling: how clicks are scheduled (``RenderLoop``).
    ///   - keepsRunning: never stop the device while silent (``RenderLoop/keepsRunning``).
    ///   - fillFrames: the queue depth kept while audio sounds; default the buffer.
    ///   - refillRoomFrames: in rewind mode, the device's wake-up room (``RenderLoop``).
    ///   - safeguardFrames: in rewind mode, how far ahead of the read position a click may go.
    ///   - stallTimeoutNanoseconds: how long a running device may consume
    ///     nothing before the stream faults; at least twice a buffer and a
    ///     period, which healthy progress takes to prove.
    ///   - priority: the render thread's SCHED_FIFO priority, `nil` for normal scheduling.
    ///   - threadName: the render thread's name (``RealtimeThread/renderThreadName``).
    public init<Device: RenderDevice>(device: Device, deviceName: String, format: OutputFormat, counters: OutputCounters,
                                      scheduling: ClickScheduling = .append, keepsRunning: Bool = false,
                                      fillFrames: Int? = nil, refillRoomFrames: Int? = nil, safeguardFrames: Int = 0,
                                      stallTimeoutNanoseconds: UInt64, priority: Int32?,
                                      threadName: String = RealtimeThread.renderThreadName)
    where Device.Failure: RenderFailure {
        self.format = format
        self.counters = counters
        self.scheduling = scheduling
        self.keepsRunning = keepsRunning || scheduling == .append
        let cycle = UInt64(format.bufferFrames + format.periodFrames) * 1_000_000_000 / UInt64(max(1, format.sampleRate))
        driver = PushRenderThread(device: device, deviceName: deviceName, format: format, counters: counters,
                                  scheduling: scheduling, keepsRunning: self.keepsRunning,
                                  fillFrames: fillFrames ?? format.bufferFrames, refillRoomFrames: refillRoomFrames,
                                  safeguardFrames: safeguardFrames,
                                  stallTimeoutNanoseconds: max(stallTimeoutNanoseconds, 2 * cycle),
                                  priority: priority, threadName: threadName)
    }

    /// A stream whose pull `device` calls `entry` from its own real-time
    /// thread; it runs from open to close, so every click is appended.
    public init(pulling device: any PullRenderDevice, entry: PullRenderEntry) {
        precondition(device.format.sampleRate == entry.format.sampleRate && device.format.channels == entry.format.channels,
                     "a pull device grants its entry's rate and channels")
        format = device.format
        counters = entry.counters
        scheduling = .append
        keepsRunning = true
        driver = PullRenderDriver(device: device, entry: entry)
    }

    deinit { close() }

    public var isRealtime: Bool { driver.isRealtime }

    public func start(rendering renderer: OutputRenderer, onFault: @escaping @Sendable (OutputFault) -> Void) throws {
        precondition(renderer.format.sampleRate == format.sampleRate && renderer.format.channels == format.channels,
                     "the renderer's format must match the stream's")
        precondition(!isClosed.load(ordering: .acquiring), "a closed stream cannot start")
        precondition(!isStarted.exchange(true, ordering: .acquiringAndReleasing), "a stream starts once")
        let period = max(1, format.periodFrames)
        // Checkpoints for every queued period, and one for the period being rendered.
        renderer.mixer.prepareHistory(periods: scheduling == .rewind ? format.bufferFrames / period + 1 : 0)
        try driver.start(rendering: renderer, onFault: onFault)
    }

    /// Stops rendering, waits until nothing renders any more, and closes the device. Idempotent.
    public func close() {
        guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        driver.close()
    }
}

/// The render side of a ``RenderStream``: a push device's thread, or a pull device's entry.
///
/// Thread context: the control queue.
protocol RenderStreamDriver: AnyObject, Sendable {
    var isRealtime: Bool { get }
    func start(rendering renderer: OutputRenderer, onFault: @escaping @Sendable (OutputFault) -> Void) throws
    /// Stops rendering and closes the device; called once.
    func close()
}

/// A push device's render thread: it runs a ``RenderLoop`` on a
/// ``RealtimeThread`` until the stream closes, and when the loop ends by
/// itself, reports it once.
///
/// # Real-time context
/// ``run(on:)`` is the loop; the fault is described and reported from
/// ``loopDidEnd(on:)``, after the loop, where allocating is allowed.
///
/// Thread context: made, started and closed on the control queue; the
/// device is used by the render thread alone between start and close.
final class PushRenderThread<Device: RenderDevice>: RenderStreamDriver, RealtimeThreadBody, @unchecked Sendable
where Device.Failure: RenderFailure {
    private let device: Device
    private let deviceName: String
    private let format: OutputFormat
    private let counters: OutputCounters
    private let scheduling: ClickScheduling
    private let keepsRunning: Bool
    private let fillFrames: Int
    private let refillRoomFrames: Int?
    private let safeguardFrames: Int
    private let stallTimeoutNanoseconds: UInt64
    private let priority: Int32?
    private let threadName: String
    private let floatBuffer: UnsafeMutablePointer<Float>
    private let deviceBuffer: UnsafeMutableRawPointer
    private let ownsDeviceBuffer: Bool
    private let thread = Mutex<RealtimeThread?>(nil)
    private let realtime = Atomic<Bool>(false)
    // Set by start before the thread runs; read by the thread.
    private var loop: RenderLoop<Device>?
    private var stop: StopFlag?
    private var onFault: (@Sendable (OutputFault) -> Void)?
    // Written by the loop, read after it on the same thread.
    private var end: RenderLoopEnd<Device.Failure> = .stopRequested

    init(device: Device, deviceName: String, format: OutputFormat, counters: OutputCounters, scheduling: ClickScheduling,
         keepsRunning: Bool, fillFrames: Int, refillRoomFrames: Int?, safeguardFrames: Int,
         stallTimeoutNanoseconds: UInt64, priority: Int32?, threadName: String) {
        self.device = device
        self.deviceName = deviceName
        self.format = format
        self.counters = counters
        self.scheduling = scheduling
        self.keepsRunning = keepsRunning
        self.fillFrames = fillFrames
        self.refillRoomFrames = refillRoomFrames
        self.safeguardFrames = safeguardFrames
        self.stallTimeoutNanoseconds = stallTimeoutNanoseconds
        self.priority = priority
        self.threadName = threadName
        let samples = max(1, format.periodFrames) * format.channels
        floatBuffer = .allocate(capacity: samples)
        floatBuffer.initialize(repeating: 0, count: samples)
        if format.sampleFormat == .float32 {
            deviceBuffer = UnsafeMutableRawPointer(floatBuffer)
            ownsDeviceBuffer = false
        } else {
            let bytes = samples * format.sampleFormat.bytesPerSample
            deviceBuffer = .allocate(byteCount: bytes, alignment: 16)
            deviceBuffer.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
            ownsDeviceBuffer = true
        }
    }

    deinit {
        if ownsDeviceBuffer { deviceBuffer.deallocate() }
        floatBuffer.deallocate()
    }

    var isRealtime: Bool { realtime.load(ordering: .relaxed) }

    func start(rendering renderer: OutputRenderer, onFault: @escaping @Sendable (OutputFault) -> Void) throws {
        device.prepare(for: renderer)
        let stop = StopFlag(wakeup: renderer.mixer.wakeup)
        loop = RenderLoop(device: device, renderer: renderer, scheduling: scheduling, format: format,
                          fillFrames: fillFrames, safeguardFrames: safeguardFrames,
                          stallTimeoutNanoseconds: stallTimeoutNanoseconds, counters: counters, stopRequested: stop,
                          keepsRunning: keepsRunning, refillRoomFrames: refillRoomFrames,
                          floatBuffer: floatBuffer, deviceBuffer: deviceBuffer)
        self.stop = stop
        self.onFault = onFault
        let started = try RealtimeThread.start(name: threadName, priority: priority, body: self)
        realtime.store(started.isRealtime, ordering: .relaxed)
        thread.withLock { $0 = started }
    }

    func close() {
        stop?.request()
        // Taking the thread out breaks the cycle driver → thread → body (the driver).
        let started = thread.withLock { box -> RealtimeThread? in
            defer { box = nil }
            return box
        }
        started?.join()
        device.close()
    }

    func run(on thread: RealtimeThread) {
        guard let loop else { return }
        end = loop.run()
    }

    func loopDidEnd(on thread: RealtimeThread) {
        guard stop?.isRequested == false, let fault = fault(for: end) else { return }
        onFault?(fault)
    }

    /// The fault a loop that ended with `end` reports; `nil` when it was asked to stop.
    private func fault(for end: RenderLoopEnd<Device.Failure>) -> OutputFault? {
        switch end {
        case .stopRequested:
            return nil
        case .stalled:
            let milliseconds = Int(stallTimeoutNanoseconds / 1_000_000)
            return OutputFault(kind: .stalled, message: "\(deviceName) stopped consuming audio for \(milliseconds) ms",
                               underlying: Device.Failure.stalled(milliseconds: milliseconds))
        case .failed(let error):
            return OutputFault(kind: error.meansDeviceLost ? .deviceLost : .failed,
                               message: "\(deviceName) failed: \(error)", underlying: error)
        }
    }
}

/// A pull device's side of a ``RenderStream``: its entry hands the renderer
/// to the device's callback and reports the fault.
///
/// Thread context: the control queue.
final class PullRenderDriver: RenderStreamDriver, @unchecked Sendable {
    private let device: any PullRenderDevice
    private let entry: PullRenderEntry

    init(device: any PullRenderDevice, entry: PullRenderEntry) {
        self.device = device
        self.entry = entry
    }

    var isRealtime: Bool { device.isRealtime }

    func start(rendering renderer: OutputRenderer, onFault: @escaping @Sendable (OutputFault) -> Void) throws {
        try entry.start(rendering: renderer, onFault: onFault)
    }

    func close() {
        entry.close()
        device.close()
    }
}
