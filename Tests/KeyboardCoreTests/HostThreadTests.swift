import InputClick
import InputClickTesting
import Testing
@testable import KeyboardCore

#if canImport(Glibc)
import Glibc
#endif

@Suite struct HostThreadTests {
    @Test("a host made on one thread may be driven from start to end by another")
    func aHostDrivenByAThreadOtherThanItsMakerWorks() {
        let rig = Rig(rateLimit: .unlimited)
        let field = TextField(text: "set up before the host", traits: TextInputTraits(autocapitalizationType: .none))
        field.text = ""
        let seen = LockedBox<(text: String, clicks: Int, visible: Bool)>(("", 0, false))
        onAnotherThread {
            rig.host.add(field)
            field.becomeFirstResponder()
            _ = try? rig.type("hi")
            rig.host.textDocumentProxy.adjustTextPosition(byCharacterOffset: -1)
            _ = rig.keyboard.repeatHeldKey(.delete, at: ms(5000))
            seen.mutate { $0 = (field.text, rig.sink.clicks.count, rig.host.isShowing(rig.keyboard)) }
        }
        #expect(seen.value.text == "i")
        #expect(seen.value.clicks == 3)
        #expect(seen.value.visible)
    }

    #if DEBUG
    @Test("a debug build stops a second thread that taps a keyboard the first thread drives")
    func aSecondThreadTappingStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let rig = Rig()
            _ = rig.field().becomeFirstResponder()
            onAnotherThread { _ = try? rig.keyboard.touchDown(.character("a"), at: ms(1000)) }
        }
        #expect(result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }?
            .contains("touchDown(_:at:) called on a second thread") == true)
    }

    @Test("a debug build stops a second thread that edits a text field in a host the first thread drives")
    func aSecondThreadEditingStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let rig = Rig()
            let field = rig.field()
            onAnotherThread { field.text = "from elsewhere" }
        }
        #expect(result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }?
            .contains("called on a second thread") == true)
    }
    #endif
}

/// Work handed to a thread of its own; the caller waits for it, so the two
/// never run at once.
private final class ThreadJob: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// Runs `body` on a new thread (never the calling one) and waits for it to end.
private func onAnotherThread(_ body: @escaping () -> Void) {
    var thread = pthread_t()
    let context = Unmanaged.passRetained(ThreadJob(body)).toOpaque()
    let created = pthread_create(&thread, nil, { context in
        Unmanaged<ThreadJob>.fromOpaque(context!).takeRetainedValue().body()
        return nil
    }, context)
    precondition(created == 0, "pthread_create failed: \(created)")
    pthread_join(thread, nil)
}
