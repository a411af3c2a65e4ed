import InputClick
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A render side to share between threads, as a real-time object holds one.
private final class SideHolder: Sendable {
    let side = RenderSide()
}

@Suite struct RenderSideTests {
    @Test("one thread may visit a render side again and again, and nested")
    func oneThreadVisitsFreely() {
        let holder = SideHolder()
        for _ in 0..<3 {
            holder.side.enter()
            holder.side.visit { holder.side.enter() }
            holder.side.leave()
        }
        #expect(holder.side.visit { 42 } == 42)
    }

    @Test("threads that take turns on a render side are allowed")
    func threadsTakingTurnsAreAllowed() async {
        let holder = SideHolder()
        for _ in 0..<4 {
            let answer = await Task.detached { holder.side.visit { 7 } }.value
            #expect(answer == 7)
        }
        #expect(holder.side.visit { 8 } == 8)
    }

    #if DEBUG
    @Test("a debug build stops a second thread that enters while the first is still in an outer visit")
    func aSecondThreadAfterANestedVisitStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let holder = SideHolder()
            holder.side.enter()
            holder.side.visit {}
            enterFromAnotherThread(holder)
        }
    }

    @Test("a debug build stops a second thread that enters while the first is inside")
    func aSecondThreadInsideStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let holder = SideHolder()
            holder.side.enter()
            enterFromAnotherThread(holder)
        }
    }
    #endif
}

#if DEBUG
/// Enters `holder`'s render side from a thread of its own, and waits for it.
private func enterFromAnotherThread(_ holder: SideHolder) {
    var thread = pthread_t()
    let context = Unmanaged.passRetained(holder).toOpaque()
    _ = pthread_create(&thread, nil, { context in
        Unmanaged<SideHolder>.fromOpaque(context!).takeRetainedValue().side.enter()
        return nil
    }, context)
    pthread_join(thread, nil)
}
#endif
