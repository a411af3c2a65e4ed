import Foundation
import InputClick
import InputClickListen
import InputClickTesting
import TestSupport
import Testing

@Suite("inputclick listen")
struct CLIListenTests {
    private func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-listen-\(UUID().uuidString)-\(name)").path
    }

    private var fixture: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/listen/typing.evemu").path
    }

    /// No settings file, so the defaults apply.
    private var environment: [String: String] { ["INPUTCLICK_CONFIG": temporaryPath("none.conf")] }

    /// The clicks the replay should make, worked out here: every press and
    /// repeat of the fixture through a gate with the default rate limit
    /// (presses never thinned, repeats held to 20 a second), panned by key;
    /// `uniform` puts the gate in secure text entry.
    private func expectedTimeline(pan: Bool, uniform: Bool = false) throws
        -> (timeline: ClickTimeline, presses: Int, limited: Int) {
        let replay = try EvemuReplay(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: fixture))))
        let collector = PlacedClickCollector()
        let gate = InputClickGate(sink: collector, settings: ClickSettings(), rateLimit: .default)
        gate.setSecureTextEntry(uniform)
        let view = OptedInInputView()
        gate.setVisibleInputViews([view])
        var presses = 0, limited = 0
        for action in replay.actions where action.transition != .release {
            if action.transition == .press { presses += 1 }
            let placement = ClickPlacement(pan: pan ? action.click.pan : 0)
            let decision = gate.playInputClick(action.click.kind, at: action.time, placement: placement)
            if decision == .rateLimited { limited += 1; #expect(uniform || action.transition == .autorepeat) }
        }
        return (ClickTimeline(collector.entries), presses, limited)
    }

    @Test("--replay --output renders the fixture exactly as the seed, the keys' kinds and pans and the rate limit say")
    func replayRendersExactly() throws {
        let path = temporaryPath("replay.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try CLIProcess.run(["listen", "--replay", fixture, "--output", path, "--pan", "--seed", "42"],
                                     environment: environment)
        #expect(run.status == 0, "\(run.standardError)")
        let expected = try expectedTimeline(pan: true)
        #expect(expected.limited > 0)          // the held key's repeats outrun 20 a second
        #expect(expected.timeline.entries.count >= expected.presses)
        // Every press clicks, with the kind of its key; repeats within the limit.
        let kinds = Set(expected.timeline.entries.map(\.kind))
        #expect(kinds == [.key, .modifier, .space, .delete, .return])
        #expect(expected.timeline.entries.contains { $0.placement.pan < -0.1 })
        #expect(expected.timeline.entries.contains { $0.placement.pan > 0.1 })
        #expect(run.standardError.contains("\(expected.timeline.entries.count) played"))
        #expect(run.standardError.contains("\(expected.limited) rate-limited"))

        let load = SoundBank.load(packDirectory: nil, sampleRate: 48_000, channels: 2)
        let mixer = Mixer(configuration: MixerConfiguration(variation: ClickVariation(seed: 42)), bank: load.bank)
        mixer.setClickGain(ClickSettings().clickGain)
        let longest = ClickKind.allCases.map { load.bank.sound($0).frameCount }.max() ?? 0
        let reference = expected.timeline.render(through: mixer, tailFrames: longest + 2400)
        let decoded = try SoundFileReader.read(path)
        #expect(decoded.samples.count == reference.count)
        var worst: Float = 0
        for (a, b) in zip(decoded.samples, reference) { worst = max(worst, abs(a - b)) }
        #expect(worst <= 1.5 / 32768)          // equal up to 16-bit rounding
        #expect(AudioAnalysis.peak(decoded.samples, channels: 2) > 0.05)
    }

    @Test("--uniform renders every key as the same unvaried key click, centred, whatever its kind and column")
    func uniformPlaysEveryKeyAlike() throws {
        let path = temporaryPath("uniform.wav"), normal = temporaryPath("normal.wav")
        defer { for p in [path, normal] { try? FileManager.default.removeItem(atPath: p) } }
        let run = try CLIProcess.run(["listen", "--replay", fixture, "--output", path, "--uniform", "--seed", "42"],
                                     environment: environment)
        #expect(run.status == 0, "\(run.standardError)")
        let expected = try expectedTimeline(pan: false, uniform: true)
        #expect(Set(expected.timeline.entries.map(\.kind)) == [.key])
        #expect(expected.timeline.entries.allSatisfy { $0.placement == ClickPlacement(varies: false) })
        #expect(run.standardError.contains("\(expected.timeline.entries.count) played"), "\(run.standardError)")

        // The file is that timeline, sample for sample: one sound, no variation although a seed is set.
        let load = SoundBank.load(packDirectory: nil, sampleRate: 48_000, channels: 2)
        let mixer = Mixer(configuration: MixerConfiguration(variation: ClickVariation(seed: 42)), bank: load.bank)
        mixer.setClickGain(ClickSettings().clickGain)
        let reference = expected.timeline.render(through: mixer, tailFrames: load.bank.longestFrameCount + 2400)
        let decoded = try SoundFileReader.read(path).samples
        #expect(decoded.count == reference.count)
        let worst = zip(decoded, reference).map { abs($0 - $1) }.max() ?? .infinity
        #expect(worst <= 1.5 / 32768, "worst difference \(worst)")   // equal up to 16-bit rounding
        #expect(AudioAnalysis.peak(decoded, channels: 2) > 0.05)
        #expect(AudioAnalysis.channel(decoded, channels: 2, index: 0) == AudioAnalysis.channel(decoded, channels: 2, index: 1))
        // Without --uniform the same replay sounds otherwise (kinds, variation).
        #expect(try CLIProcess.run(["listen", "--replay", fixture, "--output", normal, "--seed", "42"], environment: environment).status == 0)
        let apart = zip(decoded, try SoundFileReader.read(normal).samples).map { abs($0 - $1) }.max() ?? 0
        #expect(apart > 0.05, "--uniform made no difference: \(apart)")
    }

    @Test("--key-up with a sound pack's key-up.wav renders each release with that file, and each press as before")
    func keyUpPlaysThePacksReleaseSound() throws {
        let pack = temporaryPath("pack")
        try FileManager.default.createDirectory(atPath: pack, withIntermediateDirectories: true)
        let path = temporaryPath("keyup.wav")
        defer { try? FileManager.default.removeItem(atPath: pack); try? FileManager.default.removeItem(atPath: path) }
        // A 2 kHz tone nothing bundled sounds like, 30 ms, as the key's release sound.
        let tone = (0..<1_440).map { Float(0.25 * sin(2 * Double.pi * 2_000 * Double($0) / 48_000)) }
        try SoundFileWriter.write(samples: tone, sampleRate: 48_000, channels: 1, format: .wavFloat32, to: pack + "/key-up.wav")
        var environment = self.environment
        environment["INPUTCLICK_SOUND_PACK"] = pack
        let run = try CLIProcess.run(["listen", "--replay", fixture, "--output", path, "--key-up", "--no-variation"],
                                     environment: environment)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(!run.standardError.contains("warning"), "\(run.standardError)")

        // The clicks listen makes: every transition through --key-up's rule and a gate with the default rate limit.
        let replay = try EvemuReplay(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: fixture))))
        let collector = PlacedClickCollector()
        let gate = InputClickGate(sink: collector, settings: ClickSettings(), rateLimit: .default)
        let view = OptedInInputView()
        gate.setVisibleInputViews([view])
        let rule = ListenClickRule(keyUp: true)
        for action in replay.actions {
            guard let click = rule.click(for: action) else { continue }
            _ = gate.playInputClick(click.kind, at: action.time, placement: click.placement)
        }
        #expect(collector.entries.contains { $0.kind == .key && $0.placement.isRelease })

        let load = SoundBank.load(packDirectory: pack, sampleRate: 48_000, channels: 2)
        #expect(load.releaseSources[.key]?.path == pack + "/key-up.wav")
        func reference(_ bank: SoundBank) -> [Float] {
            let mixer = Mixer(configuration: MixerConfiguration(), bank: bank)
            mixer.setClickGain(ClickSettings().clickGain)
            return ClickTimeline(collector.entries).render(through: mixer, tailFrames: bank.longestFrameCount + 2400)
        }
        let decoded = try SoundFileReader.read(path).samples
        let expected = reference(load.bank)
        #expect(decoded.count == expected.count)
        let worst = zip(decoded, expected).map { abs($0 - $1) }.max() ?? .infinity
        #expect(worst <= 1.5 / 32768, "worst difference \(worst)")   // equal up to 16-bit rounding
        // Without the pack, releases are the press sounds, quieter: other audio.
        let fallback = reference(SoundBank.load(packDirectory: nil, sampleRate: 48_000, channels: 2).bank)
        let apart = zip(decoded, fallback).map { abs($0 - $1) }.max() ?? 0
        #expect(apart > 0.05, "the pack's release sound made no difference: \(apart)")
    }

    @Test("without --pan every click is centred, and another seed gives other audio")
    func seedAndPanChangeTheAudio() throws {
        let a = temporaryPath("a.wav"), b = temporaryPath("b.wav"), c = temporaryPath("c.wav")
        defer { for p in [a, b, c] { try? FileManager.default.removeItem(atPath: p) } }
        for (path, seed) in [(a, "1"), (b, "1"), (c, "2")] {
            let run = try CLIProcess.run(["listen", "--replay", fixture, "--output", path, "--seed", seed], environment: environment)
            #expect(run.status == 0)
        }
        let sa = try SoundFileReader.read(a).samples, sb = try SoundFileReader.read(b).samples, sc = try SoundFileReader.read(c).samples
        #expect(sa == sb)
        #expect(sa != sc)
        // Centred: both channels equal.
        #expect(AudioAnalysis.channel(sa, channels: 2, index: 0) == AudioAnalysis.channel(sa, channels: 2, index: 1))
    }

    @Test("clicks = off in the settings renders silence")
    func clicksOffIsSilent() throws {
        let path = temporaryPath("off.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var env = environment
        env["INPUTCLICK_CLICKS"] = "off"
        let run = try CLIProcess.run(["listen", "--replay", fixture, "--output", path], environment: env)
        #expect(run.status == 0)
        #expect(AudioAnalysis.peak(try SoundFileReader.read(path).samples) == 0)
    }

    @Test("a garbage or truncated recording exits 65 naming the line")
    func badRecordings() throws {
        let garbage = temporaryPath("garbage.evemu"), truncated = temporaryPath("truncated.evemu")
        defer { for p in [garbage, truncated] { try? FileManager.default.removeItem(atPath: p) } }
        try "N: kbd\nI: 0011 0001 0001 ab83\nE: 0.000000 0001 001e 0001\nhello world\n".write(toFile: garbage, atomically: true, encoding: .utf8)
        let text = try String(contentsOfFile: fixture, encoding: .utf8)
        // Cut in the middle of an event line, as a recording killed mid-write is.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let middle = lines.indices.first { $0 > lines.count / 2 && lines[$0].hasPrefix("E: ") }!
        let cutText = lines[..<middle].joined(separator: "\n") + "\n" + lines[middle].prefix(12)
        try cutText.write(toFile: truncated, atomically: true, encoding: .utf8)
        let badLine = try CLIProcess.run(["listen", "--replay", garbage, "--output", temporaryPath("x.wav")], environment: environment)
        #expect(badLine.status == 65)
        #expect(badLine.standardError.contains("line 4"))
        let cut = try CLIProcess.run(["listen", "--replay", truncated, "--output", temporaryPath("y.wav")], environment: environment)
        #expect(cut.status == 65)
        #expect(cut.standardError.contains("line \(middle + 1)"))
        #expect(cut.standardError.contains("truncated"))
        let binary = temporaryPath("binary.evemu")
        defer { try? FileManager.default.removeItem(atPath: binary) }
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131) }).write(to: URL(fileURLWithPath: binary))
        let noise = try CLIProcess.run(["listen", "--replay", binary, "--output", temporaryPath("z.wav")], environment: environment)
        #expect(noise.status == 65)
        #expect(noise.standardError.contains("line 1"))
        let missing = try CLIProcess.run(["listen", "--replay", temporaryPath("absent.evemu")], environment: environment)
        #expect(missing.status == 66)
    }

    @Test("a real-time replay whose next event is 317 years away exits 65 at once, naming the line, instead of sleeping")
    func replayRefusesAnAbsurdGap() throws {
        let recording = temporaryPath("gap.evemu")
        defer { try? FileManager.default.removeItem(atPath: recording) }
        try ("# EVEMU 1.3\nN: kbd\nI: 0011 0001 0001 ab83\nE: 0.000000 0001 001e 0001\nE: 0.080000 0001 001e 0000\n"
             + "E: 9999999999.000000 0001 0039 0001\n").write(toFile: recording, atomically: true, encoding: .utf8)
        let run = try CLIProcess.run(["listen", "--replay", recording, "--device", "null"], environment: environment, timeout: 30)
        #expect(run.status == 65, "\(run.standardError)")
        #expect(run.standardError.contains("line 6"), "\(run.standardError)")
        #expect(run.standardError.contains("at most 24 hours"), "\(run.standardError)")
    }

    @Test("--replay - plays a recording from standard input as it arrives, and names a bad line with exit 65")
    func replayFromStandardInput() throws {
        let head = "# EVEMU 1.3\nN: kbd\nI: 0011 0001 0001 ab83\n"
        let good = head + "E: 0.000000 0001 001e 0001\nE: 0.080000 0001 001e 0000\nE: 0.200000 0001 0039 0001\n"
        let run = try CLIProcess.run(["listen", "--replay", "-", "--device", "null"], input: Data(good.utf8),
                                     environment: environment)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "READY\n")
        #expect(run.standardError.contains("2 clicks asked, 2 played"), "\(run.standardError)")
        let bad = try CLIProcess.run(["listen", "--replay", "-", "--device", "null"],
                                     input: Data((head + "E: 0.0 0001 001e 0001\nnonsense\n").utf8), environment: environment)
        #expect(bad.status == 65)
        #expect(bad.standardError.contains("line 5"), "\(bad.standardError)")
    }

    @Test("an input directory with no keyboards exits 69 with a clear message")
    func noKeyboards() throws {
        let directory = temporaryPath("input")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A node named like a device that is not one: a plain file.
        try "not a device".write(toFile: directory + "/event0", atomically: true, encoding: .utf8)
        let run = try CLIProcess.run(["listen", "--input-dir", directory], environment: environment)
        #expect(run.status == 69)
        #expect(run.standardError.contains("no keyboard"))
        #expect(run.standardError.contains(directory))
        let viaEnvironment = try CLIProcess.run(["listen"],
                                                environment: environment.merging(["INPUTCLICK_INPUT_DIR": directory]) { $1 })
        #expect(viaEnvironment.status == 69)
        let named = try CLIProcess.run(["listen", "--input", directory + "/event0"], environment: environment)
        #expect(named.status == 69)
    }

    @Test("with no input directory, listen exits 69 saying what to do: the input group, or --replay to try it")
    func noInputDirectorySaysWhatToDo() throws {
        let missing = temporaryPath("no-such-input-dir")
        let run = try CLIProcess.run(["listen", "--input-dir", missing], environment: environment)
        #expect(run.status == 69)
        #expect(run.standardError.contains("cannot read the input directory \(missing)"), "\(run.standardError)")
        #expect(run.standardError.contains("'input' group"), "\(run.standardError)")
        #expect(run.standardError.contains("--replay"), "\(run.standardError)")
    }

    @Test("--list-devices with no keyboard, or no input directory, prints an empty list and exits 0")
    func listDevicesWithNoneIsEmpty() throws {
        let directory = temporaryPath("empty-input")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for dir in [directory, temporaryPath("no-such-input-dir")] {
            let run = try CLIProcess.run(["listen", "--list-devices", "--input-dir", dir], environment: environment)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput.isEmpty)
            #expect(run.standardError.isEmpty)
        }
    }

    @Test("bad arguments exit 64")
    func badArguments() throws {
        for arguments in [["listen", "--output", "x.wav"], ["listen", "--replay", fixture, "--output", "x.mp3"],
                          ["listen", "--seed", "-1"], ["listen", "stray"], ["listen", "--replay", fixture, "--input", "/dev/null"],
                          ["listen", "--replay", fixture, "--uniform", "--pan"]] {
            let run = try CLIProcess.run(arguments, environment: environment)
            #expect(run.status == 64, "\(arguments)")
        }
    }

    @Test("no key code appears on stdout, stderr or in the file written, at every verbosity")
    func privacy() throws {
        let events = try String(contentsOfFile: fixture, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("E: ") && $0.contains(" 0001 ") }
        let codes = Set(events.map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" })[3] })
        #expect(codes.count > 20)
        for verbosity in [[], ["--verbose"]] {
            let path = temporaryPath("private.wav")
            defer { try? FileManager.default.removeItem(atPath: path) }
            let run = try CLIProcess.run(["listen", "--replay", fixture, "--output", path, "--key-up", "--pan"] + verbosity,
                                         environment: environment)
            #expect(run.status == 0)
            let texts = [run.standardOutput, run.standardError,
                         String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)]
            for text in texts {
                #expect(!text.contains("KEY_"))
                #expect(!text.contains("quick brown"))
                for code in codes { #expect(!text.contains(" \(code) ") && !text.contains("code")) }
            }
        }
    }
}

/// A sink that keeps every click the gate lets through, with its placement,
/// for the offline reference renders of the replay tests.
private final class PlacedClickCollector: ClickSink, @unchecked Sendable {
    var entries: [ClickTimeline.Entry] = []
    var isAcceptingClicks: Bool { true }
    func submitClick(_ kind: ClickKind, requestedAt: UInt64) -> Bool { false }
    func submitClick(_ kind: ClickKind, requestedAt: UInt64, placement: ClickPlacement) -> Bool {
        entries.append(.init(time: requestedAt, kind: kind, placement: placement))
        return true
    }
}
