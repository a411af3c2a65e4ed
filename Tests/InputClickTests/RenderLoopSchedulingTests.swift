import InputClick
import InputClickTesting
import Testing

/// The shared render loop, run for real on a simulated device in simulated
/// time: it sleeps while silent and starts on a tap, inserts clicks by
/// rewind exactly, appends where it may not rewind, and never plays a stale
/// frame.
@Suite struct RenderLoopSchedulingTests {
    static let period = 64
    static let format = OutputFormat(sampleRate: 48_000, channels: 2, sampleFormat: .float32,
                                     periodFrames: period, bufferFrames: 16 * period)

    /// One run of the loop: taps at the given ticks, an optional host
    /// stream, until `ticks` have passed.
    struct Run {
        let device: SimulatedRenderDevice
        let records: [LatencyRecord]
        let counters: OutputCounters
        /// Clicks the renderer counted as lost (started in a period never written).
        var clicksLost = 0
    }

    static func mixer() -> Mixer {
        Mixer(configuration: MixerConfiguration(sampleRate: 48_000, channels: 2), bank: SyntheticClickSounds.bank())
    }

    /// - Parameters:
    ///   - underrunsAtWrite: at each tick given, the number of writes from
    ///     then on that run into an underrun (``SimulatedRenderDevice/underrunsAtNextWrites``).
    ///   - underrunAtTicks: ticks at which the running device underruns (``SimulatedRenderDevice/underrunAtTicks``).
    ///   - inspect: called at every tick, after the taps, with the tick, the
    ///     device's time and the renderer (its heartbeat armed as a player arms it).
    static func run(scheduling: ClickScheduling, taps: [Int: [ClickKind]], ticks: Int,
                    host: [Float]? = nil, safeguard: Int = 64, underrunsAtWrite: [Int: Int] = [:],
                    underrunAtTicks: Set<Int> = [], transferCycle: Int? = nil, playsDuringWriteAtTicks: Set<Int> = [],
                    inspect: @escaping (Int, UInt64, OutputRenderer) -> Void = { _, _, _ in }) -> Run {
        let mixer = mixer()
        mixer.prepareHistory(periods: scheduling == .rewind ? format.bufferFrames / period + 1 : 0)
        let heartbeat = RenderHeartbeat()
        heartbeat.arm(suspectAfterNanoseconds: RenderHeartbeat.suspectAfterNanoseconds(for: format))
        let renderer = OutputRenderer(mixer: mixer, latency: LatencyRecorder(capacity: 10_000), format: format,
                                      heartbeat: heartbeat)
        let device = SimulatedRenderDevice(format: format)
        device.underrunAtTicks = underrunAtTicks
        device.transferCycleFrames = transferCycle
        device.playsDuringWriteAtTicks = playsDuringWriteAtTicks
        let stop = StopFlag(wakeup: mixer.wakeup)
        let counters = OutputCounters()
        if let host {
            let stream = HostStream(channels: 2, capacityFrames: host.count / 2 + 1)
            #expect(stream.write(host) == host.count / 2)
            #expect(mixer.attach(stream))
        }
        // Unowned: the device keeps this closure, so a strong capture would
        // be a cycle that leaks the device, mixer and renderer of every run.
        device.onTick = { [unowned device] tick in
            if tick >= ticks { stop.request() }
            if let underruns = underrunsAtWrite[tick] { device.underrunsAtNextWrites = underruns }
            let kinds = taps[tick] ?? []
            for kind in kinds { #expect(mixer.submitClick(kind, requestedAt: device.now)) }
            inspect(tick, device.now, renderer)
            return !kinds.isEmpty
        }
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: period * 2)
        defer { buffer.deallocate() }
        let loop = RenderLoop(device: device, renderer: renderer, scheduling: scheduling, format: format,
                              fillFrames: format.bufferFrames, safeguardFrames: safeguard,
                              stallTimeoutNanoseconds: 1_000_000_000, counters: counters, stopRequested: stop,
                              floatBuffer: buffer, deviceBuffer: UnsafeMutableRawPointer(buffer))
        guard case .stopRequested = loop.run() else {
            Issue.record("the loop ended by itself")
            return Run(device: device, records: [], counters: counters)
        }
        return Run(device: device, records: renderer.latency.records(), counters: counters,
                   clicksLost: renderer.clicksLost)
    }

    /// A render with the same clicks at the same frames and no rewind.
    static func reference(clicks: [LatencyRecord], frames: Int, host: [Float]?) -> [Float] {
        ReferenceRender.render(clicks, frames: frames, host: host, through: mixer())
    }

