import InputClick
import InputClickPulseAudio
import InputClickReports
#if canImport(Glibc)
import Glibc
#endif

/// `inputclick-bench --pulse-taps`: the native PulseAudio backend driven by
/// standard input, for bench/pulse-instant.py. Opens the stream (as a
/// keyboard showing would), prints READY, plays one key click per line read,
/// and at end of input waits for the last click to sound and prints one JSON
/// line: clicks played and dropped, the stream's statistics, and latency to the write.
func runPulseTaps(json: Bool) -> Never {
    let server = PulseAudioServer.discover()
    guard server.isUsable else { fail("no native PulseAudio: \(server.reason)", 69) }
    let configuration = ClickPlayerConfiguration(
        lingerNanoseconds: 0, latencyCapacity: 100_000,
        warningHandler: { text in
            let line = "inputclick-bench: warning: \(text)\n"
            line.withCString { _ = write(2, $0, strlen($0)) }
        })
    let session = ClickSession(output: PulseAudioOutput(), configuration: configuration)
    let player = session.player
    if session.open(timeout: .seconds(10)) != .reached { fail("the PulseAudio stream did not open within 10 seconds", 69) }
    "READY\n".withCString { _ = write(1, $0, strlen($0)) }
    var played = 0, dropped = 0
    while readLine() != nil {
        if session.play(.key) == .plays { played += 1 } else { dropped += 1 }
    }
    session.drain(timeout: .seconds(4))
    let statistics = player.statistics
    let report = player.latency.report()
    session.close()
    struct TapsReport: Encodable {
        var played, dropped, underruns, faults, rewinds, starts, periodFrames, bufferFrames: Int
        var scheduling: String
        var milliseconds: LatencyReportMilliseconds
    }
    print(jsonLine(TapsReport(played: played, dropped: dropped, underruns: statistics.underruns,
                              faults: statistics.faults, rewinds: statistics.rewinds, starts: statistics.starts,
                              periodFrames: statistics.format?.periodFrames ?? 0,
                              bufferFrames: statistics.format?.bufferFrames ?? 0,
                              scheduling: statistics.scheduling?.description ?? "closed",
                              milliseconds: LatencyReportMilliseconds(report))))
    exit(0)
}
