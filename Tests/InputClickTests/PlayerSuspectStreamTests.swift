import InputClick
import InputClickTesting
import Synchronization
import Testing

/// An output whose one stream the test drives by hand: it renders nothing,
/// and the test sets its heartbeat and fails it.
private final class HandDrivenOutput: AudioOutput, @unchecked Sendable {
    let name = "hand-driven"
    let stream = Mutex<HandDrivenStream?>(nil)

    func openStream(_ request: OutputStreamRequest) throws -> any AudioOutputStream {
        let opened = HandDrivenStream(format: OutputFormat(sampleRate: 48_000, channels: 2, sampleFormat: .float32,
                                                           periodFrames: 64, bufferFrames: 1024))
        stream.withLock { $0 = opened }
        return opened
    }
}

private final class HandDrivenStream: AudioOutputStream, @unchecked Sendable {
    let format: OutputFormat
    let counters = OutputCounters()
    var isRealtime: Bool { false }
    private(set) var renderer: OutputRenderer?
    private var onFault: (@Sendable (OutputFault) -> Void)?

    init(format: OutputFormat) { self.format = format }

    func start(rendering renderer: OutputRenderer, onFault: @escaping @Sendable (OutputFault) -> Void) throws {
        self.renderer = renderer
        self.onFault = onFault
    }

    func close() {}

    func fail() { onFault?(OutputFault(kind: .stalled, message: "no progress for 200 ms")) }
}

@Suite("A suspect stream")
struct PlayerSuspectStreamTests {
    /// A player on a hand-driven output, and a gate with an opted-in view
    /// just shown: the stream's open is scheduled, not yet run.
    private static func playerWithAKeyboardShown()
        -> (HandDrivenOutput, ManualControlScheduler, ClickPlayer, InputClickGate) {
        let output = HandDrivenOutput()
        let scheduler = ManualControlScheduler(start: 1_000_000_000)
        let player = ClickPlayer(output: output, configuration: ClickPlayerConfiguration(warningHandler: { _ in }),
                                 scheduler: scheduler, sounds: SyntheticClickSounds.provider)
        let gate = InputClickGate(sink: player, rateLimit: .unlimited)
        gate.setVisibleInputViews([OptedInInputView()])
        return (output, scheduler, player, gate)
    }

    @Test func aTapOnADeviceThatStoppedMakingProgressIsSuspectNotPlayingAndCountedIfTheDeviceIsLost() throws {
        let (output, scheduler, player, gate) = Self.playerWithAKeyboardShown()
        scheduler.runPending()
        let stream = try #require(output.stream.withLock { $0 })
        let heartbeat = try #require(stream.renderer?.heartbeat)

        #expect(gate.playInputClick(.key) == .plays, "a stopped device is not suspect")
        heartbeat.beat(at: scheduler.now)
        #expect(gate.playInputClick(.key) == .plays, "a device that just made progress is not suspect")
        heartbeat.beat(at: scheduler.now - heartbeat.suspectAfterNanoseconds - 50_000_000)
        #expect(gate.decision() == .suspect)
        #expect(gate.playInputClick(.space) == .suspect, "no progress for longer than the loop ever waits: not reported as playing")
        #expect(player.statistics.suspectClicks == 1)
        #expect(player.statistics.heldClicks == 0, "nothing came while the stream opened")

        stream.fail()
        scheduler.runPending()
        #expect(player.state == .waitingForDevice)
        #expect(player.statistics.clicksLostWithDevice == 3, "the three clicks the dead stream never took are counted")
        #expect(gate.playInputClick(.key) == .deviceLost)
        player.shutdown()
    }

    @Test func aTapWhileTheStreamOpensIsHeldAndATapOnASuspectDeviceIsSuspect() throws {
        let (output, scheduler, player, gate) = Self.playerWithAKeyboardShown()
        #expect(gate.playInputClick(.key) == .held, "the stream is still opening")
        scheduler.runPending()
        let heartbeat = try #require(output.stream.withLock { $0 }?.renderer?.heartbeat)
        heartbeat.beat(at: scheduler.now - heartbeat.suspectAfterNanoseconds - 50_000_000)
        #expect(gate.playInputClick(.key) == .suspect, "the stream runs, but its device made no progress")
        #expect(ClickDecision.suspect.identifier == "suspect")
        #expect(player.statistics.heldClicks == 1, "the tap while the stream opened")
        #expect(player.statistics.suspectClicks == 1, "the tap on the suspect device")
        player.shutdown()
    }
}
