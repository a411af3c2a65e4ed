import Foundation
import InputClick
import InputClickTesting
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
        // 16 taps: shift h e l l o 123 , space shift w o r l d 123 ! less the
        // automatic shift at the start: every one is a separate onset at 40 wpm.
        let onsets = AudioAnalysis.onsets(decoded.samples, channels: 2, threshold: 0.01, quietFrames: 2400)
        #expect(onsets.count == 16)
        #expect(AudioAnalysis.peak(decoded.samples, channels: 2) < 1)
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

    @Test("an unwritable output path is a clear error, not a crash")
    func unwritableOutput() throws {
        let run = try CLIProcess.run(["type", "x", "--output", "/nonexistent-dir/x.wav"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("/nonexistent-dir/x.wav"))
    }
}