    static func hostSignal(seconds: Double) -> [Float] { ReferenceRender.twoTone(seconds: seconds) }

    /// Every frame the device played was final when it played: no rewind
    /// rewrote audio already heard.
    static func noStaleFrame(_ device: SimulatedRenderDevice) -> Bool {
        zip(device.written, device.playedSnapshot).allSatisfy { $0.1.isNaN || $0.0 == $0.1 }
    }

    @Test func aSilentLoopSleepsAndATapStartsTheDeviceInTheSameTickWithTheClickFirst() {
        let run = Self.run(scheduling: .rewind, taps: [10: [.key]], ticks: 200)
        #expect(run.device.starts == 1)
        #expect(run.device.startTicks == [10], "the device started at the tap, not before")
        #expect(run.records.count == 1)
        #expect(run.records.first?.streamFrame == 0, "the click is the first frame the device plays")
        #expect(run.records.first.map { $0.writtenAt == $0.requestedAt } == true, "written in the tick of the tap")
        #expect(run.device.stops == 1, "stopped again once the click had played")
        #expect(run.device.written.count < 16 * 2 * 1024, "it wrote the click, its tail and a buffer, not 200 ticks of silence")
        #expect(run.device.underruns == 0)
    }

    @Test func aClickDuringAnothersTailIsInsertedByRewindAndTheAudioIsExact() {
        // Tap 2 comes 3 ticks after tap 1, while tap 1's click and a deep
        // buffer are queued; tap 3 during both tails.
        let run = Self.run(scheduling: .rewind, taps: [10: [.return], 13: [.key], 15: [.space]], ticks: 300)
        #expect(run.device.starts == 1)
        #expect(run.device.rewinds == 2 && run.counters.rewinds == 2)
        #expect(run.records.map(\.kind) == [.return, .key, .space])
        // Each inserted click lands within the safeguard and a period of the
        // device's read position: 3 ticks (192 frames) after the first, not
        // behind the 1024 frames queued.
        let frames = run.records.map(\.streamFrame)
        #expect(frames[1] - frames[0] <= 3 * 64 + 64 + 64, "inserted at \(frames)")
        #expect(frames[2] - frames[1] <= 2 * 64 + 64 + 64, "inserted at \(frames)")
        #expect(Self.noStaleFrame(run.device))
        let truth = Self.reference(clicks: run.records, frames: run.device.written.count / 2, host: nil)
        #expect(truth == run.device.written, "the rewound render equals a render with the clicks there all along")
        #expect(run.device.underruns == 0)
    }

    @Test func aHostStreamStaysContinuousAcrossManyRewinds() {
        let host = Self.hostSignal(seconds: 1.5)
        var taps: [Int: [ClickKind]] = [:]
        for (index, tick) in stride(from: 20, to: 900, by: 37).enumerated() {
            taps[tick] = [ClickKind.allCases[index % ClickKind.allCases.count]]
        }
        let run = Self.run(scheduling: .rewind, taps: taps, ticks: 1000, host: host)
        #expect(run.device.starts == 1, "with a host stream attached the device never stops")
        #expect(run.device.rewinds == taps.count, "every click was inserted by rewind")
        #expect(run.records.count == taps.count)
        #expect(Self.noStaleFrame(run.device))
        let truth = Self.reference(clicks: run.records, frames: run.device.written.count / 2, host: host)
        // The host audio, ducked under each click, with no frame repeated or
        // skipped: any slip would shift the sine and break equality.
        #expect(truth == run.device.written)
        #expect(run.device.underruns == 0)
    }

    @Test func onDemandSchedulingAppendsBehindQueuedAudioAndNeverRewinds() {
        let run = Self.run(scheduling: .onDemand, taps: [10: [.return], 13: [.key]], ticks: 200)
        #expect(run.device.rewinds == 0)
        #expect(run.device.starts == 1)
        #expect(run.records.count == 2)
        let truth = Self.reference(clicks: run.records, frames: run.device.written.count / 2, host: nil)
        #expect(truth == run.device.written)
    }

    @Test func appendSchedulingNeverStopsTheDevice() {
        let run = Self.run(scheduling: .append, taps: [10: [.key]], ticks: 100)
        #expect(run.device.starts == 1 && run.device.stops == 0)
        #expect(run.device.startTicks == [0], "started at once, before any tap")
        #expect(run.records.count == 1)
    }

