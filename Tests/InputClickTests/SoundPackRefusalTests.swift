import Foundation
import Glibc
import InputClick
import Testing

/// Every refusal names the file and the reason, and the kind keeps its
/// bundled sound while the rest of the pack still loads.
@Suite struct SoundPackRefusalTests {
    static let rate = 48_000
    static let channels = 2

    /// Loads `directory` and checks that `kind` fell back to the bundled sound.
    private func loadExpectingBundled(_ kind: ClickKind, in directory: String) -> SoundBankLoad {
        let loaded = SoundBank.load(packDirectory: directory, sampleRate: Self.rate, channels: Self.channels)
        #expect(loaded.bank.origins[kind] == "bundled")
        #expect(loaded.bank.samples(kind) == SoundBank.bundled(sampleRate: Self.rate, channels: Self.channels).samples(kind))
        return loaded
    }

    /// The one problem about `path`, checked to name the path in its text.
    private func problem(about path: String, in loaded: SoundBankLoad) -> SoundLoadError? {
        let matching = loaded.problems.filter { $0.path == path }
        #expect(matching.count == 1, "problems: \(loaded.problems)")
        if let first = matching.first { #expect(first.description.hasPrefix(path + ": ")) }
        return matching.first
    }

    private func writeSine(seconds: Double, sampleRate: Int, to path: String) throws {
        let sine = SoundTestSupport.sine(frequency: 440, amplitude: 0.3, sampleRate: sampleRate, seconds: seconds)
        try SoundFileWriter.write(samples: sine, sampleRate: sampleRate, channels: 1, format: .wavPCM16, to: path)
    }

    @Test func garbageBytesNamedWavAreRefusedAsUndecodableWithLibsndfilesReason() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/key.wav"
            try SoundTestSupport.writeBytes((0..<3_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }, to: path)
            try writeSine(seconds: 0.05, sampleRate: 44_100, to: directory + "/delete.wav")

            let loaded = loadExpectingBundled(.key, in: directory)

            let error = try #require(problem(about: path, in: loaded))
            guard case .undecodable(let text) = error.reason else {
                Issue.record("expected undecodable, got \(error.reason)"); return
            }
            #expect(!text.isEmpty)
            #expect(error.kind == .key)
            #expect(error.description.contains("the bundled key sound stays"))
            #expect(loaded.bank.origins[.delete] == directory + "/delete.wav", "the rest of the pack still loads")
        }
    }

    @Test("a float file holding a NaN or an infinity is refused, naming the file and the first such sample",
          arguments: [Float.nan, .infinity, -.infinity, .signalingNaN])
    func aFloatFileHoldingANonFiniteSampleIsRefused(bad: Float) throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/key.wav"
            // Stereo, 100 frames of a quiet tone, the bad value in the right channel of frame 40.
            var samples = SoundTestSupport.sine(frequency: 440, amplitude: 0.3, sampleRate: 48_000,
                                                seconds: 100.0 / 48_000, channels: 2)
            samples[40 * 2 + 1] = bad
            try SoundFileWriter.write(samples: samples, sampleRate: 48_000, channels: 2, format: .wavFloat32, to: path)
            try writeSine(seconds: 0.05, sampleRate: 48_000, to: directory + "/delete.wav")

            let loaded = loadExpectingBundled(.key, in: directory)

            let error = try #require(problem(about: path, in: loaded))
            #expect(error.reason == .nonFiniteSamples(frame: 40, channel: 1))
            #expect(error.kind == .key)
            #expect(error.description == "\(path): holds samples that are not finite numbers (NaN or infinity), "
                    + "the first at frame 40, channel 1 (the bundled key sound stays)")
            #expect(loaded.bank.origins[.delete] == directory + "/delete.wav", "the rest of the pack still loads")
        }
    }

    @Test func aSixtyFourBitFloatFileOfOnlyNaNIsRefusedWhenReadDirectly() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/space.wav"
            try SoundFileWriter.write(samples: [Float](repeating: .nan, count: 480), sampleRate: 48_000, channels: 1,
                                      format: .wavFloat64, to: path)
            #expect(throws: SoundLoadError(path: path, reason: .nonFiniteSamples(frame: 0, channel: 0))) {
                try SoundFileReader.read(path, limits: .soundPack)
            }
        }
    }

    @Test func aPackFileWhoseNameIsNotUTF8IsRefusedAsNamingNoKind() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let name: [UInt8] = Array("k".utf8) + [0xE9] + Array("y.wav".utf8)
            let fullPath = Array(directory.utf8) + [UInt8(ascii: "/")] + name
            let descriptor = (fullPath + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
            }
            try #require(descriptor >= 0)
            close(descriptor)

            let loaded = SoundBank.load(packDirectory: directory, sampleRate: Self.rate, channels: Self.channels)

            let raw = try #require(NonUTF8Text(name))
            #expect(loaded.problems == [SoundLoadError(path: directory + "/k\u{FFFD}y.wav", reason: .nameNotUTF8(raw))])
            #expect(loaded.problems.first?.description.contains("byte 0xE9 at offset 1 of 'k\\xE9y.wav'") == true,
                    "\(loaded.problems)")
            for kind in ClickKind.allCases { #expect(loaded.bank.origins[kind] == "bundled") }
            // Remove it by its bytes: FileManager could not name it.
            _ = (fullPath + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { unlink($0.baseAddress!) } }
        }
    }

    @Test func aZeroByteFileIsRefusedAsEmpty() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/space.wav"
            try SoundTestSupport.writeBytes([], to: path)
            let loaded = loadExpectingBundled(.space, in: directory)
            #expect(problem(about: path, in: loaded)?.reason == .empty)
        }
    }

    @Test func aValidFileWithZeroFramesIsRefusedAsEmpty() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/space.flac"
            try SoundFileWriter.write(samples: [], sampleRate: 48_000, channels: 1, format: .flac16, to: path)
            let loaded = loadExpectingBundled(.space, in: directory)
            #expect(problem(about: path, in: loaded)?.reason == .empty)
        }
    }

    @Test func aSoundLongerThanTwoSecondsIsRefused() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/return.wav"
            try writeSine(seconds: 2.5, sampleRate: 8_000, to: path)
            let loaded = loadExpectingBundled(.return, in: directory)
            #expect(problem(about: path, in: loaded)?.reason == .tooLong(seconds: 2.5, limit: 2))
        }
    }

    @Test func aSoundOfExactlyTwoSecondsIsAccepted() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/return.wav"
            try writeSine(seconds: 2, sampleRate: 8_000, to: path)
            let loaded = SoundBank.load(packDirectory: directory, sampleRate: Self.rate, channels: Self.channels)
            #expect(loaded.problems.isEmpty)
            #expect(loaded.bank.origins[.return] == path)
        }
    }

    @Test func aFileOverFourMebibytesIsRefusedBeforeDecoding() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/modifier.wav"
            // Garbage: had it been decoded, the reason would be "undecodable".
            try SoundTestSupport.writeBytes([UInt8](repeating: 0x5A, count: 4 << 20 + 1), to: path)
            let loaded = loadExpectingBundled(.modifier, in: directory)
            #expect(problem(about: path, in: loaded)?.reason == .tooLarge(bytes: 4 << 20 + 1, limit: 4 << 20))
        }
    }

    @Test func aDirectoryNamedLikeASoundIsRefused() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/key.ogg"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            let loaded = loadExpectingBundled(.key, in: directory)
            #expect(problem(about: path, in: loaded)?.reason == .notARegularFile)
        }
    }

    @Test func aPipeNamedLikeASoundIsRefusedWithoutBlocking() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/key.wav"
            #expect(mkfifo(path, 0o644) == 0)
            let loaded = loadExpectingBundled(.key, in: directory)
            #expect(problem(about: path, in: loaded)?.reason == .notARegularFile)
        }
    }

    @Test func aRateTooFarFromTheOutputsIsRefused() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/delete.wav"
            try writeSine(seconds: 0.5, sampleRate: 100, to: path)
            let loaded = loadExpectingBundled(.delete, in: directory)
            let error = try #require(problem(about: path, in: loaded))
            guard case .unsupportedFormat(let text) = error.reason else {
                Issue.record("expected unsupportedFormat, got \(error.reason)"); return
            }
            #expect(text.contains("100 Hz"))
        }
    }

    @Test func twoFilesClaimingOneKindAreBothRefused() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            try writeSine(seconds: 0.05, sampleRate: 48_000, to: directory + "/key.wav")
            try writeSine(seconds: 0.05, sampleRate: 48_000, to: directory + "/key.flac")
            let loaded = loadExpectingBundled(.key, in: directory)
            #expect(problem(about: directory + "/key.wav", in: loaded)?.reason == .duplicateKind(otherPath: directory + "/key.flac"))
            #expect(problem(about: directory + "/key.flac", in: loaded)?.reason == .duplicateKind(otherPath: directory + "/key.wav"))
        }
    }

    @Test func aSoundFileNamingNoKindIsReportedAndOtherFilesAreIgnored() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            try writeSine(seconds: 0.05, sampleRate: 48_000, to: directory + "/enter.wav")
            try SoundTestSupport.writeBytes(Array("licence".utf8), to: directory + "/LICENSE")
            try SoundTestSupport.writeBytes(Array("notes".utf8), to: directory + "/notes.txt")
            try writeSine(seconds: 0.05, sampleRate: 48_000, to: directory + "/.key.wav")
            let loaded = loadExpectingBundled(.key, in: directory)
            #expect(loaded.problems == [SoundLoadError(path: directory + "/enter.wav", reason: .unknownKind("enter"))])
        }
    }

    @Test func aMissingPackDirectoryIsAnErrorAndEverySoundIsBundled() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/no-such-pack"
            let loaded = SoundBank.load(packDirectory: path, sampleRate: Self.rate, channels: Self.channels)
            #expect(loaded.problems == [SoundLoadError(path: path, reason: .notFound)])
            #expect(loaded.problems.first?.description == "\(path): does not exist")
            for kind in ClickKind.allCases { #expect(loaded.bank.origins[kind] == "bundled") }
        }
    }

    @Test func aPackPathThatIsAFileIsAnError() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/key.wav"
            try writeSine(seconds: 0.05, sampleRate: 48_000, to: path)
            let loaded = SoundBank.load(packDirectory: path, sampleRate: Self.rate, channels: Self.channels)
            #expect(loaded.problems == [SoundLoadError(path: path, reason: .notADirectory)])
            for kind in ClickKind.allCases { #expect(loaded.bank.origins[kind] == "bundled") }
        }
    }

    @Test func noPackMeansTheBundledSoundsAndNoProblems() {
        let loaded = SoundBank.load(packDirectory: nil, sampleRate: Self.rate, channels: Self.channels)
        #expect(loaded.problems.isEmpty)
        for kind in ClickKind.allCases { #expect(loaded.bank.origins[kind] == "bundled") }
    }

    @Test func readingAMissingFileDirectlyNamesIt() {
        #expect(throws: SoundLoadError(path: "/nonexistent/key.wav", reason: .notFound)) {
            try SoundFileReader.read("/nonexistent/key.wav")
        }
    }
}
