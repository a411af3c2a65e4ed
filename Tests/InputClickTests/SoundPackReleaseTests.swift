import Foundation
import InputClick
import Testing

/// A sound pack's release sounds (`key-up.wav`): loaded and checked like its
/// other files, played for a release, and replaced by the press sound 10 dB
/// quieter when the pack has none.
@Suite struct SoundPackReleaseTests {
    /// Writes a 50 ms float WAV sine of `frequency` Hz at 48 kHz mono to `path`.
    private func writeTone(_ frequency: Double, amplitude: Double, to path: String) throws {
        let sine = SoundTestSupport.sine(frequency: frequency, amplitude: amplitude, sampleRate: 48_000, seconds: 0.05)
        try SoundFileWriter.write(samples: sine, sampleRate: 48_000, channels: 1, format: .wavFloat32, to: path)
    }

    /// Renders one click of `kind` at time 0, as a release or a press, through a fresh mono mixer.
    private func render(_ kind: ClickKind, release: Bool, bank: SoundBank) -> [Float] {
        let timeline = ClickTimeline([.init(time: 0, kind: kind, placement: ClickPlacement(isRelease: release))])
        return timeline.render(through: Mixer(configuration: MixerConfiguration(channels: 1), bank: bank),
                               tailFrames: bank.longestFrameCount)
    }

    private func expectClose(_ actual: [Float], _ expected: [Float], _ comment: Comment) {
        #expect(actual.count >= expected.count, comment)
        let worst = zip(actual, expected).map { abs($0 - $1) }.max() ?? .infinity
        #expect(worst < 1e-4, "\(comment): worst difference \(worst)")
        #expect(actual.dropFirst(expected.count).allSatisfy { $0 == 0 }, comment)
    }

    @Test func aPacksKeyUpFileIsWhatAReleasePlaysAndThePressStillPlaysKeyWav() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            try writeTone(1_000, amplitude: 0.3, to: directory + "/key.wav")
            try writeTone(2_000, amplitude: 0.2, to: directory + "/KEY-UP.wav")
            let loaded = SoundBank.load(packDirectory: directory, sampleRate: 48_000, channels: 1)
            #expect(loaded.problems.isEmpty, "\(loaded.problems)")
            #expect(loaded.releaseSources[.key] == SoundSource(origin: .pack, path: directory + "/KEY-UP.wav"))
            #expect(loaded.releaseSources.count == 1)
            let releaseSamples = try #require(loaded.bank.releaseSamples(.key))

            let release = render(.key, release: true, bank: loaded.bank)
            expectClose(release, releaseSamples, "a release plays key-up.wav")
            #expect(abs(SoundTestSupport.toneFrequency(release, sampleRate: 48_000) - 2_000) < 2)
            let press = render(.key, release: false, bank: loaded.bank)
            expectClose(press, loaded.bank.samples(.key), "a press plays key.wav")
            #expect(abs(SoundTestSupport.toneFrequency(press, sampleRate: 48_000) - 1_000) < 2)
        }
    }

    @Test func withoutAReleaseFileAReleasePlaysThePressSoundTenDecibelsQuieter() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            try writeTone(2_000, amplitude: 0.2, to: directory + "/key-up.wav")
            let loaded = SoundBank.load(packDirectory: directory, sampleRate: 48_000, channels: 1)
            #expect(loaded.bank.releaseSound(.space) == nil)
            let gain = Float(Decibels.toGain(Double(ClickPlacement.releaseFallbackGainDecibels)))
            #expect(abs(gain - 0.3162) < 0.001)
            let release = render(.space, release: true, bank: loaded.bank)
            expectClose(release, loaded.bank.samples(.space).map { $0 * gain }, "a space release plays the bundled space sound, quieter")
        }
    }

    @Test func releaseFilesAreRefusedWithReasonsAndTheReleaseFallsBack() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            try writeTone(2_000, amplitude: 0.2, to: directory + "/key-up.wav")
            try writeTone(2_000, amplitude: 0.2, to: directory + "/key-up.flac")
            try SoundTestSupport.writeBytes(Array("not a sound".utf8), to: directory + "/space-up.wav")
            try writeTone(2_000, amplitude: 0.2, to: directory + "/space-down.wav")
            let loaded = SoundBank.load(packDirectory: directory, sampleRate: 48_000, channels: 1)
            #expect(loaded.releaseSources.isEmpty)
            for kind in ClickKind.allCases { #expect(loaded.bank.releaseSound(kind) == nil) }
            let text = loaded.problems.map(\.description)
            #expect(text.count == 4, "\(text)")
            #expect(text.contains("\(directory)/key-up.flac: claims the same kind as \(directory)/key-up.wav; neither is used "
                                  + "(a key release plays the press sound, quieter)"), "\(text)")
            #expect(text.contains { $0.hasPrefix("\(directory)/space-up.wav: cannot be decoded") && $0.hasSuffix("(a space release plays the press sound, quieter)") },
                    "\(text)")
            #expect(text.contains { $0.hasPrefix("\(directory)/space-down.wav: 'space-down' names no click kind") && $0.contains("-up for its release") },
                    "\(text)")
            #expect(loaded.problems.filter(\.isRelease).count == 3)
        }
    }
}
