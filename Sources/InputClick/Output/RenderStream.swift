import Synchronization

/// One open stream for every backend: it owns the render side (a ``RealtimeThread`` running ``RenderLoop``
/// over a push ``RenderDevice``, or the ``PullRenderEntry`` a ``PullRenderDevice`` calls from its own
/// real-time thread), stopping it, and the one fault report. See README, *One stream, many devices*.
///
/// Faults, reported once through `onFault` after rendering stopped:
/// - a stall: ``OutputFault/Kind/stalled``, "<device> stopped consuming audio for N ms" (push) or
///   "<device> has asked for no audio for N ms" (pull), underlying ``RenderFailure/stalled(milliseconds:)``;
/// - a push device's failure: ``OutputFault/Kind/deviceLost`` or ``OutputFault/Kind/failed`` by
///   ``RenderFailure/meansDeviceLost``, "<device> failed: <error>";
/// - a pull device's failure: what it reports (``PullRenderEntry/fail(_:message:underlying:)``).
public final class RenderStream: AudioOutputStream, @unchecked Sendable {
    public let format: OutputFormat
    public let counters: OutputCounters
    public let scheduling: ClickScheduling
    public let keepsRunning: Bool

    private let driver: any RenderStreamDriver
    private let isClosed = Atomic<Bool>(false)
    private let isStarted = Atomic<Bool>(false)

    /// A stream whose render thread runs the shared loop over a push `device`.
    ///
    /// - Parameters:
    ///   - deviceName: the device in fault messages, such as `ALSA device 'default'`.
    ///   - fillFrames: default the buffer; it, `refillRoomFrames` and `safeguardFrames` are ``RenderLoop``'s.
    ///   - stallTimeoutNanoseconds: raised to at least twice a buffer and a period, which progress takes to prove.
    ///   - priority: the render thread's SCHED_FIFO priority, `nil` for normal scheduling.
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

    /// A stream whose pull `device` calls `entry`; it runs from open to close, so every click is appended.
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

    public func close() {
        guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        driver.close()
    }
}

/// The render side of a ``RenderStream``, used on the control queue.
protocol RenderStreamDriver: AnyObject, Sendable {
    var isRealtime: Bool { get }
    func start(rendering renderer: OutputRenderer, onFault: @escaping @Sendable (OutputFault) -> Void) throws
    func close()
}

/// A push device's render thread: runs a ``RenderLoop`` until the stream closes and reports a loop that
/// ended by itself, from ``loopDidEnd(on:)``, after the loop, where allocating is allowed. Between start and
/// close only the render thread uses the device.
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
