import Foundation
import InputClick
import InputClickTesting
import TestSupport
import Testing

@Suite("inputclick type")
struct CLITypeTests {
    private func temporaryFile(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-cli-\(UUID().uuidString)-\(name)").path
    }

    @Test("--output prints exactly the typed text and renders one click per tap to a WAV file")
    func outputRendersEveryTap() throws {
        let path = temporaryFile("hello.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try CLIProcess.run(["type", "Hello, World!", "--wpm", "40", "--output", path],
                                     environment: ["INPUTCLICK_CONFIG": temporaryFile("none.conf")])
        #expect(run.status == 0)
        #expect(run.standardOutput == "Hello, World!")
        let decoded = try SoundFileReader.read(path)
        #expect(decoded.sampleRate == 48_000 && decoded.channels == 2)
        // 17 taps: shift h e l l o 123 , space shift w o r l d 123 !, each a
        // separate onset at 40 wpm.
        let onsets = AudioAnalysis.onsets(decoded.samples, channels: 2, threshold: 0.01, quietFrames: 2400)
        #expect(onsets.count == 17)
        #expect(AudioAnalysis.peak(decoded.samples, channels: 2) < 1)
    }

    @Test("at --wpm 300 (25 taps a second) every tap still clicks: the rate limit is for held keys, not planned taps")
    func fastestTypingClicksOnEveryTap() throws {
        let path = temporaryFile("fast.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = String(repeating: "abcdefghij", count: 6)
        let run = try CLIProcess.run(["type", text, "--wpm", "300", "--output", path],
                                     environment: ["INPUTCLICK_CONFIG": temporaryFile("none.conf")])
        #expect(run.status == 0)
        #expect(run.standardOutput == text)
        let decoded = try SoundFileReader.read(path)
        // 60 letters, 60 taps.
        let onsets = AudioAnalysis.onsets(decoded.samples, channels: 2, threshold: 0.01, quietFrames: 240)
        #expect(onsets.count == 60)
    }

    @Test("clicks turned off in the settings still type the text, and the WAV is silent")
    func clicksOffIsSilent() throws {
        let path = temporaryFile("off.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try CLIProcess.run(["type", "quiet please", "--output", path],
                                     environment: ["INPUTCLICK_CLICKS": "off", "INPUTCLICK_CONFIG": temporaryFile("none.conf")])
        #expect(run.status == 0)
        #expect(run.standardOutput == "quiet please")
        #expect(AudioAnalysis.peak(try SoundFileReader.read(path).samples) == 0)
    }

    @Test("a character no key can type is an error naming it, with exit 65 and nothing on stdout")
    func untypableCharacter() throws {
        let run = try CLIProcess.run(["type", "tab\there"])
        #expect(run.status == 65)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("U+0009"))
    }

    @Test("an over-long TEXT is refused at once, before planning, naming the limit, with exit 64 and nothing written",
          arguments: [["--output"], ["--device", "null"]])
    func overLongTextIsRefusedAtOnce(mode: [String]) throws {
        // 130,000 characters: near the kernel's limit for one argument. Planning it took 8 s.
        let text = String(String(repeating: "hello world ", count: 11_000).prefix(130_000))
        let path = temporaryFile("long.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let started = Date()
        let run = try CLIProcess.run(["type", text] + (mode == ["--output"] ? ["--output", path] : mode),
                                     environment: ["INPUTCLICK_CONFIG": temporaryFile("none.conf")], timeout: 60)
        let seconds = Date().timeIntervalSince(started)
        #expect(run.status == 64)
        #expect(run.standardError.contains(
            "error: TEXT is 130000 characters long, over the limit of 15000 (10 minutes of typing at the fastest --wpm, 300)"),
            "\(run.standardError.prefix(300))")
        #expect(run.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(seconds < 5, "refused after \(seconds) s")
    }

    @Test("--output refuses a text that cannot fit 10 minutes at its --wpm before planning it")
    func outputRefusesATextTooSlowToFitBeforePlanning() throws {
        let text = String(repeating: "abcdefghij", count: 1_000)
        let run = try CLIProcess.run(["type", text, "--wpm", "1", "--output", temporaryFile("slow.wav")],
                                     environment: ["INPUTCLICK_CONFIG": temporaryFile("none.conf")])
        #expect(run.status == 64)
        #expect(run.standardError.contains("error: --output renders at most 10 minutes of typing; this text of 10000 characters "
                                           + "at 1 wpm takes at least 800 minutes: shorten it or raise --wpm"))
    }

    @Test("a TEXT of exactly the character limit is planned, and --output then measures it: just over 10 minutes at --wpm 300")
    func textAtTheLimitIsPlanned() throws {
        let text = String(repeating: "abcdefghij", count: 1_500)
        let run = try CLIProcess.run(["type", text, "--wpm", "300", "--output", temporaryFile("edge.wav")],
                                     environment: ["INPUTCLICK_CONFIG": temporaryFile("none.conf")])
        #expect(run.status == 64)
        #expect(run.standardError.contains("error: --output renders at most 10 minutes of typing; this text at 300 wpm takes 10.1 minutes"),
                "\(run.standardError.prefix(300))")
    }

    @Test("an unwritable output path is a clear error, not a crash")
    func unwritableOutput() throws {
        let run = try CLIProcess.run(["type", "x", "--output", "/nonexistent-dir/x.wav"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("/nonexistent-dir/x.wav"))
    }
}

