import Foundation
import InputClick
import InputClickTesting
import Synchronization
import TestSupport
import Testing

/// `inputclick tap` through the real-time virtual sink, which these tests
/// start under a name of their own and stop afterwards.
@Suite("inputclick tap and type through the virtual sink", .serialized)
struct CLITapTests {
    @Test("bad tap arguments are usage errors with exit 64", arguments: [
        ["tap", "extra"], ["tap", "--period", "3"], ["tap", "--periods", "1"], ["tap", "--device", ""], ["tap", "--loud"],
    ])
    func usageErrors(arguments: [String]) throws {
        let run = try CLIProcess.run(arguments)
        #expect(run.status == 64)
        #expect(run.standardError.contains("USAGE: inputclick tap"))
        #expect(run.standardOutput.isEmpty)
    }

    @Test("a device name that does not exist exits 64 with a message naming it")
    func unknownDevice() throws {
        let run = try CLIProcess.run(["tap", "--device", "no_such_pcm_here"], environment: CLISink.shared.environment)
        #expect(run.status == 64)
        #expect(run.standardError.contains("no ALSA device named 'no_such_pcm_here'"))
        #expect(!run.standardOutput.contains("READY"))
    }

    @Test("tap says READY, plays one click per line, skips unknown words, and prints the stats at the end")
    func tapsThroughTheSink() throws {
        #expect(CLISink.shared.script(["start", "--watch-pid", "\(getpid())"]) == 0)
        defer { CLISink.shared.script(["stop"]) }
        let input = Data("\nspace\n  return  \nbogus\nkey\n".utf8)
        let run = try CLIProcess.run(["tap", "--device", "inputclick_sink"], input: input, environment: CLISink.shared.environment)
        #expect(run.status == 0, "stderr: \(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "READY")
        #expect(lines.contains("clicks: 4 played, 0 dropped, 1 unknown lines"))
        #expect(lines.contains("taps: 4 = 4 plays + 0 held + 0 suspect + 0 refused"), "\(lines)")
        #expect(lines.contains("accepted: 4 = 4 written + 0 dropped from the hold + 0 dropped as stale + 0 lost with the device"))
        #expect(lines.contains { $0.hasPrefix("device: inputclick_sink: 48000 Hz, 2 ch") && $0.contains("period 64 frames") })
        #expect(lines.contains { $0.hasPrefix("call to write:") && $0.hasSuffix("(n=4)") })
        #expect(lines.contains { $0.hasPrefix("call to converter:") && $0.hasSuffix("(n=4)") })
        #expect(run.standardError.contains("line 4: unknown click kind 'bogus'"))
    }

