/// An output with no device: the shared render loop (``RenderStream``)
/// writes to a device that plays at real-time pace and discards what it
/// plays (``NullRenderDevice``).
///
/// It always opens, at exactly the requested rate, channels and sizes (first
/// sample format of the request). Use it where there is no sound card but
/// clicks should still be rendered and timed, and as the always-available
/// double of a real device.
public final class NullOutput: AudioOutput {
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
    public init(priority: Int32? = RealtimeThread.defaultPriority,
                threadName: String = RealtimeThread.renderThreadName) {
        self.priority = priority
        self.threadName = threadName
    }

    /// Opens a stream whose device plays at the clock's pace; it appends
    /// every click (``ClickScheduling/append``).
    public func openStream(_ request: OutputStreamRequest) throws -> any AudioOutputStream {
        let period = request.latency.periodFrames(atSampleRate: request.sampleRate)
        let format = OutputFormat(sampleRate: request.sampleRate, channels: request.channels,
                                  sampleFormat: request.sampleFormats.first ?? .float32,
                                  periodFrames: period, bufferFrames: period * request.latency.periodCount)
        return RenderStream(device: NullRenderDevice(format: format, clock: request.clock), deviceName: "the null device", format: format,
                            counters: OutputCounters(), scheduling: .append,
                            stallTimeoutNanoseconds: LivenessPolicy.standard.stallTimeoutNanoseconds,
                            priority: priority, threadName: threadName)
    }
}
