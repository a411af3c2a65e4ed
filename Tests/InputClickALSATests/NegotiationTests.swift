import InputClick
import InputClickALSA
import Testing

extension ThroughTheVirtualSink {
    @Suite struct NegotiationTests {
        private func negotiated(_ request: OutputStreamRequest) throws -> OutputFormat {
            TestEnvironment.prepare()
            let stream = try ALSAOutput(device: VirtualSink.device, renderPriority: nil).openStream(request)
            defer { stream.close() }
            return stream.format
        }

        private func opened(_ request: OutputStreamRequest) throws -> (OutputFormat, ClickScheduling) {
            let (format, scheduling, _) = try openedStream(request)
            return (format, scheduling)
        }

        private func openedStream(_ request: OutputStreamRequest) throws -> (OutputFormat, ClickScheduling, keepsRunning: Bool) {
            TestEnvironment.prepare()
            let stream = try ALSAOutput(device: VirtualSink.device, renderPriority: nil).openStream(request)
            defer { stream.close() }
            return (stream.format, stream.scheduling, stream.keepsRunning)
        }

        @Test func theLowLatencyProfileIsSixtyFourFramesTimesTwoAtFortyEightKilohertzWhenAppending() throws {
            let format = try negotiated(OutputStreamRequest(scheduling: .append))
            #expect(format == OutputFormat(sampleRate: 48_000, channels: 2, sampleFormat: .float32, periodFrames: 64, bufferFrames: 128))
            #expect(abs(format.periodMilliseconds - 4.0 / 3.0) < 0.01)
            #expect(abs(format.bufferMilliseconds - 8.0 / 3.0) < 0.01)
        }

        @Test func onTheJackSinkTheDefaultRewindsWithSixteenPeriodsOfSixtyFourFrames() throws {
            let (format, scheduling) = try opened(OutputStreamRequest())
            #expect(scheduling == .rewind)
            #expect(format.periodFrames == 64)
            #expect(format.bufferFrames == 16 * 64, "rewind mode keeps a deep buffer: \(format)")
        }

        @Test func aRewindBufferOfOtherDepthsIsAskedForAsGiven() throws {
            let request = OutputStreamRequest(rewindBufferPeriods: 8)
            let (format, _, keepsRunning) = try openedStream(request)
            if keepsRunning {
                // A stream kept running on a server's graph holds at least four
                // of the cycles it asks the server for, whatever was asked.
                let cycles = request.serverLatency.frames(atSampleRate: format.sampleRate)
                #expect(format.bufferFrames >= max(8 * format.periodFrames, 4 * cycles), "\(format)")
            } else {
                #expect(format.bufferFrames == 8 * format.periodFrames)
            }
        }

        @Test func onDemandSchedulingKeepsTheProfilesBuffer() throws {
            let (format, scheduling) = try opened(OutputStreamRequest(scheduling: .onDemand))
            #expect(scheduling == .onDemand)
            #expect(format.bufferFrames == 2 * format.periodFrames)
        }

        @Test func theConservativeProfileAsksForTenMillisecondPeriodsTimesThree() throws {
            let format = try negotiated(OutputStreamRequest(latency: .conservative, scheduling: .append))
            // The JACK plugin wants whole multiples of the server's 64-frame
            // period, so 480 becomes the nearest it allows.
            #expect(abs(format.periodFrames - 480) <= 64)
            if !VirtualSink.isPipeWire { #expect(format.periodFrames % 64 == 0) }
            #expect(format.bufferFrames == 3 * format.periodFrames)
        }

        @Test func explicitSizesAreKeptOrReplacedByTheNearestTheDeviceAllows() throws {
            let format = try negotiated(OutputStreamRequest(latency: .explicit(periodFrames: 100, periodCount: 4)))
            #expect(format.periodFrames > 0 && format.bufferFrames >= 2 * format.periodFrames)
            #expect(abs(format.periodFrames - 100) <= 100, "period \(format.periodFrames) is far from the 100 asked for")
        }

        @Test func theFirstSampleFormatTheDeviceAcceptsIsChosen() throws {
            #expect(try negotiated(OutputStreamRequest(sampleFormats: [.signed32, .signed16])).sampleFormat == .signed32)
            #expect(try negotiated(OutputStreamRequest(sampleFormats: [.signed16])).sampleFormat == .signed16)
        }

        @Test func monoIsGrantedByTheSinksPlugLayer() throws {
            #expect(try negotiated(OutputStreamRequest(channels: 1)).channels == 1)
        }
    }
}