    @Test("when the device fails and stays away, tap's stats still name the format the clicks were written in",
          arguments: [false, true])
    func theDeviceLineOutlivesAFailure(json: Bool) throws {
        #expect(CLISink.shared.script(["start", "--watch-pid", "\(getpid())"]) == 0)
        defer { CLISink.shared.script(["stop"]) }
        let process = Process()
        process.executableURL = CLIProcess.binary
        process.arguments = ["tap", "--device", "inputclick_sink"] + (json ? ["--json"] : [])
        process.environment = ProcessInfo.processInfo.environment.merging(CLISink.shared.environment) { $1 }
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        // The sink script run mid-test must not inherit the write end of tap's input.
        for handle in [input.fileHandleForWriting, output.fileHandleForReading, errors.fileHandleForReading] {
            #expect(fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC) == 0)
        }
        try process.run()
        let watchdog = ProcessWatchdog(process, seconds: 60)
        defer { watchdog.cancel() }
        /// Reads `pipe` until what it printed contains `text` or it ends.
        func read(_ pipe: Pipe, until text: String) -> String {
            var printed = Data()
            while !String(decoding: printed, as: UTF8.self).contains(text) {
                let chunk = pipe.fileHandleForReading.availableData   // blocks until tap writes or exits
                if chunk.isEmpty { break }
                printed += chunk
            }
            return String(decoding: printed, as: UTF8.self)
        }
        try #require(read(output, until: "READY\n").contains("READY\n"), "tap did not say READY")
        try? input.fileHandleForWriting.write(contentsOf: Data("key\nspace\n".utf8))
        #expect(CLISink.shared.script(["stop"]) == 0)
        // Typing on with the sink gone, until tap's player warns that the device
        // failed (at most 10 s); then the end of input.
        let warned = Atomic(false), typed = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for _ in 0..<500 where !warned.load(ordering: .acquiring) {
                try? input.fileHandleForWriting.write(contentsOf: Data("\n".utf8))
                usleep(20_000)   // a typing rhythm, 50 taps a second
            }
            input.fileHandleForWriting.closeFile()
            typed.signal()
        }
        let warnings = read(errors, until: "audio device 'inputclick_sink' failed")
        warned.store(true, ordering: .releasing)
        typed.wait()
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "stderr: \(warnings)")
        #expect(warnings.contains("audio device 'inputclick_sink' failed"), "\(warnings)")
        if json {
            let report = try #require(lines.last.flatMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }, "\(lines)")
            #expect(report["format"] is NSNull, "not open at the end: \(report)")
            #expect((report["openedFormat"] as? [String: Any])?["sampleRate"] as? Int == 48_000, "\(report)")
            #expect((report["faults"] as? Int ?? 0) > 0, "\(report)")
        } else {
            #expect(lines.contains { $0.hasPrefix("device: inputclick_sink: 48000 Hz, 2 ch") && $0.hasSuffix("(not open at the end: it failed)") },
                    "\(lines)")
            #expect(lines.contains { $0.hasPrefix("device faults: ") && $0 != "device faults: 0" }, "\(lines)")
        }
    }

    @Test("a device that runs only at 44.1 kHz gets the click sounds converted to its rate at open")
    func aDeviceAtAnotherRate() throws {
        // A sink of its own, at 44.1 kHz: the ALSA jack PCM then offers no other rate.
        let sink = CLISink(name: "inputclick-44k-\(getpid())", sampleRate: 44_100)
        #expect(sink.script(["start", "--watch-pid", "\(getpid())"]) == 0)
        defer { sink.script(["stop"]) }
        var environment = sink.environment
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-44k-\(UUID().uuidString).wav").path
        defer { try? FileManager.default.removeItem(atPath: capture) }
        environment["INPUTCLICK_CONFIG"] = capture + ".none"
        let run = try CLIProcess.run(["tap", "--device", "inputclick_capture:FILE=\(capture)"],
                                     input: Data("key\n".utf8), environment: environment)
        #expect(run.status == 0, "stderr: \(run.standardError)")
        #expect(run.standardOutput.contains("44100 Hz"), "\(run.standardOutput)")
        // The sink's plug layer grants FLOAT; alsa-lib's file plugin labels it integer PCM.
        #expect(run.standardOutput.contains("FLOAT"))
        let played = try CapturedAudio(path: capture, float32: true)
        #expect(played.sampleRate == 44_100)
        let onsets = AudioAnalysis.onsets(played.samples, channels: played.channels, threshold: 0.01, quietFrames: 64)
        try #require(onsets.count == 1)
        // The bundled key sound, converted to 44.1 kHz at open, is what was
        // played, whole: sample for sample but for the click volume.
        let left = AudioAnalysis.channel(played.samples, channels: played.channels)
        func bestMatch(_ reference: [Float]) -> Double {
            (onsets[0] - 16...onsets[0] + 2).map { AudioAnalysis.correlation(left, at: $0, with: reference) }.max() ?? 0
        }
        let key = SoundBank.bundled(sampleRate: 44_100, channels: 1).samples(.key)
        #expect(bestMatch(key) > 0.999, "correlation with the converted key sound: \(bestMatch(key))")
        #expect(left.count >= onsets[0] + key.count, "the click was cut short: \(left.count - onsets[0]) of \(key.count) frames")
        #expect(AudioAnalysis.peak(played.samples, channels: played.channels) <= 1)
    }

    @Test("tap --json prints the stats as one JSON object with the negotiated sizes")
    func tapJSON() throws {
        #expect(CLISink.shared.script(["start", "--watch-pid", "\(getpid())"]) == 0)
        defer { CLISink.shared.script(["stop"]) }
        let run = try CLIProcess.run(["tap", "--device", "inputclick_sink", "--period", "128", "--periods", "3",
                                      "--scheduling", "append", "--json"],
                                     input: Data("delete\n".utf8), environment: CLISink.shared.environment)
        #expect(run.status == 0, "stderr: \(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        let object = try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any]
        #expect(object?["played"] as? Int == 1)
        for (key, value) in ["taps": 1, "plays": 1, "held": 0, "suspect": 0, "written": 1, "dropped": 0, "heldDropped": 0, "staleDropped": 0,
                             "lostWithDevice": 0, "unaccounted": 0] {
            #expect(object?[key] as? Int == value, "\(key)")
        }
        #expect((object?["refused"] as? [String: Any])?.isEmpty == true)
        let format = object?["format"] as? [String: Any]
        #expect(format?["periodFrames"] as? Int == 128)
        #expect(format?["bufferFrames"] as? Int == 384)
        #expect(object?["scheduling"] as? String == "append")
        let milliseconds = object?["milliseconds"] as? [String: Any]
        #expect((milliseconds?["toConverter"] as? [String: Any])?["count"] as? Int == 1)
    }

    @Test("tap rewinds on the JACK sink by default, keeps a deep buffer and says so")
    func tapReportsRewindScheduling() throws {
        #expect(CLISink.shared.script(["start", "--watch-pid", "\(getpid())"]) == 0)
        defer { CLISink.shared.script(["stop"]) }
        let run = try CLIProcess.run(["tap", "--device", "inputclick_sink", "--period", "128", "--periods", "3", "--json"],
                                     input: Data("key\nspace\n".utf8), environment: CLISink.shared.environment)
        #expect(run.status == 0, "stderr: \(run.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.split(separator: "\n").last!.utf8))
            as? [String: Any]
        #expect(object?["played"] as? Int == 2)
        #expect(object?["scheduling"] as? String == "rewind")
        #expect((object?["format"] as? [String: Any])?["bufferFrames"] as? Int == 16 * 128)
        // How many rewinds went at the read position (jack) and how many of those were overtaken: counts,
        // never more than the rewinds.
        let rewinds = try #require(object?["rewinds"] as? Int)
        let atReadPosition = try #require(object?["readPositionRewinds"] as? Int)
        let overtaken = try #require(object?["overtakenRewinds"] as? Int)
        #expect(overtaken <= atReadPosition && atReadPosition <= rewinds)
    }

    @Test("tap --scheduling with an unknown mode exits 64 and names the modes")
    func tapRefusesAnUnknownScheduling() throws {
        let run = try CLIProcess.run(["tap", "--scheduling", "sometimes"])
        #expect(run.status == 64)
        #expect(run.standardError.contains("auto, on-demand or append"))
        var environment = ProcessInfo.processInfo.environment
        environment["INPUTCLICK_SCHEDULING"] = "never"
        let fromEnvironment = try CLIProcess.run(["type", "x", "--device", "inputclick_sink"], environment: environment)
        #expect(fromEnvironment.status == 64)
        #expect(fromEnvironment.standardError.contains("INPUTCLICK_SCHEDULING"))
    }
}
