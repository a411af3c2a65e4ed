import Foundation
import InputClick
import InputClickTesting
import TestSupport
import Testing

/// What wvkbd 0.12's `-o` writes for `héllo wörld`, two Backspaces, Enter,
/// Tab and `abc`: characters, one write per key, nothing between them.
private let wvkbdKeys = ["h", "é", "l", "l", "o", " ", "w", "ö", "r", "l", "d", "\u{8}", "\u{8}", "\n", "\t", "a", "b", "c"]
private let wvkbdKinds: [ClickKind] = [.key, .key, .key, .key, .key, .space, .key, .key, .key, .key, .key,
                                       .delete, .delete, .return, .modifier, .key, .key, .key]

/// Whether `output` holds any run of three characters of what was typed.
private func leaksText(_ output: String) -> Bool {
    ["hél", "llo", "wör", "rld", "abc", "xxx"].contains { output.contains($0) }
}

@Suite("inputclick chars")
struct CLICharsTests {
    @Test("wvkbd's output, a key at a time, clicks each key with its kind through the sink, and prints none of the text")
    func wvkbdKeysClickTheirKinds() throws {
        let sink = CLISink(name: "inputclick-chars-\(getpid())")
        #expect(sink.script(["start", "--watch-pid", "\(getpid())"]) == 0)
        defer { sink.script(["stop"]) }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-chars-\(UUID().uuidString)").path
        let pack = base + ".pack", capture = base + ".wav"
        try FileManager.default.createDirectory(atPath: pack, withIntermediateDirectories: true)
        defer { for path in [pack, capture] { try? FileManager.default.removeItem(atPath: path) } }
        for kind in ClickKind.allCases {
            try SoundFileWriter.write(samples: SyntheticClickSounds.mono(kind, sampleRate: 48_000), sampleRate: 48_000,
                                      channels: 1, format: .wavFloat32, to: "\(pack)/\(kind.name).wav")
        }
        // One write per key, 150 ms apart, as a person types; é's two bytes come in
        // two writes; then a burst of 30 keys in one write.
        func printf(_ bytes: some Sequence<UInt8>) -> String {
            "printf '" + bytes.map { "\\" + String($0, radix: 8) }.joined() + "'"
        }
        var writes = wvkbdKeys.flatMap { key in key == "é" ? [[0xC3], [0xA9]] : [Array(key.utf8)] }.map(printf)
        writes.append(printf(Array(repeating: UInt8(ascii: "x"), count: 30)))
        let script = "{ " + writes.joined(separator: "; sleep 0.15; ") + "; } | \"$INPUTCLICK\" chars --verbose "
            + "--device \"inputclick_capture:FILE=\(capture)\""
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in sink.environment { environment[key] = value }
        environment["INPUTCLICK"] = CLIProcess.binary.path
        environment["INPUTCLICK_CONFIG"] = base + ".none"
        environment["INPUTCLICK_DESKTOP_SETTINGS"] = "off"
        environment["INPUTCLICK_SOUND_PACK"] = pack
        let run = ChildProcess.run("/bin/sh", ["-c", script], environment: environment, timeout: 60)
        #expect(run.status == 0, "stderr: \(run.standardError)")
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("chars: 48 clicks asked"), "\(run.standardError)")
        #expect(!leaksText(run.standardError), "\(run.standardError)")

