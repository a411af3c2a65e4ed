import InputClick
import InputClickReports

/// What `inputclick tap` counted, printed as text or JSON.
struct TapTally {
    var lines = 0
    /// Lines with a word that is not a click kind.
    var unknown = 0
    /// By the gate's answer.
    private(set) var decisions: [ClickDecision: Int] = [:]

    mutating func count(_ decision: ClickDecision) {
        decisions[decision, default: 0] += 1
    }

    /// `opened`: the format the stream opened with, said when none is open at the end (it failed, not back).
    func text(device: String, statistics: ClickPlayerStatistics, opened: OutputFormat?, report: LatencyReport,
              written: Int) -> String {
        let accounts = TapAccounts(tally: self, statistics: statistics, written: written)
        var lines = ["clicks: \(accounts.written) played, \(accounts.dropped) dropped, \(unknown) unknown lines"]
        lines.append("taps: \(accounts.taps) = \(accounts.plays) plays + \(accounts.held) held + \(accounts.suspect) suspect + "
            + "\(accounts.refusedTotal) refused")
        var accepted = "accepted: \(accounts.accepted) = \(accounts.written) written + "
            + "\(accounts.droppedFromHold) dropped from the hold + \(accounts.droppedStale) dropped as stale + "
            + "\(accounts.lostWithDevice) lost with the device"
        if accounts.unaccounted != 0 { accepted += " + \(accounts.unaccounted) not written when tap stopped waiting" }
        lines.append(accepted)
        if accounts.refusedTotal > 0 {
            lines.append("refused: " + accounts.refused.sorted { $0.key < $1.key }
                .map { "\($0.value) \($0.key)" }.joined(separator: ", "))
        }
        if let format = statistics.format {
            lines.append("device: \(device): \(format)")
        } else if let opened {
            lines.append("device: \(device): \(opened) (not open at the end: it failed)")
        }
        if let scheduling = statistics.scheduling {
            lines.append("scheduling: \(scheduling)")
        }
        // Only a device that takes whole cycles (jack) writes at the read position.
        let atReadPosition = statistics.readPositionRewinds + statistics.overtakenRewinds == 0 ? ""
            : " (\(statistics.readPositionRewinds) at the read position, \(statistics.overtakenRewinds) overtaken)"
        lines.append("starts on demand: \(statistics.starts), rewinds: \(statistics.rewinds)\(atReadPosition), "
            + "clicks queued behind audio: \(statistics.queuedBehind)")
        lines.append("underruns: \(statistics.underruns), suspends: \(statistics.suspends), "
            + "real-time scheduling: \(statistics.isRealtime ? "yes" : "no")")
        lines.append("device faults: \(statistics.faults)")
        if report.toWrite.count < written {
            lines.append("latency below: the last \(report.toWrite.count) of the \(written) clicks played (the recorder keeps that many)")
        }
        lines.append(report.description)
        return lines.joined(separator: "\n")
    }

    /// One JSON line (``jsonLine(_:)``); times in milliseconds.
    /// `format` is the device's at the end (`null` when none is open); `openedFormat` the one the stream opened with.
    func json(device: String, statistics: ClickPlayerStatistics, opened: OutputFormat?, report: LatencyReport,
              written: Int) throws -> String {
        try jsonLine(TapReport(device: device, tally: self, statistics: statistics, opened: opened, report: report,
                               written: written))
    }
}

/// Where every tap went, in RELIABILITY.md's accounting: taps = plays + held + suspect + refused, and
/// plays + held + suspect (accepted) = written + dropped from the hold + dropped as stale + lost with the
/// device (+ any not yet written when tap stopped waiting).
private struct TapAccounts {
    var taps: Int
    var plays: Int
    var held: Int
    var suspect: Int
    /// By the decision's identifier (`queue-full`, `device-lost`, …).
    var refused: [String: Int]
    var written: Int
    var droppedFromHold: Int
    var droppedStale: Int
    var lostWithDevice: Int

    init(tally: TapTally, statistics: ClickPlayerStatistics, written: Int) {
        taps = tally.decisions.values.reduce(0, +)
        plays = tally.decisions[.plays, default: 0]
        held = tally.decisions[.held, default: 0]
        suspect = tally.decisions[.suspect, default: 0]
        refused = [:]
        for (decision, count) in tally.decisions where !decision.isAccepted {
            refused[decision.identifier] = count
        }
        self.written = written
        droppedFromHold = statistics.heldClicksDropped
        droppedStale = statistics.staleClicksDropped
        lostWithDevice = statistics.clicksLostWithDevice
    }

