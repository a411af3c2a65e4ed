import Foundation
import InputClick
@testable import InputClickALSA
import Testing

extension ThroughTheVirtualSink {
    /// The backend's own recovery path, driven directly: a PCM left without
    /// audio while the sink keeps consuming runs dry, and the next write
    /// recovers in place (`snd_pcm_recover`), counts it, and plays on.
    @Suite struct UnderrunRecoveryTests {
        /// Writes `frames` frames of `buffer`, recovering as the render loop does.
        private func write(_ pcm: PCMHandle, _ buffer: [Float], frames: Int, channels: Int,
                           counters: OutputCounters) throws -> Int {
            var written = 0
            var attempts = 0
            while written < frames && attempts < 1000 {
                attempts += 1
                let outcome = try buffer.withUnsafeBytes { bytes in
                    try ALSACalls.writeInterleaved(pcm, bytes.baseAddress! + written * channels * 4,
                                                   frames: frames - written, counters: counters)
                }
                switch outcome {
                case .recovered: continue
                case .value(let count):
                    written += count
                    if count == 0 { _ = try ALSACalls.wait(pcm, timeoutMilliseconds: 20, counters: counters) }
                }
            }
            return written
        }

        @Test func aStarvedStreamUnderrunsAndTheNextWriteRecoversCountsAndPlaysOn() throws {
            TestEnvironment.prepare()
            let pcm = try ALSACalls.open(VirtualSink.device)
            defer { ALSACalls.drop(pcm); ALSACalls.close(pcm) }
            let format = try ALSANegotiation.negotiate(pcm, device: VirtualSink.device,
                                                       request: OutputStreamRequest(sampleFormats: [.float32],
                                                                                    latency: .explicit(periodFrames: 4096, periodCount: 4)),
                                                       scheduling: .append)
            try #require(format.sampleFormat == .float32)
            let counters = OutputCounters()
            let buffer = [Float](repeating: 0, count: format.bufferFrames * format.channels)
            // Large periods (about a third of a second of buffer), so that this
            // ordinary thread keeps up afterwards even on a loaded machine.
            // Fill the buffer and start the stream (a write never starts it);
            // the sink drains it.
            #expect(try write(pcm, buffer, frames: format.bufferFrames, channels: format.channels, counters: counters)
                    == format.bufferFrames)
            #expect(try ALSACalls.start(pcm, counters: counters) == .value(0))
            #expect(counters.underruns == 0)
            // Starve it for a few buffers' worth.
            let bufferSeconds = Double(format.bufferFrames) / Double(format.sampleRate)
            usleep(UInt32(min(2.0, 3 * bufferSeconds) * 1_000_000))
            #expect(try write(pcm, buffer, frames: format.periodFrames, channels: format.channels, counters: counters)
                    == format.periodFrames)
            #expect(counters.underruns >= 1, "the starved stream reported no underrun")
            // After the recovery the stream keeps playing: with the buffer full
            // again, a second of audio goes out without another underrun.
            _ = try write(pcm, buffer, frames: format.bufferFrames - format.periodFrames, channels: format.channels,
                          counters: counters)
            #expect(try ALSACalls.start(pcm, counters: counters) == .value(0))
            let before = counters.underruns
            var sent = 0
            let deadline = Date().addingTimeInterval(5)
            while sent < format.sampleRate && Date() < deadline {
                sent += try write(pcm, buffer, frames: format.periodFrames, channels: format.channels, counters: counters)
            }
            #expect(sent >= format.sampleRate, "only \(sent) frames went out in 5 s")
            #expect(counters.underruns == before)
        }
    }
}
