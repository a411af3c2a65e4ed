import Foundation
import InputClick
import InputClickALSA
import InputClickTesting
import Testing

extension ThroughTheVirtualSink {
    @Suite struct CapturedClickTests {
        @Test func eachClickIsInThePlayedAudioAtItsRecordedFrameWithItsOwnSound() throws {
            let rig = try SinkRig(capture: true)
            #expect(rig.showAndWaitUntilRunning())
            let format = try #require(rig.player.statistics.format)
            #expect(format.sampleFormat == .float32, "the sink accepts float, the first format asked for")
            #expect(format.sampleRate == 48_000)
            usleep(100_000)
            let kinds: [ClickKind] = [.key, .delete, .modifier, .space, .return, .key, .key, .space, .delete, .return]
            var played: [ClickKind] = []
            for kind in kinds {
                if rig.gate.playInputClick(kind) == .plays { played.append(kind) }
                usleep(80_000)
            }
            #expect(played == kinds)
            #expect(rig.waitForWrittenClicks(played.count))
            #expect(rig.hideAndWaitUntilClosed())

            let audio = try rig.capturedAudio(format.sampleFormat)
            #expect(audio.sampleRate == 48_000 && audio.channels == format.channels)
            let onsets = AudioAnalysis.onsets(audio.samples, channels: audio.channels, threshold: 0.01, quietFrames: 48)
            let records = rig.player.latency.records()
            #expect(onsets.count == played.count)
            #expect(onsets.map(Int64.init) == records.map(\.streamFrame), "every click starts at the frame the player recorded")
            let heard = onsets.map {
                SyntheticClickSounds.identify(audio.samples[($0 * audio.channels)...], channels: audio.channels,
                                              sampleRate: audio.sampleRate)
            }
            #expect(heard == played.map { Optional($0) })
            // The clicks were not held back and played in a batch: the audio spans the
            // taps' span. (How closely each click follows its tap is latency, which
            // inputclick-bench measures; a busy machine can stall the virtual sink.)
            if let firstOnset = onsets.first, let lastOnset = onsets.last, let first = records.first, let last = records.last {
                let audioSpan = Double(lastOnset - firstOnset) / Double(audio.sampleRate)
                let tapSpan = Double(last.requestedAt - first.requestedAt) / 1e9
                #expect(abs(audioSpan - tapSpan) < 0.25, "\(audioSpan) s of audio for \(tapSpan) s of taps")
            }
        }

        @Test func nothingIsPlayedWhenTheGateSaysNo() throws {
            let rig = try SinkRig(capture: true, settings: ClickSettings(clicksEnabled: false))
            #expect(rig.showAndWaitUntilRunning())
            for kind in ClickKind.allCases {
                #expect(rig.gate.playInputClick(kind) == .clicksOff)
                usleep(30_000)
            }
            usleep(100_000)
            let format = try #require(rig.player.statistics.format)
            #expect(rig.hideAndWaitUntilClosed())
            let audio = try rig.capturedAudio(format.sampleFormat)
            #expect(audio.frameCount > 48_000 / 10, "the stream should have run for a while")
            #expect(AudioAnalysis.peak(audio.samples) == 0)
            #expect(rig.player.latency.count == 0)
        }

        @Test func aSixteenBitDeviceGetsConvertedSamplesWithTheClicksIntact() throws {
            let rig = try SinkRig(capture: true, formats: [.signed16])
            #expect(rig.showAndWaitUntilRunning())
            #expect(rig.player.statistics.format?.sampleFormat == .signed16)
            usleep(50_000)
            for kind in [ClickKind.space, .modifier, .key] {
                #expect(rig.gate.playInputClick(kind) == .plays)
                usleep(80_000)
            }
            #expect(rig.waitForWrittenClicks(3))
            #expect(rig.hideAndWaitUntilClosed())
            let audio = try rig.capturedAudio(.signed16)
            #expect(audio.bitsPerSample == 16 && !audio.isFloat)
            let onsets = AudioAnalysis.onsets(audio.samples, channels: audio.channels, threshold: 0.01, quietFrames: 48)
            let heard = onsets.map {
                SyntheticClickSounds.identify(audio.samples[($0 * audio.channels)...], channels: audio.channels,
                                              sampleRate: audio.sampleRate)
            }
            #expect(heard == [.space, .modifier, .key])
        }
    }
}