    var refusedTotal: Int { refused.values.reduce(0, +) }
    var accepted: Int { plays + held + suspect }
    /// Accepted, neither written nor counted as dropped or lost: 0 once drained.
    var unaccounted: Int { accepted - written - droppedFromHold - droppedStale - lostWithDevice }
    /// Every tap but those written.
    var dropped: Int { taps - written }
}

private struct TapReport: Encodable {
    struct Format: Encodable {
        var sampleRate: Int
        var channels: Int
        var sampleFormat: String
        var periodFrames: Int
        var bufferFrames: Int

        init(_ format: OutputFormat) {
            sampleRate = format.sampleRate
            channels = format.channels
            sampleFormat = "\(format.sampleFormat)"
            periodFrames = format.periodFrames
            bufferFrames = format.bufferFrames
        }
    }
    var device: String
    var accounts: TapAccounts
    var unknown: Int
    var format: Format?
    var openedFormat: Format?
    var underruns: Int
    var suspends: Int
    var realtime: Bool
    var scheduling: String?
    var starts: Int
    var rewinds: Int
    var queuedBehind: Int
    var readPositionRewinds: Int
    var overtakenRewinds: Int
    var faults: Int
    var milliseconds: LatencyReportMilliseconds

    init(device: String, tally: TapTally, statistics: ClickPlayerStatistics, opened: OutputFormat?, report: LatencyReport,
         written: Int) {
        self.device = device
        accounts = TapAccounts(tally: tally, statistics: statistics, written: written)
        unknown = tally.unknown
        format = statistics.format.map(Format.init)
        openedFormat = opened.map(Format.init)
        underruns = statistics.underruns
        suspends = statistics.suspends
        realtime = statistics.isRealtime
        scheduling = statistics.scheduling.map { "\($0)" }
        starts = statistics.starts
        rewinds = statistics.rewinds
        queuedBehind = statistics.queuedBehind
        readPositionRewinds = statistics.readPositionRewinds
        overtakenRewinds = statistics.overtakenRewinds
        faults = statistics.faults
        milliseconds = LatencyReportMilliseconds(report)
    }

    /// Writes `format`, `openedFormat` and `scheduling` as `null` when absent.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(device, forKey: .device)
        try container.encode(accounts.written, forKey: .played)
        try container.encode(accounts.dropped, forKey: .dropped)
        try container.encode(unknown, forKey: .unknown)
        try container.encode(accounts.taps, forKey: .taps)
        try container.encode(accounts.plays, forKey: .plays)
        try container.encode(accounts.held, forKey: .held)
        try container.encode(accounts.suspect, forKey: .suspect)
        try container.encode(accounts.refused, forKey: .refused)
        try container.encode(accounts.written, forKey: .written)
        try container.encode(accounts.droppedFromHold, forKey: .heldDropped)
        try container.encode(accounts.droppedStale, forKey: .staleDropped)
        try container.encode(accounts.lostWithDevice, forKey: .lostWithDevice)
        try container.encode(accounts.unaccounted, forKey: .unaccounted)
        try container.encode(format, forKey: .format)
        try container.encode(openedFormat, forKey: .openedFormat)
        try container.encode(underruns, forKey: .underruns)
        try container.encode(suspends, forKey: .suspends)
        try container.encode(realtime, forKey: .realtime)
        try container.encode(scheduling, forKey: .scheduling)
        try container.encode(starts, forKey: .starts)
        try container.encode(rewinds, forKey: .rewinds)
        try container.encode(queuedBehind, forKey: .queuedBehind)
        try container.encode(readPositionRewinds, forKey: .readPositionRewinds)
        try container.encode(overtakenRewinds, forKey: .overtakenRewinds)
        try container.encode(faults, forKey: .faults)
        try container.encode(milliseconds, forKey: .milliseconds)
    }
    private enum CodingKeys: String, CodingKey {
        case device, played, dropped, unknown, taps, plays, held, suspect, refused, written, heldDropped, staleDropped
        case lostWithDevice, unaccounted, format, openedFormat, underruns, suspends, realtime, scheduling
        case starts, rewinds, queuedBehind, readPositionRewinds, overtakenRewinds, faults, milliseconds
    }
}
