import Dispatch
import InputClick
import InputClickTesting
import Synchronization
import Testing

/// A push device that fails at the loop's first look, or never has room
/// while its clock runs an hour a look (a stall).
private final class BrokenDevice: RenderDevice, @unchecked Sendable {
    struct Broken: RenderFailure, CustomStringConvertible {
        var meansDeviceLost: Bool
        var description: String { meansDeviceLost ? "it went away" : "it refused" }
        static func stalled(milliseconds: Int) -> (any Error & Sendable)? { Broken(meansDeviceLost: false) }
    }

    enum Trouble { case lost, refused, stalls }
    let trouble: Trouble
    init(trouble: Trouble) { self.trouble = trouble }
    let clock = Atomic<UInt64>(1_000_000_000)
    let closes = Atomic<Int>(0)

    var now: UInt64 { trouble == .stalls ? clock.add(3_600_000_000_000, ordering: .relaxed).newValue : clock.load(ordering: .relaxed) }
    func availableFrames() throws(Broken) -> Int? {
        if trouble == .stalls { return 0 }
        throw Broken(meansDeviceLost: trouble == .lost)
    }
    func write(_ buffer: UnsafeRawPointer, frames: Int) throws(Broken) -> Int? { 0 }
    func queuedFrames() -> Int? { 0 }
    func start() throws(Broken) {}
    func stop() throws(Broken) {}
    func rewindableFrames() -> Int { 0 }
    func rewind(_ frames: Int) -> Int { 0 }
    func forward(_ frames: Int) -> Int { 0 }
    func wait(forRoom: Bool, wakeup: Int32, timeoutMilliseconds: Int32) throws(Broken) -> RenderDeviceWait? { .timedOut }
    func close() { closes.add(1, ordering: .relaxed) }
}

/// The one stream type's fault report, written once for every push device.
@Suite struct RenderStreamFaultTests {
    static let format = OutputFormat(sampleRate: 48_000, channels: 2, sampleFormat: .float32, periodFrames: 64, bufferFrames: 128)

    /// Runs a stream over a device with `trouble` until it reports its fault; returns the faults and the device.
    fileprivate static func fault(_ trouble: BrokenDevice.Trouble) -> [OutputFault] {
        let mixer = Mixer(configuration: MixerConfiguration(sampleRate: 48_000, channels: 2), bank: SyntheticClickSounds.bank())
        let renderer = OutputRenderer(mixer: mixer, latency: LatencyRecorder(capacity: 10), format: format)
        let device = BrokenDevice(trouble: trouble)
        let stream = RenderStream(device: device, deviceName: "test device 'x'", format: format, counters: OutputCounters(),
                                  stallTimeoutNanoseconds: 130_000_000, priority: nil, threadName: "ic-fault-test")
        let faults = Mutex<[OutputFault]>([])
        let reported = DispatchSemaphore(value: 0)
        #expect(throws: Never.self) {
            try stream.start(rendering: renderer) { fault in
                faults.withLock { $0.append(fault) }
                reported.signal()
            }
        }
        #expect(reported.wait(timeout: .now() + .seconds(30)) == .success)
        stream.close()
        stream.close()
        #expect(device.closes.load(ordering: .relaxed) == 1, "the device is closed once, by the stream")
        return faults.withLock { $0 }
    }

    @Test func aDeviceThatWentAwayIsReportedOnceAsLostNamingTheDeviceAndTheError() {
        let faults = Self.fault(.lost)
        #expect(faults.count == 1)
        #expect(faults.first?.kind == .deviceLost)
        #expect(faults.first?.message == "test device 'x' failed: it went away")
        #expect(faults.first?.underlying is BrokenDevice.Broken)
    }

    @Test func aDeviceThatRefusedIsReportedAsFailed() {
        let faults = Self.fault(.refused)
        #expect(faults.map(\.kind) == [.failed])
        #expect(faults.first?.message == "test device 'x' failed: it refused")
    }

    @Test func aDeviceThatConsumesNothingIsReportedAsStalledWithTheBackendsError() {
        let faults = Self.fault(.stalls)
        #expect(faults.map(\.kind) == [.stalled])
        #expect(faults.first?.message == "test device 'x' stopped consuming audio for 130 ms")
        #expect(faults.first?.underlying is BrokenDevice.Broken)
    }
}
