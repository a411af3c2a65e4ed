import Foundation
import InputClick
import InputClickTesting
import TestSupport
import Testing

@Suite("inputclick listen --replay through the virtual sink")
struct CLIListenSinkTests {
    @Test("a replay in real time is heard press for press, and the median event-to-write latency is printed")
    func replayThroughTheSink() throws {
        // A sink of its own, so this suite runs beside the shared one.
        let sink = CLISink(name: "inputclick-listen-\(getpid())")
        #expect(sink.script(["start", "--watch-pid", "\(getpid())"]) == 0)
        defer { sink.script(["stop"]) }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-listen-\(UUID().uuidString)").path
        let recording = base + ".evemu", capture = base + ".wav"
        defer { for path in [recording, capture] { try? FileManager.default.removeItem(atPath: path) } }
        // Twelve presses of five kinds, 250 ms apart, each released 80 ms later.
        let codes = [0x23, 0x12, 0x26, 0x26, 0x18, 0x39, 0x11, 0x18, 0x13, 0x0e, 0x2a, 0x1c]
        var text = "# EVEMU 1.3\nN: Test keyboard\nI: 0011 0001 0001 ab83\nB: 01 00 00 01 40 00 10 00 00\n"
        for (index, code) in codes.enumerated() {
            let down = 1_000_000 + index * 250_000, up = down + 80_000
            text += String(format: "E: %d.%06d 0001 %04x 0001\nE: %d.%06d 0000 0000 0000\n", down / 1_000_000, down % 1_000_000, code,
                           down / 1_000_000, down % 1_000_000)
            text += String(format: "E: %d.%06d 0001 %04x 0000\nE: %d.%06d 0000 0000 0000\n", up / 1_000_000, up % 1_000_000, code,
                           up / 1_000_000, up % 1_000_000)
        }
        try text.write(toFile: recording, atomically: true, encoding: .utf8)
        var environment = sink.environment
        environment["INPUTCLICK_CONFIG"] = base + ".none"
        let run = try CLIProcess.run(["listen", "--replay", recording, "--device", "inputclick_capture:FILE=\(capture)",
                                      "--no-variation"], environment: environment, timeout: 60)
        #expect(run.status == 0, "stderr: \(run.standardError)")
        #expect(run.standardError.contains("12 clicks asked, 12 played"), "\(run.standardError)")
        let latency = run.standardError.split(separator: "\n").first { $0.hasPrefix("latency: call to write:") }
        #expect(latency?.contains("p50") == true, "\(run.standardError)")
        #expect(latency?.contains("n=12") == true, "\(run.standardError)")
        if let latency { print("listen --replay through the sink: \(latency)") }
        let played = try CapturedAudio(path: capture, float32: true)
        // The capture holds what was written: the stream stops while silent,
        // so clicks follow each other closely there, 10 ms of quiet apart at least.
        let onsets = AudioAnalysis.onsets(played.samples, channels: played.channels, threshold: 0.01, quietFrames: 480)
        #expect(onsets.count == 12, "onsets at \(onsets)")
    }
}
