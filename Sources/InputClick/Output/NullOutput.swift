/// An output with no device: ``RenderStream`` writes to a ``NullRenderDevice``, which plays at real-time
/// pace and discards. It always opens, at exactly the requested rate, channels and sizes (and the first
/// sample format), appending every click: for machines with no sound card, and as a real device's double.
public final class NullOutput: AudioOutput {
    public let name = "null"
    private let priority: Int32?
    private let threadName: String

    /// - Parameters:
    ///   - priority: the render thread's SCHED_FIFO priority; `nil` for normal scheduling.
    ///   - threadName: at most 15 bytes; give each player its own when threads must be told apart (`top -H`).
    public init(priority: Int32? = RealtimeThread.defaultPriority,
                threadName: String = RealtimeThread.renderThreadName) {
        self.priority = priority
        self.threadName = threadName
    }

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
