import InputClick
import Testing
@testable import KeyboardCore

@Suite("Held delete auto-repeats")
struct AutoRepeatTests {
    @Test("the default timing: 500 ms delay, then 100 ms intervals shrinking by 10 % to 50 ms")
    func defaultTiming() {
        let times = KeyRepeatTiming().repeatTimes(touchDownAt: 0, heldFor: ms(1200))
        #expect(times == [500_000_000, 600_000_000, 690_000_000, 771_000_000, 843_900_000, 909_510_000,
                          968_559_000, 1_021_703_100, 1_071_703_100, 1_121_703_100, 1_171_703_100])
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(gaps.allSatisfy { $0 >= ms(50) })
        #expect(gaps == gaps.sorted(by: >), "never slows down")
    }

    @Test("a hold shorter than the delay does not repeat, and repeats stop at release")
    func shortHoldAndRelease() {
        let timing = KeyRepeatTiming()
        #expect(timing.repeatTimes(touchDownAt: ms(10), heldFor: ms(499)).isEmpty)
        #expect(timing.repeatTimes(touchDownAt: ms(10), heldFor: ms(500)).isEmpty, "a repeat at the release is not made")
        #expect(timing.repeatTimes(touchDownAt: ms(10), heldFor: ms(501)) == [ms(510)])
        #expect(timing.repeatTimes(touchDownAt: .max - 10, heldFor: .max).isEmpty, "no overflow")
    }

    @Test("holding delete deletes and clicks once per repeat, each with the delete sound")
    func holdDeletesAndClicks() throws {
        let rig = Rig()
        let view = rig.textView("0123456789abcdefghij")
        let runner = ScriptRunner(host: rig.host, responders: ["v": view])
        let result = try runner.run([
            ScriptEvent(at: 0, .focus("v")),
            ScriptEvent(milliseconds: 100, .hold(.delete, duration: ms(1200))),
        ], timeOrigin: 0)
        // One touch-down plus the 11 repeats of a 1.2 s hold.
        #expect(result.strokes.count == 12)
        #expect(result.strokes.filter(\.isRepeat).count == 11)
        #expect(view.text == "01234567")
        #expect(result.clicks.count == 12)
        #expect(result.clicks.allSatisfy { $0.kind == .delete })
        #expect(result.clicks.map(\.time) == [ms(100)] + KeyRepeatTiming().repeatTimes(touchDownAt: ms(100), heldFor: ms(1200)))
        #expect(rig.sink.clicks.map(\.requestedAt) == result.clicks.map(\.time))
    }

    @Test("repeat clicks pass the gate's default rate limit untouched")
    func repeatsFitDefaultRateLimit() throws {
        let rig = Rig(rateLimit: .default)
        let view = rig.textView(String(repeating: "x", count: 100))
        let runner = ScriptRunner(host: rig.host, responders: ["v": view])
        let result = try runner.run([ScriptEvent(at: 0, .focus("v")), ScriptEvent(at: 0, .hold(.delete, duration: ms(3000)))],
                                    timeOrigin: ms(1_000_000))
        #expect(result.strokes.allSatisfy { $0.decision == .plays })
        #expect(result.strokes.count == 1 + KeyRepeatTiming().repeatTimes(touchDownAt: 0, heldFor: ms(3000)).count)
        #expect(result.strokes.count == 48)
    }

    @Test("repeats stop when the keyboard hides during the hold")
    func repeatsStopWhenHidden() throws {
        let rig = Rig()
        let view = rig.textView("abcdefghijklmnop")
        let runner = ScriptRunner(host: rig.host, responders: ["v": view])
        let result = try runner.run([
            ScriptEvent(at: 0, .focus("v")),
            ScriptEvent(at: 0, .hold(.delete, duration: ms(2000))),
            ScriptEvent(milliseconds: 650, .resign),
            ScriptEvent(milliseconds: 800, .focus("v")),
        ], timeOrigin: 0)
        #expect(result.strokes.map(\.time) == [0, ms(500), ms(600)])
        #expect(view.text == "abcdefghijklm")
    }

    @Test("holding a key other than delete types it once")
    func otherKeysDoNotRepeat() throws {
        let rig = Rig()
        let view = rig.textView()
        let runner = ScriptRunner(host: rig.host, responders: ["v": view])
        let result = try runner.run([ScriptEvent(at: 0, .focus("v")),
                                     ScriptEvent(at: 0, .hold(.character("k"), duration: ms(3000)))], timeOrigin: 0)
        #expect(view.text == "k")
        #expect(result.strokes.count == 1)
        #expect(rig.keyboard.repeatHeldKey(.character("k"), at: 0) == nil)
    }
}
