import Dispatch
import InputClick
import Synchronization

/// An output that tests drive by hand: nothing renders until ``render(frameCount:at:)``, and faults
/// happen when the test says so. The shared ``RenderStream`` runs its real loop over an
/// ``OfflineRenderDevice`` on a thread `ic-offline`, in simulated time. It grants any request unless
/// given a fixed format; it can be made unavailable, fail opens, or ``disconnect(_:)`` the stream.
///
/// ```swift
/// let output = OfflineOutput()
/// let player = ClickPlayer(output: output, sounds: provider)
/// // … show a keyboard, tap …
/// let audio = output.render(frameCount: 480)   // interleaved floats
/// ```
///
/// Thread context: state is behind a lock; ``render(frameCount:at:)`` plays the render thread's role,
/// so one thread at a time.
public final class OfflineOutput: AudioOutput {
    /// `offline` by default.
    public let name: String
    private let forcedFormat: OutputFormat?
    private let state = Mutex(OfflineOutputState())

    /// - Parameter format: Granted to every stream whatever it asks, as a fixed-rate device; `nil` grants the request.
    public init(name: String = "offline", format: OutputFormat? = nil) {
        self.name = name
        self.forcedFormat = format
    }

    // MARK: Faults on demand

    /// While `false`, opens throw ``OfflineOutputError/unavailable``.
    public var isAvailable: Bool {
        get { state.withLock { $0.available } }
        set { state.withLock { $0.available = newValue } }
    }

    public func failNextOpens(_ count: Int) {
        state.withLock { $0.failuresToInject = max(0, count) }
    }

    /// Stops the running stream with a fault, as a vanishing device would (for ``OutputFault/Kind/stalled``,
    /// by making no progress); returns once its `onFault` handler ran. Does nothing if nothing renders.
    public func disconnect(_ kind: OutputFault.Kind = .deviceLost) {
        let stream = state.withLock { state -> OfflineOutputStream? in
            defer { state.rendering = nil }
            return state.rendering
        }
        stream?.disconnect(kind)
    }

    // MARK: Observation

    public var openCount: Int { state.withLock { $0.opens } }

    public var closeCount: Int { state.withLock { $0.closes } }

    /// The device is held.
    public var isStreamOpen: Bool { state.withLock { $0.openStream != nil } }

    /// ``render(frameCount:at:)`` produces audio.
    public var isRendering: Bool { state.withLock { $0.rendering != nil } }

    public var lastRequest: OutputStreamRequest? { state.withLock { $0.lastRequest } }

    // MARK: Driving

    /// Renders `frameCount` frames through the running stream, interleaved; `[]` when nothing renders. The
    /// loop writes periods of at most 16 frames, and any excess is returned first next call. The device
    /// clock reads `time` (on ``OutputStreamRequest/clock``; its now if `nil`) when the call begins, unless
    /// an earlier call left it later, and advances with each frame played. After a call the device makes no
    /// progress until the next: once the player's clock passes its suspect limit (``LivenessPolicy``), taps are suspect.
    public func render(frameCount: Int, at time: UInt64? = nil) -> [Float] {
        guard let stream = state.withLock({ $0.rendering }) else { return [] }
        return stream.device.play(frameCount: frameCount, at: time)
    }

    // MARK: AudioOutput

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

public enum OfflineOutputError: Error, Sendable, Hashable, CustomStringConvertible {
    case unavailable(String)
    case openFailed(String)

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

private final class OfflineOutputStream: AudioOutputStream, @unchecked Sendable {
    let device: OfflineRenderDevice
    private let stream: RenderStream
    private let output: OfflineOutput
    private let isClosed = Atomic<Bool>(false)
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

    /// Waits until the fault was reported.
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
