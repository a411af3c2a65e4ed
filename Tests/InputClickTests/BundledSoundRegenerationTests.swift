import Foundation
import InputClick
import Testing

/// The committed sounds are exactly what the generator makes now, and the
/// library's in-memory bank is exactly what the files hold.
@Suite struct BundledSoundRegenerationTests {
    @Test func theGeneratorRewritesTheCommittedFilesBitForBit() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let written = try BundledSoundGenerator.writeFiles(into: directory)
            #expect(written.count == ClickKind.count)
            for kind in ClickKind.allCases {
                let name = BundledSoundGenerator.fileName(for: kind)
                let fresh = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
                let committed = try Data(contentsOf: URL(fileURLWithPath: SoundTestSupport.committedSoundsDirectory + "/" + name))
                #expect(fresh == committed,
                        "Sounds/\(name) differs from the generator's output; run `swift run inputclick generate-sounds Sounds`")
            }
        }
    }

    @Test func generatingTwiceGivesTheSameSamples() {
        for kind in ClickKind.allCases {
            #expect(BundledSoundGenerator.pcm16Samples(for: kind) == BundledSoundGenerator.pcm16Samples(for: kind))
        }
    }

    @Test(arguments: ClickKind.allCases)
    func theBundledBankAt48kHzMonoHoldsExactlyTheDecodedFile(kind: ClickKind) throws {
        let bank = SoundBank.bundled(sampleRate: 48_000, channels: 1)
        let file = try SoundFileReader.read(SoundTestSupport.committedSoundsDirectory + "/" + BundledSoundGenerator.fileName(for: kind))
        let bundled = bank.samples(kind)
        #expect(bundled.count == file.samples.count)
        let firstDifference = zip(bundled, file.samples).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(firstDifference == nil, "first difference at sample \(firstDifference?.offset ?? -1): \(String(describing: firstDifference?.element))")
        #expect(bank.origins[kind] == "bundled")
    }

    @Test(arguments: ClickKind.allCases)
    func theBundledBankIsConvertedToTheRequestedRateAndChannels(kind: ClickKind) {
        let source = BundledSoundGenerator.decodedSound(for: kind)
        let bank = SoundBank.bundled(sampleRate: 44_100, channels: 2)
        #expect(bank.sampleRate == 44_100 && bank.channels == 2)
        let expectedFrames = Double(source.frameCount) * 44_100 / 48_000
        #expect(abs(Double(bank.sound(kind).frameCount) - expectedFrames) <= 2)
        let samples = bank.samples(kind)
        let left = SoundTestSupport.channel(0, of: samples, channels: 2)
        let right = SoundTestSupport.channel(1, of: samples, channels: 2)
        #expect(left == right, "mono is duplicated to both channels")
        let sourceLevel = SoundTestSupport.loudestWindowDecibels(source.samples, sampleRate: 48_000, milliseconds: 5)
        let level = SoundTestSupport.loudestWindowDecibels(left, sampleRate: 44_100, milliseconds: 5)
        #expect(abs(level - sourceLevel) < 0.5, "level \(level) dB vs \(sourceLevel) dB at the source")
    }
}
