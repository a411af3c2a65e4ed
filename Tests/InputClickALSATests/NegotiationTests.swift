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

        @Test func theLowLatencyDefaultIsSixtyFourFramesTimesTwoAtFortyEightKilohertz() throws {
            let format = try negotiated(OutputStreamRequest())
            #expect(format == OutputFormat(sampleRate: 48_000, channels: 2, sampleFormat: .float32, periodFrames: 64, bufferFrames: 128))
            #expect(abs(format.periodMilliseconds - 4.0 / 3.0) < 0.01)
            #expect(abs(format.bufferMilliseconds - 8.0 / 3.0) < 0.01)
        }

        @Test func theConservativeProfileAsksForTenMillisecondPeriodsTimesThree() throws {
            let format = try negotiated(OutputStreamRequest(latency: .conservative))
            // The JACK plugin wants whole multiples of the server's 64-frame
            // period, so 480 becomes the nearest it allows.
            #expect(abs(format.periodFrames - 480) <= 64)
            #expect(format.periodFrames % 64 == 0)
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