    @Test func tapsFarApartEachStartTheDeviceAfresh() {
        let run = Self.run(scheduling: .rewind, taps: [10: [.key], 200: [.space], 400: [.delete]], ticks: 600)
        #expect(run.device.startTicks == [10, 200, 400])
        #expect(run.device.stops == 3)
        #expect(run.device.rewinds == 0)
        let truth = Self.reference(clicks: run.records, frames: run.device.written.count / 2, host: nil)
        #expect(truth == run.device.written)
    }

    @Test func aLargerSafeguardPlacesInsertedClicksFurtherAhead() {
        let near = Self.run(scheduling: .rewind, taps: [10: [.return], 14: [.key]], ticks: 200, safeguard: 0)
        let far = Self.run(scheduling: .rewind, taps: [10: [.return], 14: [.key]], ticks: 200, safeguard: 512)
        let nearGap = near.records[1].streamFrame - near.records[0].streamFrame
        let farGap = far.records[1].streamFrame - far.records[0].streamFrame
        #expect(nearGap < farGap)
        #expect(farGap >= 4 * 64 + 512)
    }

    /// A server's plugin takes a whole cycle at each tick and signals right after, so a tap early in the
    /// cycle may go at the read position itself: a period sooner than the safeguard would put it.
    @Test func onADeviceThatTakesWholeCyclesAnInsertedClickGoesAtTheReadPosition() {
        let taps: [Int: [ClickKind]] = [10: [.return], 13: [.key]]
        let cycled = Self.run(scheduling: .rewind, taps: taps, ticks: 200, transferCycle: Self.period)
        let plain = Self.run(scheduling: .rewind, taps: taps, ticks: 200)
        // Three ticks after the first click started, the device has taken 192 frames.
        #expect(cycled.records.map(\.streamFrame) == [0, 3 * 64], "cycled: \(cycled.records.map(\.streamFrame))")
        #expect(plain.records.map(\.streamFrame) == [0, 3 * 64 + 64], "plain: \(plain.records.map(\.streamFrame))")
        #expect(cycled.counters.rewinds == 1 && cycled.counters.readPositionRewinds == 1)
        #expect(cycled.counters.overtakenRewinds == 0)
        #expect(plain.counters.readPositionRewinds == 0)
        #expect(Self.noStaleFrame(cycled.device))
        let truth = Self.reference(clicks: cycled.records, frames: cycled.device.written.count / 2, host: nil)
        #expect(truth == cycled.device.written)
        #expect(cycled.device.underruns == 0)
    }

    @Test func aCycleTakenWhileAClickWentInAtTheReadPositionIsCountedAsOvertaken() {
        let run = Self.run(scheduling: .rewind, taps: [10: [.return], 13: [.key]], ticks: 200,
                           transferCycle: Self.period, playsDuringWriteAtTicks: [13])
        #expect(run.counters.readPositionRewinds == 1)
        #expect(run.counters.overtakenRewinds == 1)
        #expect(run.records.count == 2)
    }

    /// Right after the device starts, nothing is known of its cycles yet, and one cycle alone is not
    /// trusted: the safeguard holds until two agree.
    @Test(arguments: [11, 12])
    func aTapInTheFirstTwoTicksAfterAStartKeepsTheSafeguard(tapTick: Int) {
        let run = Self.run(scheduling: .rewind, taps: [10: [.return], tapTick: [.key]], ticks: 200,
                           transferCycle: Self.period)
        #expect(run.counters.readPositionRewinds == 0)
        let read = Int64(tapTick - 10) * 64
        #expect(run.records.map(\.streamFrame) == [0, read + 64], "\(run.records.map(\.streamFrame))")
    }
}