        let played = try CapturedAudio(path: capture, float32: true)
        // A click the player counted as not heard (a busy machine stalled the
        // sink past the hold's limit) may be missing, and only such.
        let counted = "not heard: "
        let notHeard = run.standardError.range(of: counted).map { range in
            run.standardError[range.upperBound...].split(separator: ";").first.map {
                $0.split(separator: ",").compactMap { Int($0.split(separator: " ").first ?? "") }.reduce(0, +)
            } ?? 0
        } ?? 0
        #expect(run.standardError.contains(counted), "\(run.standardError)")
        // Where each click was written, in frames from the stream's first: the
        // capture's first frame. A loaded machine stalls the JACK sink, and
        // taps 150 ms apart are then written a few milliseconds apart, or in
        // one period, and sound as one. So each written click must start a
        // sound of its own in the capture or start inside one, and every sound
        // must be a written click's.
        let frames = run.standardError.split(separator: "\n").first { $0.hasPrefix("written at stream frames: ") }
            .map { $0.dropFirst("written at stream frames: ".count).split(separator: " ").compactMap { Int($0) } } ?? []
        let heard = WrittenClicksHeard(written: frames, samples: played.samples, channels: played.channels,
                                       threshold: 0.01, quietFrames: 480, slack: 48)
        #expect(!frames.isEmpty && heard.unheard.isEmpty && heard.unexplained.isEmpty,
                "captured vs written: \(heard); \(run.standardError)")
        // The keys, one click each and in order, each heard as its kind where it
        // sounds alone (`nil`: it sounds with another click); then the burst,
        // which sounds at least once.
        let alone = Set(heard.alone)
        let writtenKinds = frames.indices.map { index -> ClickKind?? in
            let frame = frames[index]
            guard alone.contains(frame), index + 1 == frames.count || alone.contains(frames[index + 1]) else { return .none }
            return .some(SyntheticClickSounds.identify(played.samples[(frame * played.channels)...], channels: played.channels,
                                                       sampleRate: played.sampleRate))
        }
        print("chars through the sink: \(frames.count) written, \(heard.alone.count) alone, \(heard.withAnother.count) with another; "
              + "\(notHeard) counted not heard")
        if notHeard == 0 {
            #expect(frames.count > wvkbdKinds.count, "\(run.standardError)")
            let keys = writtenKinds.prefix(wvkbdKinds.count)
            #expect(zip(keys, wvkbdKinds).allSatisfy { $0 == .none || $0 == .some($1) }, "heard \(keys) for \(wvkbdKinds)")
            #expect(keys.contains { $0 != .none }, "no key sounded alone: \(heard)")
        } else {
            // What was written is the keys in order with at most `notHeard` of them left out.
            var remaining = writtenKinds[...]
            var skipped = 0
            for kind in wvkbdKinds {
                if let first = remaining.first, first == .none || first == .some(kind) {
                    remaining = remaining.dropFirst()
                } else {
                    skipped += 1
                }
            }
            #expect(skipped <= notHeard, "\(skipped) keys unheard, \(notHeard) counted: \(run.standardError)")
        }
    }

    @Test("a burst, bytes that are not UTF-8 and a character cut off by the end all click, through the gate's rate limit")
    func burstAndBadBytesGoThroughTheGate() throws {
        let input = Data(wvkbdKeys.joined().utf8) + Data(repeating: UInt8(ascii: "x"), count: 30) + Data([0xFF, 0xE2, 0x82])
        let run = try CLIProcess.run(["chars", "--device", "null", "--verbose"], input: input,
                                     environment: ["INPUTCLICK_CONFIG": "/nonexistent/inputclick.conf"])
        #expect(run.status == 0, "stderr: \(run.standardError)")
        #expect(run.standardOutput.isEmpty)
        // 18 keys, 30 x, FF, and E2 82 cut off: 50 clicks, more keys in one second than the limit lets through.
        #expect(run.standardError.contains("chars: 50 clicks asked"), "\(run.standardError)")
        #expect(run.standardError.contains("rate-limited"), "\(run.standardError)")
        #expect(!leaksText(run.standardError), "\(run.standardError)")
    }

    @Test("clicks turned off in the user's settings silence every character")
    func userSettingsApply() throws {
        let run = try CLIProcess.run(["chars", "--device", "null", "--verbose"], input: Data("ab \n".utf8),
                                     environment: ["INPUTCLICK_CONFIG": "/nonexistent/inputclick.conf", "INPUTCLICK_CLICKS": "off"])
        #expect(run.status == 0, "stderr: \(run.standardError)")
        #expect(run.standardError.contains("chars: 4 clicks asked, 0 played, 4 clicks-off"), "\(run.standardError)")
    }

    @Test("an unexpected argument is a usage error")
    func unexpectedArgument() throws {
        let run = try CLIProcess.run(["chars", "extra"])
        #expect(run.status == 64)
        #expect(run.standardError.contains("unexpected argument 'extra'"))
    }
}
