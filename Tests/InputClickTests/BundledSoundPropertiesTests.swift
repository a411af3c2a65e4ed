import Foundation
import InputClick
import Testing

/// The committed `Sounds/*.wav`, read back with the package's own decoder,
/// meet the bundled sounds' specification.
@Suite struct BundledSoundPropertiesTests {
    static let rate = 48_000

    private static func committed(_ kind: ClickKind) throws -> DecodedSound {
        try SoundFileReader.read(SoundTestSupport.committedSoundsDirectory + "/" + BundledSoundGenerator.fileName(for: kind))
    }

    @Test(arguments: ClickKind.allCases)
    func eachFileIs48kHzMono16BitPCM(kind: ClickKind) throws {
        let path = SoundTestSupport.committedSoundsDirectory + "/" + BundledSoundGenerator.fileName(for: kind)
        let header = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(36))
        func little16(_ at: Int) -> Int { Int(header[at]) | Int(header[at + 1]) << 8 }
        #expect(String(decoding: header[0..<4], as: UTF8.self) == "RIFF")
        #expect(String(decoding: header[8..<12], as: UTF8.self) == "WAVE")
        #expect(little16(20) == 1, "format tag 1 is integer PCM")
        #expect(little16(22) == 1, "one channel")
        #expect(little16(24) | little16(26) << 16 == 48_000)
        #expect(little16(34) == 16, "16 bits per sample")
        let sound = try Self.committed(kind)
        #expect(sound.sampleRate == 48_000 && sound.channels == 1)
    }

    @Test(arguments: ClickKind.allCases)
    func eachSoundLastsFiveToSixtyMilliseconds(kind: ClickKind) throws {
        let milliseconds = try Self.committed(kind).duration * 1000
        #expect(milliseconds >= 5 && milliseconds <= 60, "\(kind) lasts \(milliseconds) ms")
    }

    @Test(arguments: ClickKind.allCases)
    func eachSoundPeaksBetweenMinusSixAndMinusOneDBFS(kind: ClickKind) throws {
        let peak = SoundTestSupport.peakDecibels(try Self.committed(kind).samples)
        #expect(peak >= -6 && peak <= -1, "\(kind) peaks at \(peak) dBFS")
    }

    @Test(arguments: ClickKind.allCases)
    func eachSoundHasNoDCOffset(kind: ClickKind) throws {
        let samples = try Self.committed(kind).samples
        let mean = samples.reduce(0.0) { $0 + Double($1) } / Double(samples.count)
        // Below −80 dBFS: a fraction of one 16-bit step.
        #expect(abs(mean) < 1e-4, "\(kind) has a mean of \(mean)")
    }

    @Test(arguments: ClickKind.allCases)
    func eachSoundEndsWithItsLastMillisecondBelowMinusFiftyDBFS(kind: ClickKind) throws {
        let samples = try Self.committed(kind).samples
        let tail = Array(samples.suffix(Self.rate / 1000))
        let peak = SoundTestSupport.peakDecibels(tail)
        #expect(peak < -50, "\(kind)'s last millisecond peaks at \(peak) dBFS")
    }

    @Test(arguments: ClickKind.allCases)
    func eachSoundStartsFromSilence(kind: ClickKind) throws {
        let samples = try Self.committed(kind).samples
        #expect(samples[0] == 0, "\(kind) starts with a step of \(samples[0])")
        #expect(abs(samples[1]) < 0.1, "\(kind)'s attack is not click-free: second sample \(samples[1])")
    }

    @Test func theLoudestFiveMillisecondsOfEveryKindAreWithinTwoDBOfEachOther() throws {
        var levels: [ClickKind: Double] = [:]
        for kind in ClickKind.allCases {
            levels[kind] = SoundTestSupport.loudestWindowDecibels(try Self.committed(kind).samples,
                                                                  sampleRate: Self.rate, milliseconds: 5)
        }
        let spread = levels.values.max()! - levels.values.min()!
        #expect(spread <= 2, "5 ms loudness per kind: \(levels)")
    }

    @Test func theKindsSoundDifferentFromEachOther() throws {
        // The family's colours: key brightest, then modifier; delete and space
        // low thocks, space the longer and deeper of the two.
        func centroid(_ kind: ClickKind) throws -> Double {
            let samples = try Self.committed(kind).samples.map(Double.init)
            // Spectral centroid from a plain DFT at 100 Hz steps: enough to rank sounds.
            var weighted = 0.0, total = 0.0
            for bin in 1...200 {
                let frequency = Double(bin) * 100
                var re = 0.0, im = 0.0
                for (n, x) in samples.enumerated() {
                    let angle = 2 * Double.pi * frequency * Double(n) / Double(Self.rate)
                    re += x * cos(angle); im -= x * sin(angle)
                }
                let power = re * re + im * im
                weighted += frequency * power; total += power
            }
            return weighted / total
        }
        let key = try centroid(.key), modifier = try centroid(.modifier)
        let delete = try centroid(.delete), space = try centroid(.space)
        #expect(key > modifier && modifier > delete && delete > space,
                "centroids: key \(key), modifier \(modifier), delete \(delete), space \(space)")
        #expect(try Self.committed(.space).duration > Self.committed(.delete).duration)
        #expect(try Self.committed(.return).duration > Self.committed(.key).duration)
    }
}
