import Foundation
import InputClick
import Testing

/// Every accepted format in a sound pack loads and is converted to the
/// bank's rate and channel count, keeping its length, pitch and level.
@Suite struct SoundPackFormatTests {
    struct Fixture: CustomStringConvertible, Sendable {
        var format: SoundFileFormat
        var channels: Int
        var sampleRate: Int
        /// How far the level may drift, in dB (lossy Vorbis drifts a little).
        var levelTolerance: Double { format == .oggVorbis ? 0.5 : 0.15 }
        var description: String { "\(format) \(channels) ch \(sampleRate) Hz" }
    }

    static let fixtures: [Fixture] = [
        Fixture(format: .wavPCMU8, channels: 1, sampleRate: 22_050),
        Fixture(format: .wavPCM16, channels: 2, sampleRate: 44_100),
        Fixture(format: .wavPCM16, channels: 1, sampleRate: 48_000),
        Fixture(format: .wavPCM24, channels: 6, sampleRate: 96_000),
        Fixture(format: .wavPCM32, channels: 1, sampleRate: 44_100),
        Fixture(format: .wavFloat32, channels: 2, sampleRate: 96_000),
        Fixture(format: .wavFloat64, channels: 1, sampleRate: 32_000),
        Fixture(format: .flac16, channels: 1, sampleRate: 44_100),
        Fixture(format: .flac24, channels: 6, sampleRate: 22_050),
        Fixture(format: .oggVorbis, channels: 2, sampleRate: 44_100),
        Fixture(format: .oggVorbis, channels: 1, sampleRate: 22_050),
    ]

    static let seconds = 0.25
    static let amplitude = 0.5

    @Test(arguments: fixtures)
    func aPackFileLoadsAndIsConvertedToTheBanksFormat(fixture: Fixture) throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/key." + fixture.format.fileExtension
            let sine = SoundTestSupport.sine(frequency: 1_000, amplitude: Self.amplitude, sampleRate: fixture.sampleRate,
                                             seconds: Self.seconds, channels: fixture.channels)
            try SoundFileWriter.write(samples: sine, sampleRate: fixture.sampleRate, channels: fixture.channels,
                                      format: fixture.format, to: path)

            let loaded = SoundBank.load(packDirectory: directory, sampleRate: 48_000, channels: 2)

            #expect(loaded.problems.isEmpty, "\(loaded.problems)")
            #expect(loaded.bank.origins[.key] == path)
            let frames = loaded.bank.sound(.key).frameCount
            #expect(abs(frames - Int(Self.seconds * 48_000)) <= 4, "\(frames) frames")
            let expectedLevel = Decibels.fromGain(Self.amplitude / 2.0.squareRoot())
            let samples = loaded.bank.samples(.key)
            for channel in 0..<2 {
                let signal = SoundTestSupport.channel(channel, of: samples, channels: 2)
                let level = SoundTestSupport.middleRMSDecibels(signal)
                #expect(abs(level - expectedLevel) < fixture.levelTolerance,
                        "channel \(channel): \(level) dBFS, expected \(expectedLevel)")
                let frequency = SoundTestSupport.toneFrequency(signal, sampleRate: 48_000)
                #expect(abs(frequency - 1_000) < 1, "channel \(channel): \(frequency) Hz")
            }
            for kind in ClickKind.allCases where kind != .key {
                #expect(loaded.bank.origins[kind] == "bundled")
            }
        }
    }

    @Test func everyKindCanComeFromThePackInAMixOfFormats() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let formats: [ClickKind: SoundFileFormat] = [.key: .wavPCM16, .delete: .flac16, .modifier: .wavFloat32,
                                                         .space: .oggVorbis, .return: .wavPCM24]
            for (kind, format) in formats {
                let sine = SoundTestSupport.sine(frequency: 500, amplitude: 0.3, sampleRate: 44_100, seconds: 0.05)
                try SoundFileWriter.write(samples: sine, sampleRate: 44_100, channels: 1, format: format,
                                          to: directory + "/\(kind.name).\(format.fileExtension)")
            }
            try SoundTestSupport.writeBytes(Array("not a sound".utf8), to: directory + "/README.txt")

            let loaded = SoundBank.load(packDirectory: directory, sampleRate: 48_000, channels: 1)

            #expect(loaded.problems.isEmpty, "\(loaded.problems)")
            for (kind, format) in formats {
                #expect(loaded.bank.origins[kind] == directory + "/\(kind.name).\(format.fileExtension)")
                #expect(abs(loaded.bank.sound(kind).frameCount - 2_400) <= 4)
            }
        }
    }

    @Test func fileNamesAreMatchedWithoutRegardToCase() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let sine = SoundTestSupport.sine(frequency: 500, amplitude: 0.3, sampleRate: 48_000, seconds: 0.02)
            try SoundFileWriter.write(samples: sine, sampleRate: 48_000, channels: 1, format: .wavPCM16,
                                      to: directory + "/Space.WAV")
            let loaded = SoundBank.load(packDirectory: directory, sampleRate: 48_000, channels: 1)
            #expect(loaded.problems.isEmpty)
            #expect(loaded.bank.origins[.space] == directory + "/Space.WAV")
        }
    }

    @Test func stereoFilesKeepTheirLeftAndRightApart() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let left = SoundTestSupport.sine(frequency: 1_000, amplitude: 0.5, sampleRate: 44_100, seconds: 0.1)
            let right = SoundTestSupport.sine(frequency: 1_000, amplitude: 0.125, sampleRate: 44_100, seconds: 0.1)
            var stereo: [Float] = []
            for i in left.indices { stereo += [left[i], right[i]] }
            try SoundFileWriter.write(samples: stereo, sampleRate: 44_100, channels: 2, format: .wavPCM16,
                                      to: directory + "/return.wav")

            let bank = SoundBank.load(packDirectory: directory, sampleRate: 48_000, channels: 2).bank

            let samples = bank.samples(.return)
            let leftLevel = SoundTestSupport.middleRMSDecibels(SoundTestSupport.channel(0, of: samples, channels: 2))
            let rightLevel = SoundTestSupport.middleRMSDecibels(SoundTestSupport.channel(1, of: samples, channels: 2))
            #expect(abs(leftLevel - rightLevel - 12.04) < 0.2, "left \(leftLevel) dB, right \(rightLevel) dB")
        }
    }

    @Test func decodedFloatSamplesBeyondFullScaleAreClampedToIt() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/key.wav"
            try SoundFileWriter.write(samples: [0.25, 3, -3, .greatestFiniteMagnitude, -0.5],
                                      sampleRate: 48_000, channels: 1, format: .wavFloat32, to: path)
            let sound = try SoundFileReader.read(path)
            #expect(sound.samples == [0.25, 1, -1, 1, -0.5])
        }
    }
}
