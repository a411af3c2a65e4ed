import Dispatch
import InputClick
import Synchronization

/// An output that tests drive by hand: nothing renders until the test calls
/// ``render(frameCount:at:)``, and faults happen when the test says so.
///
/// It is the in-memory twin of a device, run by the same stream as every
/// backend (``RenderStream``): the real render loop writes to it on a thread
/// of its own (named `ic-offline`), in simulated time, and it plays what
/// the test asks for (``OfflineRenderDevice``). By default it grants whatever is
/// requested; pass a fixed format to play a device that forces its own rate,
/// channels or sizes. Make it unavailable, fail a number of opens, or
/// ``disconnect(_:)`` the running stream to exercise a player's fault handling.
///
/// ```swift
/// let output = OfflineOutput()
/// let player = ClickPlayer(output: output, sounds: provider)
/// // … show a keyboard, tap …
/// let audio = output.render(frameCount: 480)   // interleaved floats
/// ```
///
/// Thread context: state is behind a lock.
/// ``render(frameCount:at:)`` plays the render thread's role, so call it from
/// one thread at a time.
public final class OfflineOutput: AudioOutput {
    /// The name given at creation; `offline` by default.
    public let name: String
    private let forcedFormat: OutputFormat?
    private let state = Mutex(OfflineOutputState())

    /// Creates an offline output.
    ///
    /// - Parameters:
    ///   - name: The device name it reports.
    ///   - format: A format every stream gets whatever the request says, as a
    ///     device with a fixed rate would; `nil` grants the request.
    public init(name: String = "offline", format: OutputFormat? = nil) {
        self.name = name
        self.forcedFormat = format
    }

    // MARK: Faults on demand

    /// Whether opening succeeds. While `false`, opens throw ``OfflineOutputError/unavailable``.
    public var isAvailable: Bool {
        get { state.withLock { $0.available } }
        set { state.withLock { $0.available = newValue } }
    }

    /// Makes the next `count` opens throw ``OfflineOutputError/openFailed``.
    public func failNextOpens(_ count: Int) {
        state.withLock { $0.failuresToInject = max(0, count) }
    }

    /// Stops the running stream with a fault, as a device that disappears
    /// would: its render loop fails at its next call to the device (or, for
    /// ``OutputFault/Kind/stalled``, sees the device make no progress), and
    /// the stream reports the fault. Returns once its `onFault` handler has
    /// run. Does nothing if no stream is rendering.
    ///
    /// Thread context: the thread that drives the output.
    public func disconnect(_ kind: OutputFault.Kind = .deviceLost) {
        let stream = state.withLock { state -> OfflineOutputStream? in
            defer { state.rendering = nil }
            return state.rendering
        }
        stream?.disconnect(kind)
    }

    // MARK: Observation

    /// Streams opened so far.
    public var openCount: Int { state.withLock { $0.opens } }

    /// Streams closed so far.
    public var closeCount: Int { state.withLock { $0.closes } }

    /// Whether a stream is open (the device is held).
    public var isStreamOpen: Bool { state.withLock { $0.openStream != nil } }

    /// Whether a stream is open and started, so ``render(frameCount:at:)`` produces audio.
    public var isRendering: Bool { state.withLock { $0.rendering != nil } }

    /// The request of the most recent open attempt.
    public var lastRequest: OutputStreamRequest? { state.withLock { $0.lastRequest } }

    // MARK: Driving

    /// Renders `frameCount` frames through the running stream and returns
    /// them interleaved, as floats: the render loop writes them in periods
    /// of 16 frames (at most; a divisor of the format's period) as the
    /// device asks for them, and what it wrote beyond `frameCount` is
    /// returned first by the next call. The device's clock reads `time`
    /// (nanoseconds of the opening player's clock, ``OutputStreamRequest/clock``;
    /// its now if `nil`) when the call
    /// begins, unless an earlier call left it later, and advances by each
    /// frame played; each period counts as written at the clock's reading.
    /// Returns `[]` when no stream is rendering.
    public func render(frameCount: Int, at time: UInt64? = nil) -> [Float] {
        guard let stream = state.withLock({ $0.rendering }) else { return [] }
        return stream.device.play(frameCount: frameCount, at: time)
    }

    // MARK: AudioOutput

