import Foundation
import InputClick
import Testing

/// The writer produces files the reader gets back, reproducibly, and names
/// the file when it cannot.
@Suite struct SoundFileWriterTests {
    @Test(arguments: SoundFileFormat.allCases)
    func whatIsWrittenReadsBack(format: SoundFileFormat) throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/tone." + format.fileExtension
            let sine = SoundTestSupport.sine(frequency: 750, amplitude: 0.4, sampleRate: 44_100, seconds: 0.2, channels: 2)
            try SoundFileWriter.write(samples: sine, sampleRate: 44_100, channels: 2, format: format, to: path)

            let back = try SoundFileReader.read(path)

            #expect(back.sampleRate == 44_100 && back.channels == 2)
            #expect(abs(back.frameCount - 8_820) <= 2)
            if format != .oggVorbis {
                // Lossless formats: within one step of the coarsest (8-bit) quantizer.
                let worst = zip(back.samples, sine).map { abs($0 - $1) }.max() ?? 1
                #expect(worst <= 1.0 / 128, "largest difference \(worst)")
            }
            let level = SoundTestSupport.middleRMSDecibels(SoundTestSupport.channel(0, of: back.samples, channels: 2))
            #expect(abs(level - Decibels.fromGain(0.4 / 2.0.squareRoot())) < 0.3)
        }
    }

    @Test(arguments: [SoundFileFormat.wavPCM16, .wavFloat32, .flac16])
    func theSameSamplesGiveTheSameBytes(format: SoundFileFormat) throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let sine = SoundTestSupport.sine(frequency: 300, amplitude: 0.4, sampleRate: 48_000, seconds: 0.05)
            let a = directory + "/a." + format.fileExtension, b = directory + "/b." + format.fileExtension
            try SoundFileWriter.write(samples: sine, sampleRate: 48_000, channels: 1, format: format, to: a)
            try SoundFileWriter.write(samples: sine, sampleRate: 48_000, channels: 1, format: format, to: b)
            #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
        }
    }

    @Test func sixteenBitSamplesAreStoredUnchangedAndReadAsSampleOver32768() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/exact.wav"
            let samples: [Int16] = [0, 1, -1, 16_384, -32_768, 32_767]
            try SoundFileWriter.writePCM16(samples: samples, sampleRate: 48_000, channels: 1, to: path)
            let back = try SoundFileReader.read(path)
            #expect(back.samples == samples.map { Float($0) / 32_768 })
        }
    }

    @Test func floatsOutsideFullScaleAreClippedInIntegerFormats() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/hot.wav"
            try SoundFileWriter.write(samples: [1.5, -1.5, 0.5], sampleRate: 48_000, channels: 1, format: .wavPCM16, to: path)
            let back = try SoundFileReader.read(path)
            #expect(back.samples[0] > 0.999 && back.samples[1] <= -0.999, "\(back.samples)")
            #expect(abs(back.samples[2] - 0.5) < 1.0 / 32_768)
        }
    }

    @Test func anUnwritablePathIsANamedError() {
        let path = "/nonexistent-directory/out.wav"
        do {
            try SoundFileWriter.write(samples: [0, 0.1], sampleRate: 48_000, channels: 1, format: .wavPCM16, to: path)
            Issue.record("writing to \(path) succeeded")
        } catch {
            #expect(error.path == path)
            #expect(error.description.hasPrefix(path + ": cannot be written: "))
        }
    }

    @Test func raggedFramesAreANamedErrorAndNothingIsWritten() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/never-written.wav"
            #expect(throws: SoundWriteError.self) {
                try SoundFileWriter.write(samples: [0, 0.1, 0.2], sampleRate: 48_000, channels: 2, format: .wavPCM16,
                                          to: path)
            }
            #expect(access(path, F_OK) != 0, "a ragged buffer is refused before the file is made")
        }
    }
}
