import Dispatch
import InputClick
import InputClickTesting
import Synchronization
import Testing

@Suite("Waiting on the player's state")
struct PlayerWaitTests {
    @Test func aWaitForTheStateThePlayerIsInReturnsAtOnceEvenWithNoTime() {
        let harness = PlayerHarness()
        harness.show()
        #expect(harness.player.waitUntil(.running, timeout: .zero) == .reached)
        #expect(harness.player.isAcceptingClicks)
    }

    @Test func aWaitThatRunsOutSaysSoAndNamesTheStateThePlayerIsIn() {
        let harness = PlayerHarness()
        #expect(harness.player.waitUntil(.running, timeout: .milliseconds(20)) == .timedOut(.closed))
        harness.output.failNextOpens(1)
        harness.show()
        #expect(harness.player.waitUntil(.running, timeout: .zero) == .timedOut(.waitingForDevice))
        #expect(harness.player.waitUntil(anyOf: [.running, .waitingForDevice], timeout: .zero) == .reached)
    }

    @Test func aWaitOnAnotherThreadWakesWhenTheControlQueuePublishesTheState() {
        let harness = PlayerHarness()
        let waiter = BackgroundWait(harness.player, for: .running)
        harness.gate.setVisibleInputViews([harness.keyboard])
        harness.scheduler.runPending()   // opens the stream and publishes `running`
        // The wait's timeout is an hour: only the publish can end it with `reached`.
        #expect(waiter.result() == .reached)
    }

    @Test func shuttingDownWakesAWaitForAnotherState() {
        let harness = PlayerHarness()
        let waiter = BackgroundWait(harness.player, for: .running)
        harness.player.shutdown()
        #expect(waiter.result() == .shutDown)
    }
}

/// A wait with an hour's timeout, on a thread of its own.
private final class BackgroundWait: Sendable {
    private let outcome = Mutex<ClickPlayerWaitResult?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(_ player: ClickPlayer, for state: ClickPlayerState) {
        DispatchQueue.global().async { [self] in
            let result = player.waitUntil(state, timeout: .seconds(3600))
            outcome.withLock { $0 = result }
            done.signal()
        }
    }

    /// The wait's result, once it has returned.
    func result() -> ClickPlayerWaitResult? {
        done.wait()
        return outcome.withLock { $0 }
    }
}
