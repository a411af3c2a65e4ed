import InputClick
import InputClickReports

/// What `inputclick tap` counted, and its two ways of printing the stats.
struct TapTally {
    /// Lines read.
    var lines = 0
    /// Clicks the gate let through and the player queued.
    var played = 0
    /// Clicks refused because no stream was running at that moment.
    var dropped = 0
    /// Lines with a word that is not a click kind.
    var unknown = 0

    /// The human-readable stats.
    func text(device: String, statistics: ClickPlayerStatistics, report: LatencyReport) -> String {
        var lines = ["clicks: \(played) played, \(dropped) dropped, \(unknown) unknown lines"]
        if let format = statistics.format {
            lines.append("device: \(device): \(format)")
        }
        if let scheduling = statistics.scheduling {
            lines.append("scheduling: \(scheduling)")
        }
        lines.append("starts on demand: \(statistics.starts), rewinds: \(statistics.rewinds), "
            + "clicks queued behind audio: \(statistics.queuedBehind)")
        lines.append("underruns: \(statistics.underruns), suspends: \(statistics.suspends), "
            + "real-time scheduling: \(statistics.isRealtime ? "yes" : "no")")
        lines.append("device faults: \(statistics.faults); played clicks lost: \(statistics.clicksLostWithDevice) with the device, "
            + "\(statistics.staleClicksDropped) too late, \(statistics.heldClicksDropped) held too long")
        if report.toWrite.count < played {
            lines.append("latency below: the last \(report.toWrite.count) of the \(played) clicks played (the recorder keeps that many)")
        }
        lines.append(report.description)
        return lines.joined(separator: "\n")
    }

    /// The stats as one JSON line (see ``jsonLine(_:)``); times in milliseconds.
    func json(device: String, statistics: ClickPlayerStatistics, report: LatencyReport) throws -> String {
        try jsonLine(TapReport(device: device, tally: self, statistics: statistics, report: report))
    }
}

/// What `inputclick tap --json` prints.
private struct TapReport: Encodable {
    struct Format: Encodable {
        var sampleRate: Int
        var channels: Int
        var sampleFormat: String
        var periodFrames: Int
        var bufferFrames: Int
    }
    var device: String
    var played: Int
    var dropped: Int
    var unknown: Int
    var format: Format?
    var underruns: Int
    var suspends: Int
    var realtime: Bool
    var scheduling: String?
    var starts: Int
    var rewinds: Int
    var queuedBehind: Int
    var faults: Int
    var clicksLostWithDevice: Int
    var staleClicksDropped: Int
    var heldClicksDropped: Int
    var milliseconds: LatencyReportMilliseconds

    init(device: String, tally: TapTally, statistics: ClickPlayerStatistics, report: LatencyReport) {
        self.device = device
        played = tally.played
        dropped = tally.dropped
        unknown = tally.unknown
        format = statistics.format.map {
            Format(sampleRate: $0.sampleRate, channels: $0.channels, sampleFormat: "\($0.sampleFormat)",
                   periodFrames: $0.periodFrames, bufferFrames: $0.bufferFrames)
        }
        underruns = statistics.underruns
        suspends = statistics.suspends
        realtime = statistics.isRealtime
        scheduling = statistics.scheduling.map { "\($0)" }
        starts = statistics.starts
        rewinds = statistics.rewinds
        queuedBehind = statistics.queuedBehind
        faults = statistics.faults
        clicksLostWithDevice = statistics.clicksLostWithDevice
        staleClicksDropped = statistics.staleClicksDropped
        heldClicksDropped = statistics.heldClicksDropped
        milliseconds = LatencyReportMilliseconds(report)
    }

    /// Writes `format` and `scheduling` as `null` when absent, as before.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(device, forKey: .device)
        try container.encode(played, forKey: .played)
        try container.encode(dropped, forKey: .dropped)
        try container.encode(unknown, forKey: .unknown)
        try container.encode(format, forKey: .format)
        try container.encode(underruns, forKey: .underruns)
        try container.encode(suspends, forKey: .suspends)
        try container.encode(realtime, forKey: .realtime)
        try container.encode(scheduling, forKey: .scheduling)
        try container.encode(starts, forKey: .starts)
        try container.encode(rewinds, forKey: .rewinds)
        try container.encode(queuedBehind, forKey: .queuedBehind)
        try container.encode(faults, forKey: .faults)
        try container.encode(clicksLostWithDevice, forKey: .clicksLostWithDevice)
        try container.encode(staleClicksDropped, forKey: .staleClicksDropped)
        try container.encode(heldClicksDropped, forKey: .heldClicksDropped)
        try container.encode(milliseconds, forKey: .milliseconds)
    }
    private enum CodingKeys: String, CodingKey {
        case device, played, dropped, unknown, format, underruns, suspends, realtime, scheduling
        case starts, rewinds, queuedBehind, faults, clicksLostWithDevice, staleClicksDropped, heldClicksDropped
        case milliseconds
    }
}
