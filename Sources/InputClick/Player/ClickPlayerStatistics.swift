/// Counts that describe a ``ClickPlayer``'s life so far, for tools and benchmarks.
///
/// Thread context: a plain value; use it from any thread.
public struct ClickPlayerStatistics: Sendable, Hashable {
    /// Streams opened.
    public var opens: Int
    /// Streams that stopped with a fault.
    public var faults: Int
    /// Underruns recovered, over all streams.
    public var underruns: Int
    /// Suspends recovered, over all streams.
    public var suspends: Int
    /// Clicks the gate let through that found no running stream and were dropped.
    public var droppedClicks: Int
    /// The format of the open stream, or `nil` when none is open.
    public var format: OutputFormat?
    /// Whether the open stream's render thread got real-time scheduling.
    public var isRealtime: Bool

    /// Creates a statistics value.
    ///
    /// Thread context: any thread; it only stores its arguments.
    public init(opens: Int = 0, faults: Int = 0, underruns: Int = 0, suspends: Int = 0, droppedClicks: Int = 0,
                format: OutputFormat? = nil, isRealtime: Bool = false) {
        self.opens = opens
        self.faults = faults
        self.underruns = underruns
        self.suspends = suspends
        self.droppedClicks = droppedClicks
        self.format = format
        self.isRealtime = isRealtime
    }
}