/// A device that only ever underruns is lost, not recovered forever.
@Suite struct RenderLoopDeadDeviceTests {
    @Test func aDeviceThatOnlyUnderrunsEndsTheLoopAsStalledWithinTheTimeoutAndNeverSpins() {
        let format = RenderLoopSchedulingTests.format
        let mixer = RenderLoopSchedulingTests.mixer()
        mixer.prepareHistory(periods: 17)
        let renderer = OutputRenderer(mixer: mixer, latency: LatencyRecorder(capacity: 100), format: format)
        let device = SimulatedRenderDevice(format: format)
        device.diesAtTick = 20
        let stop = StopFlag(wakeup: mixer.wakeup)
        // Unowned: the device holds this closure.
        device.onTick = { [unowned device] tick in
            if tick > 5_000 { stop.request() }
            // Typing on: a click every 5 ticks keeps the loop wanting to play.
            guard tick % 5 == 0 else { return false }
            _ = mixer.submitClick(.key, requestedAt: device.now)
            return true
        }
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 128)
        defer { buffer.deallocate() }
        let stall: UInt64 = 200_000_000
        let loop = RenderLoop(device: device, renderer: renderer, scheduling: .rewind, format: format,
                              fillFrames: format.bufferFrames, safeguardFrames: 64, stallTimeoutNanoseconds: stall,
                              counters: OutputCounters(), stopRequested: stop,
                              floatBuffer: buffer, deviceBuffer: UnsafeMutableRawPointer(buffer))
        guard case .stalled = loop.run() else {
            Issue.record("the loop did not give the dead device up")
            return
        }
        let deadFor = Double(device.ticks - 20) * 64 / 48_000
        #expect(deadFor <= 0.2 + 0.01, "declared lost after \(deadFor) s")
        // One restart attempt per period waited, a few calls each: no spinning.
        #expect(device.calls < 10 * (device.ticks - 20) + 50, "\(device.calls) calls in \(device.ticks - 20) ticks")
    }
}

/// The heartbeat: a device that stops consuming is suspect before the loop gives it up.
@Suite struct RenderLoopHeartbeatTests {
    @Test func aDeviceThatStopsConsumingBecomesSuspectBeforeTheLoopDeclaresItStalled() {
        let format = RenderLoopSchedulingTests.format
        let mixer = RenderLoopSchedulingTests.mixer()
        mixer.prepareHistory(periods: 17)
        let heartbeat = RenderHeartbeat()
        heartbeat.arm(suspectAfterNanoseconds: RenderHeartbeat.suspectAfterNanoseconds(for: format))
        let renderer = OutputRenderer(mixer: mixer, latency: LatencyRecorder(capacity: 100), format: format, heartbeat: heartbeat)
        let device = SimulatedRenderDevice(format: format)
        device.diesAtTick = 20
        let stop = StopFlag(wakeup: mixer.wakeup)
        let suspectAfterTicks = Int(heartbeat.suspectAfterNanoseconds / 1_000_000 * 48 / 64) + 2
        let seen = SuspectLog()
        device.onTick = { [unowned device] tick in
            if tick > 5_000 { stop.request() }
            if tick == 15 || tick == 20 + suspectAfterTicks { seen.record(tick, heartbeat.isSuspect(now: device.now)) }
            guard tick % 5 == 0 else { return false }
            _ = mixer.submitClick(.key, requestedAt: device.now)
            return true
        }
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 128)
        defer { buffer.deallocate() }
        let loop = RenderLoop(device: device, renderer: renderer, scheduling: .rewind, format: format,
                              fillFrames: format.bufferFrames, safeguardFrames: 64, stallTimeoutNanoseconds: 200_000_000,
                              counters: OutputCounters(), stopRequested: stop,
                              floatBuffer: buffer, deviceBuffer: UnsafeMutableRawPointer(buffer))
        guard case .stalled = loop.run() else {
            Issue.record("the loop did not give the dead device up")
            return
        }
        #expect(suspectAfterTicks * 64 * 1000 / 48_000 < 200, "suspect must come before the 200 ms stall")
        #expect(seen.entries == [(15, false), (20 + suspectAfterTicks, true)].map { Pair(tick: $0.0, suspect: $0.1) })
    }

    @Test func aStoppedOrNeverStartedDeviceIsNeverSuspect() {
        let heartbeat = RenderHeartbeat()
        heartbeat.arm(suspectAfterNanoseconds: 10)
        #expect(!heartbeat.isSuspect(now: 1_000_000))
        heartbeat.starting(at: 100)
        #expect(!heartbeat.isSuspect(now: 110))
        #expect(heartbeat.isSuspect(now: 111))
        heartbeat.beat(at: 200)
        heartbeat.starting(at: 300)   // already running: the last beat stands
        #expect(heartbeat.isSuspect(now: 211))
        heartbeat.stopped()
        #expect(!heartbeat.isSuspect(now: 1_000_000))
    }
}

struct Pair: Equatable { var tick: Int; var suspect: Bool }

/// What the heartbeat said at chosen ticks (the render loop runs on the test's thread).
final class SuspectLog: @unchecked Sendable {
    private(set) var entries: [Pair] = []
    func record(_ tick: Int, _ suspect: Bool) { entries.append(Pair(tick: tick, suspect: suspect)) }
}
