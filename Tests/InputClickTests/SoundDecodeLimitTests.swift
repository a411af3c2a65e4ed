import Foundation
import InputClick
import Testing

/// A sound-pack file is bounded by what it decodes to, not by what its header
/// claims: at most 8 channels and 384 kHz, checked from the header before
/// decoding, and at most 2,097,152 samples, checked from the header and
/// counted again while decoding.
@Suite struct SoundDecodeLimitTests {
    static let sampleCap = 1 << 21

    /// Writes `seconds` of silence.
    private func writeSilence(seconds: Double, sampleRate: Int, channels: Int, format: SoundFileFormat,
                              to path: String) throws {
        let frames = Int((seconds * Double(sampleRate)).rounded())
        try SoundFileWriter.write(samples: [Float](repeating: 0, count: frames * channels), sampleRate: sampleRate,
                                  channels: channels, format: format, to: path)
    }

    /// Writes `seconds` of silence as FLAC whose header does not say how long
    /// it is (STREAMINFO's total of samples 0, as a streamed encoder leaves it).
    private func writeFLACOfUnknownLength(seconds: Double, sampleRate: Int, channels: Int, to path: String) throws {
        try writeSilence(seconds: seconds, sampleRate: sampleRate, channels: channels, format: .flac16, to: path)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // "fLaC", then STREAMINFO (block type 0) from byte 8; its 36-bit
        // total of samples is the low half of byte 21 and bytes 22 to 25.
        try #require(bytes.count > 26 && bytes[0..<4] == [0x66, 0x4C, 0x61, 0x43] && bytes[4] & 0x7F == 0)
        bytes[21] &= 0xF0
        for index in 22...25 { bytes[index] = 0 }
        try SoundTestSupport.writeBytes(bytes, to: path)
    }

    @Test func anOggVorbisPackFileOf255ChannelsIsRefusedByNameWithTheCount() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/key.ogg"
            try writeSilence(seconds: 0.05, sampleRate: 48_000, channels: 255, format: .oggVorbis, to: path)

            let loaded = SoundBank.load(packDirectory: directory, sampleRate: 48_000, channels: 2)

            #expect(loaded.problems == [SoundLoadError(path: path, reason: .tooManyChannels(channels: 255, limit: 8),
                                                       kind: .key)])
            #expect(loaded.problems.first?.description
                    == "\(path): has 255 channels; at most 8 are accepted (the bundled key sound stays)")
            #expect(loaded.bank.origins[.key] == "bundled")
        }
    }

    @Test func eightChannelsAreAcceptedAndNineAreRefused() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            try writeSilence(seconds: 0.01, sampleRate: 48_000, channels: 8, format: .wavPCM16, to: directory + "/eight.wav")
            try writeSilence(seconds: 0.01, sampleRate: 48_000, channels: 9, format: .wavPCM16, to: directory + "/nine.wav")

            #expect(try SoundFileReader.read(directory + "/eight.wav", limits: .soundPack).channels == 8)
            #expect(throws: SoundLoadError(path: directory + "/nine.wav", reason: .tooManyChannels(channels: 9, limit: 8))) {
                try SoundFileReader.read(directory + "/nine.wav", limits: .soundPack)
            }
        }
    }

    @Test func a768KilohertzFileIsRefusedAndA384KilohertzFileIsAccepted() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/delete.wav"
            try writeSilence(seconds: 0.01, sampleRate: 768_000, channels: 1, format: .wavPCM16, to: path)
            try writeSilence(seconds: 0.01, sampleRate: 384_000, channels: 1, format: .wavPCM16, to: directory + "/ok.wav")

            let error = SoundLoadError(path: path, reason: .sampleRateTooHigh(rate: 768_000, limit: 384_000))
            #expect(throws: error) { try SoundFileReader.read(path, limits: .soundPack) }
            #expect(error.description == "\(path): is sampled at 768000 Hz; at most 384000 Hz is accepted")
            #expect(try SoundFileReader.read(directory + "/ok.wav", limits: .soundPack).sampleRate == 384_000)
        }
    }

    @Test func aHeaderAnnouncingMoreSamplesThanTheCapIsRefusedBeforeDecoding() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            // 1.5 s of 8 channels at 192 kHz: within 2 s, but 2,304,000 samples.
            let path = directory + "/space.flac"
            try writeSilence(seconds: 1.5, sampleRate: 192_000, channels: 8, format: .flac16, to: path)

            #expect(throws: SoundLoadError(path: path, reason: .tooManySamples(atLeast: 2_304_000, limit: Self.sampleCap))) {
                try SoundFileReader.read(path, limits: .soundPack)
            }
        }
    }

    @Test func decodingStopsAtTheSampleCapWhenTheHeaderDoesNotSayHowLongTheFileIs() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/space.flac"
            try writeFLACOfUnknownLength(seconds: 1.5, sampleRate: 192_000, channels: 8, to: path)

            let error = try #require(throws: SoundLoadError.self) { try SoundFileReader.read(path, limits: .soundPack) }
            guard case let .tooManySamples(count, limit) = error.reason else {
                Issue.record("expected tooManySamples, got \(error.reason)"); return
            }
            #expect(limit == Self.sampleCap)
            // Stopped within one read (4,096 frames) of the cap, well short of the file's 2,304,000.
            #expect(count > Self.sampleCap && count <= Self.sampleCap + 4_096 * 8, "\(count)")
        }
    }

    @Test func decodingStopsAtTwoSecondsWhenTheHeaderDoesNotSayHowLongTheFileIs() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/return.flac"
            try writeFLACOfUnknownLength(seconds: 3, sampleRate: 8_000, channels: 1, to: path)

            let error = try #require(throws: SoundLoadError.self) { try SoundFileReader.read(path, limits: .soundPack) }
            guard case let .tooLong(seconds, limit) = error.reason else {
                Issue.record("expected tooLong, got \(error.reason)"); return
            }
            #expect(limit == 2)
            #expect(seconds > 2 && seconds <= 2 + 4_096.0 / 8_000, "\(seconds)")
        }
    }

    @Test func aFileWhoseHeaderDoesNotSayHowLongItIsIsAcceptedWithinTheLimits() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/key.flac"
            try writeFLACOfUnknownLength(seconds: 0.1, sampleRate: 48_000, channels: 1, to: path)

            let sound = try SoundFileReader.read(path, limits: .soundPack)

            #expect(sound.frameCount == 4_800)
        }
    }
}
