@testable import InputClick
import Synchronization
import InputClickTesting
import Testing

/// The player's control-queue state is touched only by its scheduler's work: each scheduler says whether the
/// calling thread runs its work, and a debug build stops a player touched from anywhere else.
@Suite struct ControlQueueCheckTests {
    @Test func eachSchedulerTellsItsOwnWorkFromOtherThreads() {
        let manual = ManualControlScheduler()
        #expect(!manual.isRunningControlWork, "the test's thread runs no work of it")
        manual.executeAndWait { #expect(manual.isRunningControlWork) }
        let inside = Flag()
        manual.execute { inside.value.withLock { $0 = manual.isRunningControlWork } }
        manual.runPending()
        #expect(inside.value.withLock { $0 })

        let dispatch = DispatchControlScheduler()
        #expect(!dispatch.isRunningControlWork)
        dispatch.executeAndWait { #expect(dispatch.isRunningControlWork) }
        let other = DispatchControlScheduler()
        dispatch.executeAndWait { #expect(!other.isRunningControlWork, "another scheduler's queue is not this one") }
    }

    #if DEBUG
    @Test func aDebugBuildStopsAPlayerWhoseLifecycleIsDrivenFromOutsideItsControlQueue() async {
        await #expect(processExitsWith: .failure) {
            let scheduler = ManualControlScheduler()
            let player = ClickPlayer(output: OfflineOutput(), scheduler: scheduler, sounds: SyntheticClickSounds.provider)
            player.handle(.shown)
        }
    }
    #endif
}

private final class Flag: Sendable {
    let value = Mutex(false)
}