    /// Opens a stream unless told to fail; see ``isAvailable`` and ``failNextOpens(_:)``.
    public func openStream(_ request: OutputStreamRequest) throws -> any AudioOutputStream {
        let format = forcedFormat ?? OutputFormat(
            sampleRate: request.sampleRate, channels: request.channels,
            sampleFormat: request.sampleFormats.first ?? .float32,
            periodFrames: request.latency.periodFrames(atSampleRate: request.sampleRate),
            bufferFrames: request.latency.periodFrames(atSampleRate: request.sampleRate) * request.latency.periodCount)
        return try state.withLock { state in
            state.lastRequest = request
            guard state.available else { throw OfflineOutputError.unavailable(name) }
            if state.failuresToInject > 0 {
                state.failuresToInject -= 1
                throw OfflineOutputError.openFailed(name)
            }
            precondition(state.openStream == nil, "OfflineOutput: a stream is already open; close it first")
            let stream = try OfflineOutputStream(output: self, format: format, clock: request.clock)
            state.openStream = ObjectIdentifier(stream)
            state.opens += 1
            return stream
        }
    }

    fileprivate func started(_ stream: OfflineOutputStream) {
        state.withLock { state in
            guard state.openStream == ObjectIdentifier(stream) else { return }
            state.rendering = stream
        }
    }

    fileprivate func closed(_ stream: OfflineOutputStream) {
        state.withLock { state in
            guard state.openStream == ObjectIdentifier(stream) else { return }
            state.openStream = nil
            state.rendering = nil
            state.closes += 1
        }
    }
}

/// Why an ``OfflineOutput`` refused to open.
public enum OfflineOutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The output was made unavailable (``OfflineOutput/isAvailable``).
    case unavailable(String)
    /// The test asked for this open to fail (``OfflineOutput/failNextOpens(_:)``).
    case openFailed(String)

    /// Names the device and the problem.
    public var description: String {
        switch self {
        case .unavailable(let name): return "\(name): no such device (the offline device is unavailable)"
        case .openFailed(let name): return "\(name): the device could not be opened (failure injected by the test)"
        }
    }
}

private struct OfflineOutputState: @unchecked Sendable {
    var available = true
    var failuresToInject = 0
    var opens = 0
    var closes = 0
    var openStream: ObjectIdentifier?
    var rendering: OfflineOutputStream?
    var lastRequest: OutputStreamRequest?
}

/// A ``RenderStream`` over an ``OfflineRenderDevice``, with the output's bookkeeping.
private final class OfflineOutputStream: AudioOutputStream, @unchecked Sendable {
    let device: OfflineRenderDevice
    private let stream: RenderStream
    private let output: OfflineOutput
    private let isClosed = Atomic<Bool>(false)
    /// Signalled once the stream's fault was reported.
    private let faultReported = DispatchSemaphore(value: 0)

    let format: OutputFormat

    init(output: OfflineOutput, format: OutputFormat, clock: ClickClock) throws {
        self.output = output
        self.format = format
        // The loop writes periods of at most 16 frames (a divisor of the
        // format's), so that a test renders any multiple of 16 frames exactly.
        var period = 16
        while format.periodFrames % period != 0 { period /= 2 }
        let written = OutputFormat(sampleRate: format.sampleRate, channels: format.channels, sampleFormat: format.sampleFormat,
                                   periodFrames: period, bufferFrames: max(2 * period, format.bufferFrames))
        device = try OfflineRenderDevice(format: written, clock: clock)
        stream = RenderStream(device: device, deviceName: output.name, format: written, counters: OutputCounters(),
                              scheduling: .append, stallTimeoutNanoseconds: LivenessPolicy.standard.stallTimeoutNanoseconds,
                              priority: nil, threadName: "ic-offline")
    }

    var counters: OutputCounters { stream.counters }
    var scheduling: ClickScheduling { stream.scheduling }
    var keepsRunning: Bool { stream.keepsRunning }
    var isRealtime: Bool { stream.isRealtime }

    func start(rendering renderer: OutputRenderer, onFault: @escaping @Sendable (OutputFault) -> Void) throws {
        let reported = faultReported
        try stream.start(rendering: renderer) { fault in
            onFault(fault)
            reported.signal()
        }
        output.started(self)
    }

    /// Fails the device with `kind` and waits until the fault was reported.
    func disconnect(_ kind: OutputFault.Kind) {
        device.disconnect(kind)
        _ = faultReported.wait(timeout: .now() + .seconds(30))
    }

    func close() {
        guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        stream.close()
        output.closed(self)
    }
}
