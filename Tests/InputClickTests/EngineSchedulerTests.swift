import InputClick
import InputClickTesting
import Testing

@Suite("The engine on a manual control clock")
struct EngineSchedulerTests {
    @Test func theEnginesPlayerOpensWaitsAndLingersOnTheSchedulerItWasGiven() {
        let scheduler = ManualControlScheduler()
        let output = OfflineOutput()
        var player = ClickPlayerConfiguration()
        player.lingerNanoseconds = 3_000_000_000
        let engine = InputClickEngine(output: output, options: .init(
            player: player, settingsFile: nil, environment: ["INPUTCLICK_CONFIG": "/nonexistent/inputclick-settings.conf"],
            watchesSettings: false, warningHandler: { _ in }, scheduler: scheduler))
        engine.setVisibleInputViews([OptedInInputView()])
        #expect(output.openCount == 0, "nothing runs until the scheduler runs it")
        #expect(engine.waitUntilReady(timeout: .zero) == .timedOut(.closed))
        scheduler.runPending()
        #expect(engine.waitUntilReady(timeout: .zero) == .reached)
        engine.setVisibleInputViews([])
        scheduler.advance(byNanoseconds: 2_999_000_000)
        #expect(output.isStreamOpen, "closed before the linger passed")
        scheduler.advance(byNanoseconds: 2_000_000)
        #expect(!output.isStreamOpen)
        #expect(engine.player.state == .closed)
        engine.shutdown()
    }
}
