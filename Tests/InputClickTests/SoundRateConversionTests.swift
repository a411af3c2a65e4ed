import Foundation
import InputClick
import Testing

/// Converting rates and channel counts at load time keeps a sound's pitch,
/// level and length, and maps channels by the documented rule.
@Suite struct SoundRateConversionTests {
    struct Case: CustomStringConvertible, Sendable {
        var from: Int
        var to: Int
        var frequency: Double
        var description: String { "\(frequency) Hz, \(from) → \(to)" }
    }

    @Test(arguments: [
        Case(from: 44_100, to: 48_000, frequency: 1_000),
        Case(from: 48_000, to: 44_100, frequency: 5_000),
        Case(from: 22_050, to: 48_000, frequency: 440),
        Case(from: 96_000, to: 48_000, frequency: 12_000),
        Case(from: 8_000, to: 192_000, frequency: 3_000),
    ])
    func aSineKeepsItsFrequencyLevelAndLength(testCase: Case) throws {
        let seconds = 0.5
        let source = DecodedSound(samples: SoundTestSupport.sine(frequency: testCase.frequency, amplitude: 0.5,
                                                                 sampleRate: testCase.from, seconds: seconds),
                                  sampleRate: testCase.from, channels: 1, source: "test sine")

        let converted = try source.converted(toSampleRate: testCase.to, channels: 1)

        #expect(converted.sampleRate == testCase.to)
        #expect(abs(converted.frameCount - Int(seconds * Double(testCase.to))) <= 2)
        let frequency = SoundTestSupport.toneFrequency(converted.samples, sampleRate: testCase.to)
        #expect(abs(frequency - testCase.frequency) < testCase.frequency * 1e-4, "\(frequency) Hz")
        let level = SoundTestSupport.middleRMSDecibels(converted.samples)
        let expected = SoundTestSupport.middleRMSDecibels(source.samples)
        #expect(abs(level - expected) < 0.05, "\(level) dBFS, expected \(expected)")
    }

    @Test func conversionKeepsTheSoundInPlaceInTime() throws {
        // A single short burst at 10 ms stays at 10 ms (the converter's delay is compensated).
        var samples = [Float](repeating: 0, count: 4_410)
        for i in 441..<461 { samples[i] = Float(sin(Double(i - 441) * Double.pi / 20)) }
        let converted = try DecodedSound(samples: samples, sampleRate: 44_100, channels: 1, source: "burst")
            .converted(toSampleRate: 48_000, channels: 1)
        let peakIndex = converted.samples.indices.max { abs(converted.samples[$0]) < abs(converted.samples[$1]) }!
        let peakTime = Double(peakIndex) / 48_000
        #expect(abs(peakTime - (441 + 10) / 44_100.0) < 0.000_1, "peak at \(peakTime) s")
    }

    @Test func monoIsDuplicatedToEveryChannel() throws {
        let mono = DecodedSound(samples: [0.1, -0.2, 0.3], sampleRate: 48_000, channels: 1, source: "mono")
        let six = try mono.converted(toSampleRate: 48_000, channels: 6)
        #expect(six.samples == [Float](repeating: 0.1, count: 6) + [Float](repeating: -0.2, count: 6)
                + [Float](repeating: 0.3, count: 6))
    }

    @Test func manyChannelsAverageToMono() throws {
        let six = DecodedSound(samples: [0.6, 0, 0, 0, 0, 0, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1],
                               sampleRate: 48_000, channels: 6, source: "six")
        let mono = try six.converted(toSampleRate: 48_000, channels: 1)
        #expect(mono.samples.count == 2)
        #expect(abs(mono.samples[0] - 0.1) < 1e-6 && abs(mono.samples[1] - 0.1) < 1e-6)
    }

    @Test func stereoRepeatsLeftAndRightAcrossMoreChannels() throws {
        let stereo = DecodedSound(samples: [0.5, -0.25], sampleRate: 48_000, channels: 2, source: "stereo")
        let four = try stereo.converted(toSampleRate: 48_000, channels: 4)
        #expect(four.samples == [0.5, -0.25, 0.5, -0.25])
    }

    @Test func surroundFoldsToStereoByAveragingAlternateChannels() throws {
        // WAV order L R C LFE Ls Rs: left = avg(L, C, Ls), right = avg(R, LFE, Rs).
        let surround = DecodedSound(samples: [0.3, 0.6, 0.3, 0, 0.3, 0.3], sampleRate: 48_000, channels: 6, source: "5.1")
        let stereo = try surround.converted(toSampleRate: 48_000, channels: 2)
        #expect(abs(stereo.samples[0] - 0.3) < 1e-6 && abs(stereo.samples[1] - 0.3) < 1e-6)
    }

    @Test func moreChannelsThanLibsamplerateTakesAtOnceStillConvert() throws {
        let channels = 130
        let sine = SoundTestSupport.sine(frequency: 1_000, amplitude: 0.5, sampleRate: 44_100, seconds: 0.05,
                                         channels: channels)
        let converted = try DecodedSound(samples: sine, sampleRate: 44_100, channels: channels, source: "wide")
            .converted(toSampleRate: 48_000, channels: channels)
        #expect(abs(converted.frameCount - 2_400) <= 2)
        let first = SoundTestSupport.channel(0, of: converted.samples, channels: channels)
        let last = SoundTestSupport.channel(channels - 1, of: converted.samples, channels: channels)
        #expect(first == last)
    }

    @Test func aRatioBeyondLibsampleratesRangeIsANamedError() {
        let sound = DecodedSound(samples: [0, 0.5, 0], sampleRate: 100, channels: 1, source: "/packs/slow.wav")
        #expect(throws: SoundLoadError.self) { try sound.converted(toSampleRate: 48_000, channels: 1) }
        do {
            _ = try sound.converted(toSampleRate: 48_000, channels: 1)
        } catch {
            #expect(error.path == "/packs/slow.wav")
        }
    }
}
