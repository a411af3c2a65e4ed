import InputClick
import InputClickTesting
import Synchronization
import Testing

/// A pull device the test drives: each `cycle()` is one call of its real-time callback.
private final class HandPulledDevice: PullRenderDevice, @unchecked Sendable {
    let entry: PullRenderEntry
    let buffer: UnsafeMutablePointer<Float>
    let closes = Atomic<Int>(0)

    init(entry: PullRenderEntry) {
        self.entry = entry
        buffer = .allocate(capacity: entry.format.periodFrames * entry.format.channels)
    }

    deinit { buffer.deallocate() }

    var format: OutputFormat { entry.format }
    var isRealtime: Bool { false }
    func close() { closes.add(1, ordering: .relaxed) }

    /// One cycle at `time`; returns the peak of what it rendered.
    func cycle(at time: UInt64) -> Float {
        let cycle = entry.beginCycle()
        defer { entry.endCycle() }
        let samples = entry.format.periodFrames * entry.format.channels
        buffer.update(repeating: 1, count: samples)
        cycle.render(into: buffer, frameCount: entry.format.periodFrames)
        entry.served(cycle, at: time, queuedFrames: 0)
        return (0..<samples).map { abs(buffer[$0]) }.max() ?? 0
    }
}

/// The one stream over a pull device: the entry a callback API calls.
@Suite struct PullRenderEntryTests {
    static let format = OutputFormat(sampleRate: 48_000, channels: 2, sampleFormat: .float32, periodFrames: 480, bufferFrames: 960)

    static func renderer() -> OutputRenderer {
        let mixer = Mixer(configuration: MixerConfiguration(sampleRate: 48_000, channels: 2), bank: SyntheticClickSounds.bank())
        return OutputRenderer(mixer: mixer, latency: LatencyRecorder(capacity: 10), format: format)
    }

    @Test func cyclesRenderSilenceUntilTheStreamStartsThenTheMixerAndNothingAfterAFault() throws {
        let entry = PullRenderEntry(deviceName: "the hand", format: Self.format, stallTimeoutNanoseconds: 200_000_000,
                                    clock: .monotonic)
        let device = HandPulledDevice(entry: entry)
        let stream = RenderStream(pulling: device, entry: entry)
        let renderer = Self.renderer()
        #expect(renderer.mixer.submitClick(.key, requestedAt: entry.clock.now(), placement: .center))
        #expect(device.cycle(at: 1) == 0, "silence before the start")
        let faults = Mutex<[OutputFault]>([])
        try stream.start(rendering: renderer) { fault in faults.withLock { $0.append(fault) } }
        #expect(device.cycle(at: 2) > 0.1, "the click, in the first cycle after the start")
        #expect(renderer.latency.count == 1)
        #expect(entry.cycleCount == 2)
        entry.fail(.deviceLost, message: "the hand let go")
        entry.fail(.failed, message: "and again")
        #expect(faults.withLock { $0.map(\.kind) } == [.deviceLost], "one fault per stream")
        #expect(renderer.mixer.submitClick(.key, requestedAt: entry.clock.now(), placement: .center))
        #expect(device.cycle(at: 3) == 0, "a stream that faulted renders nothing more")
        stream.close()
        stream.close()
        #expect(device.closes.load(ordering: .relaxed) == 1)
    }

    @Test func aStartedStreamWithNoCycleForTheStallTimeoutFaultsAsStalledByTheEntrysClock() throws {
        let time = SimulatedClock(start: 5_000_000_000)
        let entry = PullRenderEntry(deviceName: "the hand", format: Self.format, stallTimeoutNanoseconds: 200_000_000,
                                    clock: .simulated(time))
        let stream = RenderStream(pulling: HandPulledDevice(entry: entry), entry: entry)
        defer { stream.close() }
        let faults = Mutex<[OutputFault]>([])
        try stream.start(rendering: Self.renderer()) { fault in faults.withLock { $0.append(fault) } }
        time.advance(by: 100_000_000)
        entry.checkStall(now: entry.clock.now())
        #expect(faults.withLock { $0.isEmpty }, "not yet: the start was stamped by the entry's clock")
        time.advance(by: 900_000_000)
        entry.checkStall(now: entry.clock.now())
        #expect(faults.withLock { $0.map(\.kind) } == [.stalled])
        #expect(faults.withLock { $0.first?.message.hasPrefix("the hand has asked for no audio for ") } == true)
    }

    @Test func aFaultBeforeTheStartMakesTheStartThrowIt() {
        let entry = PullRenderEntry(deviceName: "the hand", format: Self.format, stallTimeoutNanoseconds: 200_000_000,
                                    clock: .monotonic)
        let stream = RenderStream(pulling: HandPulledDevice(entry: entry), entry: entry)
        defer { stream.close() }
        entry.fail(.deviceLost, message: "gone before the start")
        #expect(throws: OutputFault.self) { try stream.start(rendering: Self.renderer()) { _ in } }
    }
}
