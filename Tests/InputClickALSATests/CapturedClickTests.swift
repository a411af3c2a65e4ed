import Foundation
import InputClick
import InputClickALSA
import InputClickTesting
import Testing

extension ThroughTheVirtualSink {
    @Suite struct CapturedClickTests {
        @Test(arguments: [SchedulingPreference.automatic, .onDemand, .append])
        func eachClickIsInThePlayedAudioAtItsRecordedFrameWithItsOwnSound(_ scheduling: SchedulingPreference) throws {
            let rig = try SinkRig(capture: true, scheduling: scheduling)
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
            // The clicks were not held back and played in a batch. (How closely each
            // click follows its tap is latency, which inputclick-bench measures; a
            // busy machine can stall the virtual sink.)
            if let first = records.first, let last = records.last {
                let tapSpan = Double(last.requestedAt - first.requestedAt) / 1e9
                let writeSpan = Double(last.writtenAt - first.writtenAt) / 1e9
                #expect(abs(writeSpan - tapSpan) < 0.25, "\(writeSpan) s of writes for \(tapSpan) s of taps")
                if scheduling == .append, let firstOnset = onsets.first, let lastOnset = onsets.last {
                    // A stream that never stops is captured on the wall clock: the audio spans the taps.
                    let audioSpan = Double(lastOnset - firstOnset) / Double(audio.sampleRate)
                    #expect(abs(audioSpan - tapSpan) < 0.25, "\(audioSpan) s of audio for \(tapSpan) s of taps")
                } else if let firstOnset = onsets.first, let lastOnset = onsets.last {
                    // A stream that stops while silent writes nothing between clicks:
                    // the capture holds each click and its tail, not the pauses.
                    let audioSpan = Double(lastOnset - firstOnset) / Double(audio.sampleRate)
                    #expect(audioSpan < tapSpan - 0.2, "\(audioSpan) s of audio for \(tapSpan) s of taps: the stream never slept")
                }
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
            #expect(rig.player.statistics.scheduling == .rewind)
            #expect(rig.hideAndWaitUntilClosed())
            let audio = try rig.capturedAudio(format.sampleFormat)
            // No click asked the stream to start: it slept and wrote (next to) nothing.
            #expect(audio.frameCount < 48_000 / 10, "the stream wrote \(audio.frameCount) frames of silence")
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
