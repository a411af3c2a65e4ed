import InputClick

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
        if report.toWrite.count < played {
            lines.append("latency below: the last \(report.toWrite.count) of the \(played) clicks played (the recorder keeps that many)")
        }
        lines.append(report.description)
        return lines.joined(separator: "\n")
    }

    /// The stats as one JSON object; times in milliseconds.
    func json(device: String, statistics: ClickPlayerStatistics, report: LatencyReport) -> String {
        func summary(_ s: LatencySummary) -> String {
            "{\"count\":\(s.count),\"p50\":\(LatencySummary.milliseconds(s.p50)),\"p95\":\(LatencySummary.milliseconds(s.p95)),"
                + "\"p99\":\(LatencySummary.milliseconds(s.p99)),\"max\":\(LatencySummary.milliseconds(s.max))}"
        }
        var format = "null"
        if let f = statistics.format {
            format = "{\"sampleRate\":\(f.sampleRate),\"channels\":\(f.channels),\"sampleFormat\":\"\(f.sampleFormat)\","
                + "\"periodFrames\":\(f.periodFrames),\"bufferFrames\":\(f.bufferFrames)}"
        }
        let escapedDevice = device.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            default: return scalar.value < 0x20 ? "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16) : String(scalar)
            }
        }.joined()
        return "{\"device\":\"\(escapedDevice)\",\"played\":\(played),\"dropped\":\(dropped),\"unknown\":\(unknown),"
            + "\"format\":\(format),\"underruns\":\(statistics.underruns),\"suspends\":\(statistics.suspends),"
            + "\"realtime\":\(statistics.isRealtime),"
            + "\"scheduling\":\(statistics.scheduling.map { "\"\($0)\"" } ?? "null"),"
            + "\"starts\":\(statistics.starts),\"rewinds\":\(statistics.rewinds),\"queuedBehind\":\(statistics.queuedBehind),"
            + "\"milliseconds\":{\"toWrite\":\(summary(report.toWrite)),"
            + "\"toConverter\":\(summary(report.toConverter))}}"
    }
}
