/// Counts that describe a ``ClickPlayer``'s life so far, for tools and benchmarks.
public struct ClickPlayerStatistics: Sendable, Hashable {
    /// Streams opened.
    public var opens: Int
    /// Streams that stopped with a fault.
    public var faults: Int
    /// Underruns recovered, over all streams.
    public var underruns: Int
    /// Suspends recovered, over all streams.
    public var suspends: Int
    /// Clicks the gate let through that found no running stream and were
    /// refused (``ClickDecision/noOutput`` or ``ClickDecision/deviceLost``).
    public var droppedClicks: Int
    /// The format of the open stream, or `nil` when none is open.
    public var format: OutputFormat?
    /// Whether the open stream's render thread got real-time scheduling.
    public var isRealtime: Bool
    /// How the open stream schedules clicks (rewind, on-demand or append),
    /// or `nil` when none is open.
    public var scheduling: ClickScheduling?
    /// Whether the open stream is kept running while open, never stopped
    /// while silent (on PipeWire, so that a tap never re-times the server's
    /// graph), or `nil` when none is open.
    public var keepsRunning: Bool?
    /// Times a stream was started on demand for a click, over all streams.
    public var starts: Int
    /// Clicks (periods of them) inserted by rewind, over all streams.
    public var rewinds: Int
    /// Times clicks waited behind queued audio, over all streams.
    public var queuedBehind: Int
    /// Clicks refused because the open stream's click queue was full (``ClickDecision/queueFull``).
    public var queueFullClicks: Int
    /// Taps answered ``ClickDecision/held`` (they came while the stream was
    /// opening) or ``ClickDecision/suspect`` (its device had made no progress for too long).
    public var heldClicks: Int
    /// Held taps dropped because the stream did not run within
    /// ``ClickPlayer/holdLimitNanoseconds`` of them (or did not open at all).
    public var heldClicksDropped: Int
    /// Clicks accepted on a stream that then failed before writing them
    /// (still queued in its mixer at the fault, or started in a period the
    /// device refused even after recovering from an underrun): lost with the
    /// device, and counted here rather than silently. Audio already written
    /// into the device's buffer when it died is lost too, like any buffered
    /// audio, and is not counted.
    public var clicksLostWithDevice: Int
    /// Clicks a stream's render thread took from its queue more than
    /// ``Mixer/staleClickLimitNanoseconds`` after their tap (the device
    /// stalled, then recovered) and dropped rather than play late.
    public var staleClicksDropped: Int
    /// Opens and closes of the device given up on because its sound server
    /// did not answer in time (``ClickPlayerConfiguration/openTimeoutNanoseconds``,
    /// ``ClickPlayerConfiguration/closeTimeoutNanoseconds``); each goes on
    /// on a thread of its own until the server answers.
    public var abandonedDeviceCalls: Int

    /// Creates a statistics value.
    ///
    /// It only stores its arguments.
    public init(opens: Int = 0, faults: Int = 0, underruns: Int = 0, suspends: Int = 0, droppedClicks: Int = 0,
                format: OutputFormat? = nil, isRealtime: Bool = false, scheduling: ClickScheduling? = nil,
                keepsRunning: Bool? = nil,
                starts: Int = 0, rewinds: Int = 0, queuedBehind: Int = 0, queueFullClicks: Int = 0,
                heldClicks: Int = 0, heldClicksDropped: Int = 0, clicksLostWithDevice: Int = 0,
                staleClicksDropped: Int = 0, abandonedDeviceCalls: Int = 0) {
        self.opens = opens
        self.faults = faults
        self.underruns = underruns
        self.suspends = suspends
        self.droppedClicks = droppedClicks
        self.format = format
        self.isRealtime = isRealtime
        self.scheduling = scheduling
        self.keepsRunning = keepsRunning
        self.starts = starts
        self.rewinds = rewinds
        self.queuedBehind = queuedBehind
        self.queueFullClicks = queueFullClicks
        self.heldClicks = heldClicks
        self.heldClicksDropped = heldClicksDropped
        self.clicksLostWithDevice = clicksLostWithDevice
        self.staleClicksDropped = staleClicksDropped
        self.abandonedDeviceCalls = abandonedDeviceCalls
    }
}