/// `type --device` shares the serialized sink suite, since its tests start and stop the one sink.
extension CLITapTests {
    @Test("--device plays one click per tap in real time through real alsa-lib, and prints only the text")
    func typeThroughTheSink() throws {
        #expect(CLISink.shared.script(["start", "--watch-pid", "\(getpid())"]) == 0)
        defer { CLISink.shared.script(["stop"]) }
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-type-\(UUID().uuidString).wav").path
        defer { try? FileManager.default.removeItem(atPath: capture) }
        var environment = CLISink.shared.environment
        environment["INPUTCLICK_CONFIG"] = capture + ".none"
        // A stream that never stops, so that the capture follows the wall clock.
        environment["INPUTCLICK_SCHEDULING"] = "append"
        let started = Date()
        let run = try CLIProcess.run(["type", "Hi, you!", "--wpm", "120", "--device", "inputclick_capture:FILE=\(capture)"],
                                     environment: environment)
        let seconds = Date().timeIntervalSince(started)
        #expect(run.status == 0)
        #expect(run.standardOutput == "Hi, you!")
        #expect(run.standardError.contains("call to converter"))
        // The sink's plug layer grants FLOAT, which alsa-lib's file plugin labels integer PCM.
        let played = try CapturedAudio(path: capture, float32: true)
        // shift h i 123 , space (back to letters) y o u 123 !: 11 taps, 100 ms apart.
        let onsets = AudioAnalysis.onsets(played.samples, channels: played.channels, threshold: 0.01, quietFrames: 480)
        // A loaded machine can stall the JACK sink past the stall timeout (130 ms):
        // the player then says the device failed, and the clicks of that
        // moment are lost with it. That must be said, and what was written
        // must be what was captured; otherwise every tap is written.
        let written = run.standardError.range(of: #"\(n=(\d+)\)"#, options: .regularExpression)
            .flatMap { Int(run.standardError[$0].dropFirst(3).dropLast()) }
        // Where each click was written, in frames from the stream's first: the
        // capture's first frame. The stream runs on the sink's clock, and a
        // loaded machine slows the JACK sink (it runs without real-time
        // priority) or stalls it: then taps 100 ms apart are written a few
        // tens of milliseconds apart in the stream, or together in one period,
        // and sound as one. So each written click must start a sound of its own
        // in the capture or start inside one, and every sound must be a
        // written click's.
        let frames = run.standardError.split(separator: "\n").first { $0.hasPrefix("written at stream frames: ") }
            .map { $0.dropFirst("written at stream frames: ".count).split(separator: " ").compactMap { Int($0) } } ?? []
        #expect(frames.count == written, "a frame for every click written: \(run.standardError)")
        let heard = WrittenClicksHeard(written: frames, samples: played.samples, channels: played.channels,
                                       threshold: 0.01, quietFrames: 480, slack: 48)
        #expect(heard.unheard.isEmpty && heard.unexplained.isEmpty, "captured vs written: \(heard); \(run.standardError)")
        #expect(onsets == heard.onsets && onsets.count == heard.alone.count, "\(heard)")
        guard !run.standardError.contains("failed:") else {
            #expect((written ?? 0) >= 1, "nothing was written: \(run.standardError)")
            return
        }
        #expect(written == 11, "every tap was written: \(run.standardError)")
        // Tapped in real time, not in a batch: the run lasts at least the time
        // from the first tap to the last of the same text rendered offline
        // (the rhythm is seeded); the CLI waits for each tap's time.
        let offline = capture + ".planned.wav"
        defer { try? FileManager.default.removeItem(atPath: offline) }
        let plan = try CLIProcess.run(["type", "Hi, you!", "--wpm", "120", "--output", offline],
                                      environment: ["INPUTCLICK_CONFIG": capture + ".none"])
        #expect(plan.status == 0)
        let planned = AudioAnalysis.onsets(try SoundFileReader.read(offline).samples, channels: 2, threshold: 0.01, quietFrames: 480)
        #expect(planned.count == 11)
        if let first = planned.first, let last = planned.last {
            let span = Double(last - first) / 48_000
            #expect(seconds >= span, "the run took \(seconds) s; its taps are \(span) s apart, first to last")
        }
    }

    @Test("--device naming no ALSA device exits 64 before typing anything")
    func typeToAnUnknownDevice() throws {
        let run = try CLIProcess.run(["type", "x", "--device", "no_such_pcm_here"], environment: CLISink.shared.environment)
        #expect(run.status == 64)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("no_such_pcm_here"))
    }

    @Test("a configured device with no hardware behind it warns once and still types the text")
    func typeToAnAbsentDevice() throws {
        let run = try CLIProcess.run(["type", "ok", "--device", "inputclick_absent"], environment: CLISink.shared.environment)
        #expect(run.status == 0)
        #expect(run.standardOutput == "ok")
        #expect(run.standardError.contains("without clicks"))
    }
}
