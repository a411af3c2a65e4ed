import InputClick
import Testing
@testable import KeyboardCore

@Suite("Script runner")
struct ScriptRunnerTests {
    @Test("a script returns the text, the notifications with their times, and the clicks with time and kind")
    func resultHasTextNotificationsAndClicks() throws {
        let rig = Rig()
        let field = TextField(traits: TextInputTraits(autocapitalizationType: .none))
        let runner = ScriptRunner(host: rig.host, responders: ["name": field])
        let result = try runner.run([
            ScriptEvent(milliseconds: 0, .focus("name")),
            ScriptEvent(milliseconds: 300, .tap(.character("h"))),
            ScriptEvent(milliseconds: 600, .tap(.character("i"))),
            ScriptEvent(milliseconds: 900, .tap(.space)),
            ScriptEvent(milliseconds: 1200, .resign),
            ScriptEvent(milliseconds: 1500, .tap(.character("x"))),
        ], timeOrigin: ms(10_000))
        #expect(result.text == "hi ")
        #expect(result.texts == ["name": "hi "])
        #expect(result.notifications.map(\.time) == [0, 0, ms(1200), ms(1200)])
        #expect(result.notificationNames == [.willShow, .didShow, .willHide, .didHide])
        #expect(result.clicks == [TimedClick(time: ms(300), kind: .key), TimedClick(time: ms(600), kind: .key),
                                  TimedClick(time: ms(900), kind: .space)])
        #expect(result.strokes.map(\.decision) == [.plays, .plays, .plays, .noVisibleInputView])
        #expect(rig.sink.clicks.map(\.requestedAt) == [ms(10_300), ms(10_600), ms(10_900)])
    }

    @Test("events run in time order whatever order they are given in")
    func eventsAreSortedByTime() throws {
        let rig = Rig()
        let field = TextField(traits: TextInputTraits(autocapitalizationType: .none))
        let runner = ScriptRunner(host: rig.host, responders: ["f": field])
        let result = try runner.run([
            ScriptEvent(milliseconds: 400, .tap(.character("b"))),
            ScriptEvent(milliseconds: 0, .focus("f")),
            ScriptEvent(milliseconds: 200, .tap(.character("a"))),
        ], timeOrigin: 0)
        #expect(result.text == "ab")
    }

    @Test("focusing another field mid-script reroutes typing, and the result's text is the last focused field's")
    func focusChangeInScript() throws {
        let rig = Rig()
        let first = TextField(traits: TextInputTraits(autocapitalizationType: .none))
        let second = TextView(traits: TextInputTraits(autocapitalizationType: .none))
        let runner = ScriptRunner(host: rig.host, responders: ["first": first, "second": second])
        let result = try runner.run([
            ScriptEvent(milliseconds: 0, .focus("first")),
            ScriptEvent(milliseconds: 100, .tap(.character("a"))),
            ScriptEvent(milliseconds: 200, .focus("second")),
            ScriptEvent(milliseconds: 300, .tap(.character("b"))),
            ScriptEvent(milliseconds: 400, .reloadInputViews),
            ScriptEvent(milliseconds: 500, .tap(.character("c"))),
        ], timeOrigin: 0)
        #expect(result.texts == ["first": "a", "second": "bc"])
        #expect(result.text == "bc")
        #expect(result.notificationNames == [.willShow, .didShow])
        #expect(result.clicks.count == 3)
    }

    @Test("an unknown responder is reported before anything runs")
    func unknownResponder() {
        let rig = Rig()
        let runner = ScriptRunner(host: rig.host, responders: ["name": TextField()])
        #expect(throws: ScriptError.unknownResponder("email", time: ms(100), known: ["name"])) {
            try runner.run([ScriptEvent(at: 0, .focus("name")), ScriptEvent(milliseconds: 100, .focus("email"))])
        }
        #expect(rig.host.firstResponder == nil)
        #expect(ScriptError.unknownResponder("email", time: ms(100), known: ["name"]).description
            == "event at 100 ms focuses 'email', which is not a responder of this script (known: 'name')")
    }

    @Test("a hold longer than ten minutes is refused")
    func holdTooLong() {
        let rig = Rig()
        let runner = ScriptRunner(host: rig.host, responders: [:])
        #expect(throws: ScriptError.holdTooLong(.delete, duration: .max, time: 0)) {
            try runner.run([ScriptEvent(at: 0, .hold(.delete, duration: .max))])
        }
    }

    @Test("tapping a key that is not shown stops the script with an error naming the time and key")
    func keyNotShown() {
        let rig = Rig()
        let pin = TextField(traits: TextInputTraits(keyboardType: .numberPad))
        let runner = ScriptRunner(host: rig.host, responders: ["pin": pin])
        do {
            _ = try runner.run([ScriptEvent(at: 0, .focus("pin")), ScriptEvent(milliseconds: 250, .tap(.character("1"))),
                                ScriptEvent(milliseconds: 500, .tap(.shift))], timeOrigin: 0)
            Issue.record("expected an error")
        } catch {
            #expect(error == .keyNotShown(.keyNotOnPage(.shift, page: .numberPad, keyboardType: .numberPad), time: ms(500)))
            #expect(error.description.contains("500 ms"))
            #expect(error.description.contains("'shift'"))
        }
        #expect(pin.text == "1", "the events before the error ran")
        #expect(rig.host.notificationCenter.observerCount == 0, "the runner's observer is gone")
    }
}
