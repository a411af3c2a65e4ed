import Foundation
import InputClick
import InputClickTesting
import Synchronization
import Testing

@Suite struct PlayerSettingsTests {
    @Test func theClickVolumeFollowsTheSettings() {
        let harness = PlayerHarness(settings: ClickSettings(volume: 1))
        harness.show()
        _ = harness.gate.playInputClick()
        let loud = AudioAnalysis.peak(harness.render(milliseconds: 30))
        harness.player.apply(ClickSettings(volume: 0.5))
        harness.scheduler.runPending()
        _ = harness.render(milliseconds: 5)   // the gain ramps over one block
        _ = harness.gate.playInputClick()
        let quiet = AudioAnalysis.peak(harness.render(milliseconds: 30))
        // volume 0.5 is 0.5³ in gain.
        #expect(abs(quiet / loud - 0.125) < 0.01)
    }

    @Test func theQuietProfilePlaysTenDecibelsBelowFull() {
        let harness = PlayerHarness(settings: ClickSettings(volume: 1, profile: .full))
        harness.show()
        _ = harness.gate.playInputClick()
        let full = AudioAnalysis.peak(harness.render(milliseconds: 30))
        harness.player.apply(ClickSettings(volume: 1, profile: .quiet))
        harness.scheduler.runPending()
        _ = harness.render(milliseconds: 5)   // the gain ramps over one block
        _ = harness.gate.playInputClick()
        let quiet = AudioAnalysis.peak(harness.render(milliseconds: 30))
        #expect(full > 0.1)
        #expect(abs(20 * log10(quiet / full) + 10) < 0.1, "quiet is \(20 * log10(quiet / full)) dB from full")
    }

    @Test func theBankIsMadeAtTheDevicesActualRate() {
        let forced = OutputFormat(sampleRate: 44_100, channels: 1, sampleFormat: .signed16, periodFrames: 128, bufferFrames: 256)
        let requests = Mutex<[SoundBankRequest]>([])
        let harness = PlayerHarness(output: OfflineOutput(format: forced), sounds: { request in
            requests.withLock { $0.append(request) }
            return SyntheticClickSounds.bank(sampleRate: request.sampleRate, channels: request.channels)
        })
        harness.show()
        #expect(requests.withLock { $0 } == [SoundBankRequest(sampleRate: 44_100, channels: 1)])
        #expect(harness.player.statistics.format == forced)
        _ = harness.gate.playInputClick(.space)
        let audio = harness.output.render(frameCount: 4_410)
        #expect(SyntheticClickSounds.identify(audio[...], channels: 1, sampleRate: 44_100) == .space)
    }

    @Test func aNewSoundPackReloadsTheBank() {
        let requests = Mutex<[SoundBankRequest]>([])
        let harness = PlayerHarness(sounds: { request in
            requests.withLock { $0.append(request) }
            return SyntheticClickSounds.bank(sampleRate: request.sampleRate, channels: request.channels)
        })
        harness.show()
        harness.player.apply(ClickSettings(soundPackDirectory: "/packs/typewriter"))
        harness.scheduler.runPending()
        #expect(requests.withLock { $0.map(\.soundPackDirectory) } == [nil, "/packs/typewriter"])
        harness.player.apply(ClickSettings(volume: 0.3, soundPackDirectory: "/packs/typewriter"))
        harness.scheduler.runPending()
        #expect(requests.withLock { $0.count } == 2, "an unchanged pack must not reload")
    }

    @Test func aBankThatFailsToLoadKeepsThePreviousSoundsAndWarns() {
        struct Broken: Error, CustomStringConvertible { var description: String { "key.wav: not a sound file" } }
        let calls = Mutex(0)
        let harness = PlayerHarness(sounds: { request in
            let call = calls.withLock { count -> Int in
                count += 1
                return count
            }
            if call > 1 { throw Broken() }
            return SyntheticClickSounds.bank(sampleRate: request.sampleRate, channels: request.channels)
        })
        harness.show()
        harness.player.reloadSounds()
        harness.scheduler.runPending()
        #expect(harness.reports.warnings.count == 1)
        #expect(harness.reports.warnings.first?.contains("key.wav: not a sound file") == true)
        _ = harness.gate.playInputClick(.delete)
        let audio = harness.render(milliseconds: 30)
        #expect(SyntheticClickSounds.identify(audio[...], channels: 2, sampleRate: 48_000) == .delete)
    }

    @Test func aProviderThatReturnsTheWrongFormatIsReportedAndNothingOpens() {
        let harness = PlayerHarness(sounds: { _ in SyntheticClickSounds.bank(sampleRate: 22_050, channels: 2) })
        harness.show()
        #expect(harness.player.state == .waitingForDevice)
        #expect(!harness.output.isStreamOpen)
        #expect(harness.reports.warnings.first?.contains("22050 Hz") == true)
    }
}

@Suite struct SecureEntryAudioTests {
    @Test func duringSecureEntryEveryKindRendersTheKeySoundSampleForSample() {
        func rendered(_ kind: ClickKind, secure: Bool) -> [Float] {
            let harness = PlayerHarness()
            harness.show()
            harness.gate.setSecureTextEntry(secure)
            _ = harness.gate.playInputClick(kind)
            return harness.render(milliseconds: 60)
        }
        let key = rendered(.key, secure: false)
        #expect(AudioAnalysis.peak(key) > 0.1)
        for kind in ClickKind.allCases {
            #expect(rendered(kind, secure: true) == key, "a secure \(kind) tap must sound exactly like a key")
        }
        // And outside secure entry the kinds do differ, so the check above can fail.
        #expect(rendered(.delete, secure: false) != key)
    }
}
