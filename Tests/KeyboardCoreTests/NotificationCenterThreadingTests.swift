import Dispatch
import Testing
@testable import KeyboardCore

@Suite("Notification observers from any thread")
struct NotificationCenterThreadingTests {
    @Test("observers register and unregister from many threads while notifications are posted")
    func concurrentRegistrationAndPosting() {
        let center = KeyboardNotificationCenter()
        let calls = LockedBox(0)
        let note = KeyboardNotification(name: .willShow, frameBegin: .zero, frameEnd: .zero, animationDuration: 0)
        let keepers = LockedBox<[KeyboardNotificationCenter.Token]>([])
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            let token = center.addObserver { _ in calls.mutate { $0 += 1 } }
            if index % 7 == 0 { center.post(note) }
            if index % 2 == 0 {
                center.removeObserver(token)
            } else {
                keepers.mutate { $0.append(token) }
            }
        }
        #expect(center.observerCount == 200)
        let before = calls.value
        center.post(note)
        #expect(calls.value == before + 200)
        for token in keepers.value { center.removeObserver(token) }
        #expect(center.observerCount == 0)
    }

    @Test("an observer only hears the names it asked for, and a removed observer hears nothing")
    func filteringAndRemoval() {
        let center = KeyboardNotificationCenter()
        let heard = LockedBox<[KeyboardNotification.Name]>([])
        let token = center.addObserver(for: [.didHide]) { note in heard.mutate { $0.append(note.name) } }
        for name in KeyboardNotification.Name.allCases {
            center.post(KeyboardNotification(name: name, frameBegin: .zero, frameEnd: .zero, animationDuration: 0))
        }
        #expect(heard.value == [.didHide])
        center.removeObserver(token)
        center.removeObserver(token)
        center.post(KeyboardNotification(name: .didHide, frameBegin: .zero, frameEnd: .zero, animationDuration: 0))
        #expect(heard.value == [.didHide])
    }

    @Test("an observer may unregister itself while being called")
    func observerRemovesItselfDuringPost() {
        let center = KeyboardNotificationCenter()
        let tokenBox = LockedBox<KeyboardNotificationCenter.Token?>(nil)
        let calls = LockedBox(0)
        let token = center.addObserver { _ in
            calls.mutate { $0 += 1 }
            if let token = tokenBox.value { center.removeObserver(token) }
        }
        tokenBox.mutate { $0 = token }
        let note = KeyboardNotification(name: .didShow, frameBegin: .zero, frameEnd: .zero, animationDuration: 0)
        center.post(note)
        center.post(note)
        #expect(calls.value == 1)
        #expect(center.observerCount == 0)
    }
}
