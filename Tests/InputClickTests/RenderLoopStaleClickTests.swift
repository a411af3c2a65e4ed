import InputClick
import InputClickTesting
import Testing

/// The real render loop on a simulated device whose render clock jumps at a
/// tap, as when the device stalls between the tap and the render that takes
/// it: a click that old is dropped and counted, a younger one plays.
@Suite struct RenderLoopStaleClickTests {
    static let period = 64
    static let format = OutputFormat(sampleRate: 48_000, channels: 2, sampleFormat: .float32,
                                     periodFrames: period, bufferFrames: 16 * period)

    /// Runs 200 ticks with one tap at tick 10; from that tick the mixer's clock
    /// reads `stallMilliseconds` ahead of the device's time. Returns the
    /// device, the onsets recorded and the mixer.
    static func run(scheduling: ClickScheduling, stallMilliseconds: UInt64)
        -> (device: SimulatedRenderDevice, records: [LatencyRecord], mixer: Mixer) {
        let clock = SimulatedClock()
        let mixer = Mixer(configuration: MixerConfiguration(sampleRate: 48_000, channels: 2, clock: .manual(clock)),
                          bank: SyntheticClickSounds.bank())
        mixer.prepareHistory(periods: scheduling == .rewind ? format.bufferFrames / period + 1 : 0)
        let renderer = OutputRenderer(mixer: mixer, latency: LatencyRecorder(capacity: 100), format: format)
        let device = SimulatedRenderDevice(format: format)
        let stop = StopFlag(wakeup: mixer.wakeup)
        device.onTick = { [unowned device] tick in
            if tick >= 200 { stop.request() }
            clock.set(device.now + (tick >= 10 ? stallMilliseconds * 1_000_000 : 0))
            guard tick == 10 else { return false }
            #expect(mixer.submitClick(.key, requestedAt: device.now, placement: .center, expiresWhenStale: true))
            return true
        }
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: period * 2)
        defer { buffer.deallocate() }
        let loop = RenderLoop(device: device, renderer: renderer, scheduling: scheduling, format: format,
                              fillFrames: format.bufferFrames, safeguardFrames: 64,
                              stallTimeoutNanoseconds: 1_000_000_000, counters: OutputCounters(), stopRequested: stop,
                              floatBuffer: buffer, deviceBuffer: UnsafeMutableRawPointer(buffer))
        guard case .stopRequested = loop.run() else {
            Issue.record("the loop ended by itself")
            return (device, [], mixer)
        }
        return (device, renderer.latency.records(), mixer)
    }

    @Test(arguments: [ClickScheduling.rewind, .onDemand, .append])
    func aTapTakenMoreThan100msLateIsDroppedAndCounted(scheduling: ClickScheduling) {
        let run = Self.run(scheduling: scheduling, stallMilliseconds: 150)
        #expect(run.mixer.staleClicksDropped == 1)
        #expect(run.records.isEmpty)
        #expect(run.device.written.allSatisfy { $0 == 0 }, "no click was written")
    }

    @Test(arguments: [ClickScheduling.rewind, .onDemand, .append])
    func aTapTakenWithin100msPlays(scheduling: ClickScheduling) {
        let run = Self.run(scheduling: scheduling, stallMilliseconds: 50)
        #expect(run.mixer.staleClicksDropped == 0)
        #expect(run.records.count == 1)
        #expect(AudioAnalysis.peak(run.device.written) > 0.1)
    }
}
