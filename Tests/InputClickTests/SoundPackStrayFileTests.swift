import Foundation
import InputClick
import Testing

/// A pack directory full of other sounds (a sample library, a download
/// folder) gives a handful of problems, and so of warnings per load, not one
/// per file: the first stray files by name, then one that counts the rest.
@Suite struct SoundPackStrayFileTests {
    @Test func aThousandStrayFilesGiveABoundedListThatNamesTheTotal() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            for index in 0..<1_000 {
                try SoundTestSupport.writeBytes([], to: directory + "/sample-\(1_000 + index).wav")
            }
            let sine = SoundTestSupport.sine(frequency: 440, amplitude: 0.3, sampleRate: 48_000, seconds: 0.05)
            try SoundFileWriter.write(samples: sine, sampleRate: 48_000, channels: 1, format: .wavPCM16, to: directory + "/key.wav")

            let loaded = SoundBank.load(packDirectory: directory, sampleRate: 48_000, channels: 2)

            #expect(loaded.problems.count == SoundPack.listedStrayFiles + 1, "\(loaded.problems.count) problems")
            #expect(loaded.problems.count <= 6)
            #expect(loaded.problems.prefix(SoundPack.listedStrayFiles).map(\.path)
                    == (1_000..<1_005).map { directory + "/sample-\($0).wav" })
            let summary = try #require(loaded.problems.last)
            #expect(summary.reason == .moreStrayFiles(count: 995, total: 1_000))
            #expect(summary.description == "\(directory): holds 995 more sound files whose names name no click kind, "
                                           + "1,000 in all; they are ignored")
            #expect(loaded.bank.origins[.key] == directory + "/key.wav", "the pack's own sound still loads")
        }
    }

    @Test func upToTheListedNumberEachStrayFileIsNamedAndNoneIsCounted() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            for index in 0..<SoundPack.listedStrayFiles {
                try SoundTestSupport.writeBytes([], to: directory + "/other-\(index).ogg")
            }
            let pack = SoundPack(scanning: directory)
            #expect(pack.problems.count == SoundPack.listedStrayFiles)
            #expect(pack.problems.allSatisfy { if case .unknownKind = $0.reason { true } else { false } })
        }
    }

    @Test func problemsOtherThanStrayFilesAreAllKept() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            for index in 0..<20 {
                try SoundTestSupport.writeBytes([], to: directory + "/stray-\(index).flac")
            }
            try SoundTestSupport.writeBytes([], to: directory + "/key.wav")
            try SoundTestSupport.writeBytes([], to: directory + "/key.flac")
            let pack = SoundPack(scanning: directory)
            let duplicates = pack.problems.filter { if case .duplicateKind = $0.reason { true } else { false } }
            #expect(duplicates.count == 2)
            #expect(pack.problems.count == 2 + SoundPack.listedStrayFiles + 1)
            #expect(pack.problems.last?.reason == .moreStrayFiles(count: 15, total: 20))
        }
    }
}
