#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// An output with no device: a render thread consumes audio at real-time
/// pace, one period per period time, and discards it.
///
/// It always opens, at exactly the requested rate, channels and sizes (first
/// sample format of the request). Use it where there is no sound card but
/// clicks should still be rendered and timed, and as the always-available
/// double of a real device.
///
/// Thread context: every member from any thread; see ``AudioOutput``.
public final class NullOutput: AudioOutput {
    /// `null`.
    public let name = "null"
    private let priority: Int32?
    private let threadName: String

    /// Creates a null output.
    ///
    /// - Parameters:
    ///   - priority: The SCHED_FIFO priority its render thread asks for;
    ///     `nil` for normal scheduling.
    ///   - threadName: Its render thread's name, at most 15 bytes. Give each
    ///     player its own name when a process runs several and something
    ///     (a test, `top -H`) must tell their threads apart.
    ///
    /// Thread context: any thread.
    public init(priority: Int32? = RealtimeThread.defaultPriority,
                threadName: String = RealtimeThread.renderThreadName) {
        self.priority = priority
        self.threadName = threadName
    }

    /// Opens a stream that paces itself with the clock.
    ///
    /// Thread context: a control thread.
    public func openStream(_ request: OutputStreamRequest) throws -> any AudioOutputStream {
        let period = request.latency.periodFrames(atSampleRate: request.sampleRate)
        let format = OutputFormat(sampleRate: request.sampleRate, channels: request.channels,
                                  sampleFormat: request.sampleFormats.first ?? .float32,
                                  periodFrames: period, bufferFrames: period * request.latency.periodCount)
        return NullOutputStream(format: format, priority: priority, threadName: threadName)
    }
}

/// The stream a ``NullOutput`` opens.
final class NullOutputStream: AudioOutputStream, RealtimeThreadBody, @unchecked Sendable {
    let format: OutputFormat
    let counters = OutputCounters()
    private let priority: Int32?
    private let threadName: String
    private let stopRequested = Atomic<Bool>(false)
    private let threadBox = Mutex<RealtimeThread?>(nil)
    private let realtime = Atomic<Bool>(false)
    private var renderer: OutputRenderer?
    private let buffer: UnsafeMutablePointer<Float>

    init(format: OutputFormat, priority: Int32?, threadName: String) {
        self.format = format
        self.priority = priority
        self.threadName = threadName
        buffer = .allocate(capacity: format.periodFrames * format.channels)
        buffer.initialize(repeating: 0, count: format.periodFrames * format.channels)
    }

    deinit { buffer.deallocate() }

    var isRealtime: Bool { realtime.load(ordering: .relaxed) }

    func start(rendering renderer: OutputRenderer, onFault: @escaping @Sendable (OutputFault) -> Void) throws {
        precondition(renderer.format.sampleRate == format.sampleRate && renderer.format.channels == format.channels)
        self.renderer = renderer
        let thread = try RealtimeThread.start(name: threadName, priority: priority, body: self)
        realtime.store(thread.isRealtime, ordering: .relaxed)
        threadBox.withLock { $0 = thread }
    }

    func run(on thread: RealtimeThread) {
        guard let renderer else { return }
        let periodNanos = Int(Double(format.periodFrames) * 1e9 / Double(format.sampleRate))
        var next = timespec()
        clock_gettime(CLOCK_MONOTONIC, &next)
        while !stopRequested.load(ordering: .acquiring) {
            renderer.render(into: buffer, frameCount: format.periodFrames)
            let now = MonotonicClock.now()
            renderer.didWrite(at: now, framesQueuedAfterWrite: format.periodFrames)
            // The null device consumes every period it is given.
            renderer.heartbeat.consumed(at: now)
            next.tv_nsec += periodNanos
            while next.tv_nsec >= 1_000_000_000 {
                next.tv_nsec -= 1_000_000_000
                next.tv_sec += 1
            }
            while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, nil) == EINTR {}
        }
    }

    func close() {
        stopRequested.store(true, ordering: .releasing)
        let thread = threadBox.withLock { box -> RealtimeThread? in
            defer { box = nil }
            return box
        }
        thread?.join()
    }
}
