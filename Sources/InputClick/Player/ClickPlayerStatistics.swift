/// Counts that describe a ``ClickPlayer``'s life so far, over all streams; the stream fields are `nil` when
/// none is open.
public struct ClickPlayerStatistics: Sendable, Hashable {
    public var opens: Int
    /// Streams that stopped with a fault.
    public var faults: Int
    public var underruns: Int
    public var suspends: Int
    /// Clicks the gate let through that were refused (``ClickDecision/noOutput``, ``ClickDecision/deviceLost``).
    public var droppedClicks: Int
    public var format: OutputFormat?
    public var isRealtime: Bool
    public var scheduling: ClickScheduling?
    public var keepsRunning: Bool?
    public var starts: Int
    public var rewinds: Int
    public var queuedBehind: Int
    /// ``OutputCounters/readPositionRewinds`` and ``OutputCounters/overtakenRewinds``, over all streams.
    public var readPositionRewinds: Int
    public var overtakenRewinds: Int
    public var queueFullClicks: Int
    /// Taps answered ``ClickDecision/held``: they came while the stream opened.
    public var heldClicks: Int
    /// Taps answered ``ClickDecision/suspect``: the running device had made no progress for too long.
    public var suspectClicks: Int
    /// Held taps dropped because the stream did not run within ``ClickPlayer/holdLimitNanoseconds`` of them.
    public var heldClicksDropped: Int
    /// Clicks accepted on a stream that failed before writing them (queued at the fault, or in a period the
    /// device refused even after recovering). Audio already in the device's buffer when it died is not counted.
    public var clicksLostWithDevice: Int
    /// Clicks taken more than ``Mixer/staleClickLimitNanoseconds`` after their tap and dropped, not played late.
    public var staleClicksDropped: Int
    /// Opens and closes given up on because the server did not answer in time; each goes on on its own thread.
    public var abandonedDeviceCalls: Int

    public init(opens: Int = 0, faults: Int = 0, underruns: Int = 0, suspends: Int = 0, droppedClicks: Int = 0,
                format: OutputFormat? = nil, isRealtime: Bool = false, scheduling: ClickScheduling? = nil,
                keepsRunning: Bool? = nil,
                starts: Int = 0, rewinds: Int = 0, queuedBehind: Int = 0, queueFullClicks: Int = 0,
                heldClicks: Int = 0, heldClicksDropped: Int = 0, clicksLostWithDevice: Int = 0,
                staleClicksDropped: Int = 0, abandonedDeviceCalls: Int = 0, suspectClicks: Int = 0,
                readPositionRewinds: Int = 0, overtakenRewinds: Int = 0) {
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
        self.readPositionRewinds = readPositionRewinds
        self.overtakenRewinds = overtakenRewinds
        self.queueFullClicks = queueFullClicks
        self.heldClicks = heldClicks
        self.suspectClicks = suspectClicks
        self.heldClicksDropped = heldClicksDropped
        self.clicksLostWithDevice = clicksLostWithDevice
        self.staleClicksDropped = staleClicksDropped
        self.abandonedDeviceCalls = abandonedDeviceCalls
    }
}
