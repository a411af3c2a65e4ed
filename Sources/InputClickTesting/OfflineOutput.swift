import InputClick
import Synchronization

/// An output that tests drive by hand: nothing renders until the test calls
/// ``render(frameCount:at:)``, and faults happen when the test says so.
///
/// It is the in-memory twin of a device. By default it grants whatever is
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
/// Thread context: every member from any thread; state is behind a lock.
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
    ///
    /// Thread context: any thread.
    public init(name: String = "offline", format: OutputFormat? = nil) {
        self.name = name
        self.forcedFormat = format
    }

    // MARK: Faults on demand

    /// Whether opening succeeds. While `false`, opens throw ``OfflineOutputError/unavailable``.
    ///
    /// Thread context: any thread.
    public var isAvailable: Bool {
        get { state.withLock { $0.available } }
        set { state.withLock { $0.available = newValue } }
    }

    /// Makes the next `count` opens throw ``OfflineOutputError/openFailed``.
    ///
    /// Thread context: any thread.
    public func failNextOpens(_ count: Int) {
        state.withLock { $0.failuresToInject = max(0, count) }
    }

    /// Stops the running stream with a fault, as a device that disappears
    /// would. Its `onFault` handler runs on the calling thread. Does nothing if
    /// no stream is rendering.
    ///
    /// Thread context: the thread that plays the render thread.
    public func disconnect(_ kind: OutputFault.Kind = .deviceLost) {
        let handler = state.withLock { state -> (@Sendable (OutputFault) -> Void)? in
            guard state.renderer != nil else { return nil }
            state.renderer = nil
            defer { state.onFault = nil }
            return state.onFault
        }
        handler?(OutputFault(kind: kind, message: "\(name): the offline device was disconnected by the test"))
    }

    // MARK: Observation

    /// Streams opened so far.
    ///
    /// Thread context: any thread.
    public var openCount: Int { state.withLock { $0.opens } }

    /// Streams closed so far.
    ///
    /// Thread context: any thread.
    public var closeCount: Int { state.withLock { $0.closes } }

    /// Whether a stream is open (the device is held).
    ///
    /// Thread context: any thread.
    public var isStreamOpen: Bool { state.withLock { $0.openStream != nil } }

    /// Whether a stream is open and started, so ``render(frameCount:at:)`` produces audio.
    ///
    /// Thread context: any thread.
    public var isRendering: Bool { state.withLock { $0.renderer != nil } }

    /// The request of the most recent open attempt.
    ///
    /// Thread context: any thread.
    public var lastRequest: OutputStreamRequest? { state.withLock { $0.lastRequest } }

    // MARK: Driving

    /// Renders `frameCount` frames through the running stream, one period at a
    /// time, as a device's render thread would, and returns them interleaved.
    /// Each period counts as written at `time` (nanoseconds of the opening
    /// player's clock, ``OutputStreamRequest/clock``; its now if `nil`) with
    /// one period queued after it.
    /// Returns `[]` when no stream is rendering.
    ///
    /// Thread context: one thread at a time, playing the render thread.
    public func render(frameCount: Int, at time: UInt64? = nil) -> [Float] {
        guard let (renderer, clock) = state.withLock({ state in state.renderer.map { ($0, state.clock) } })
        else { return [] }
        let format = renderer.format
        var output = [Float](repeating: 0, count: max(0, frameCount) * format.channels)
        var done = 0
        output.withUnsafeMutableBufferPointer { buffer in
            while done < frameCount {
                let frames = min(format.periodFrames, frameCount - done)
                let start = buffer.baseAddress! + done * format.channels
                renderer.render(into: start, frameCount: frames)
                let now = time ?? clock.now()
                renderer.didWrite(at: now, framesQueuedAfterWrite: format.periodFrames)
                // What it renders is taken at once, like audio a device consumed.
                renderer.heartbeat.consumed(at: now)
                done += frames
            }
        }
        return output
    }

    // MARK: AudioOutput

    /// Opens a stream unless told to fail; see ``isAvailable`` and ``failNextOpens(_:)``.
    ///
    /// Thread context: a control thread.
    public func openStream(_ request: OutputStreamRequest) throws -> any AudioOutputStream {
        let format = forcedFormat ?? OutputFormat(
            sampleRate: request.sampleRate, channels: request.channels,
            sampleFormat: request.sampleFormats.first ?? .float32,
            periodFrames: request.latency.periodFrames(atSampleRate: request.sampleRate),
            bufferFrames: request.latency.periodFrames(atSampleRate: request.sampleRate) * request.latency.periodCount)
        return try state.withLock { state in
            state.lastRequest = request
            state.clock = request.clock
            guard state.available else { throw OfflineOutputError.unavailable(name) }
            if state.failuresToInject > 0 {
                state.failuresToInject -= 1
                throw OfflineOutputError.openFailed(name)
            }
            precondition(state.openStream == nil, "OfflineOutput: a stream is already open; close it first")
            let stream = OfflineOutputStream(output: self, format: format)
            state.openStream = ObjectIdentifier(stream)
            state.opens += 1
            return stream
        }
    }

    fileprivate func started(_ stream: OfflineOutputStream, _ renderer: OutputRenderer,
                             _ onFault: @escaping @Sendable (OutputFault) -> Void) {
        state.withLock { state in
            guard state.openStream == ObjectIdentifier(stream) else { return }
            state.renderer = renderer
            state.onFault = onFault
        }
    }

    fileprivate func closed(_ stream: OfflineOutputStream) {
        state.withLock { state in
            guard state.openStream == ObjectIdentifier(stream) else { return }
            state.openStream = nil
            state.renderer = nil
            state.onFault = nil
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
    var renderer: OutputRenderer?
    var onFault: (@Sendable (OutputFault) -> Void)?
    var lastRequest: OutputStreamRequest?
    /// The clock of the open stream's request.
    var clock = ClickClock.monotonic
}

private final class OfflineOutputStream: AudioOutputStream, @unchecked Sendable {
    let format: OutputFormat
    let counters = OutputCounters()
    let isRealtime = false
    private let output: OfflineOutput
    private let isClosed = Atomic<Bool>(false)

    init(output: OfflineOutput, format: OutputFormat) {
        self.output = output
        self.format = format
    }

    func start(rendering renderer: OutputRenderer, onFault: @escaping @Sendable (OutputFault) -> Void) throws {
        output.started(self, renderer, onFault)
    }

    func close() {
        guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        output.closed(self)
    }
}
