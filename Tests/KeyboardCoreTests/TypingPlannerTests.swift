import InputClick
import InputClickTesting
import Testing
@testable import KeyboardCore

@Suite("Typing planner")
struct TypingPlannerTests {
    private func names(_ keys: [KeyRole]) -> [String] { keys.map(\.description) }

    @Test("'Hello, World!' becomes shift h e l l o 123 , space shift w o r l d 123 !")
    func helloWorldPlan() throws {
        let planner = TypingPlanner(traits: TextInputTraits(autocapitalizationType: .none))
        let keys = try planner.keys(for: "Hello, World!")
        #expect(names(keys) == ["shift", "h", "e", "l", "l", "o", "123", ",", "space",
                                "shift", "w", "o", "r", "l", "d", "123", "!"])
    }

    @Test("with sentence autocapitalization the first capital needs no shift tap")
    func helloWorldWithAutoShift() throws {
        let keys = try TypingPlanner().keys(for: "Hello, World!")
        #expect(names(keys).prefix(2) == ["h", "e"])
        #expect(keys.filter { $0 == .shift }.count == 1)
    }

    @Test("typing the plan through a gate yields the text and one click per tap, with the right kinds")
    func typedResultMatches() throws {
        let sink = RecordingSink()
        let gate = InputClickGate(sink: sink)
        let planner = TypingPlanner(traits: TextInputTraits(autocapitalizationType: .none))
        let result = try planner.type("Hello, World!", through: gate, timeOrigin: ms(1_000_000))
        #expect(result.text == "Hello, World!")
        #expect(result.strokes.count == 17)
        #expect(result.clicks.count == 17)
        #expect(result.clicks.map(\.kind) == [.modifier, .key, .key, .key, .key, .key, .modifier, .key, .space,
                                              .modifier, .key, .key, .key, .key, .key, .modifier, .key])
        #expect(sink.clicks.count == 17)
        #expect(result.notificationNames == [.willShow, .didShow])
    }

    @Test("a mixed text with digits, symbols, line breaks and Chinese punctuation types exactly")
    func mixedTextRoundTrips() throws {
        let text = "Mail me at a.b@c.de, ok? [x] {y} 50% + 2 = #7\nNew line: ？ ！ done; ~_~ \\ | €5 'q' \"z\""
        let result = try TypingPlanner().type(text, through: InputClickGate(sink: nil), timeOrigin: 0)
        #expect(result.text == text)
        #expect(result.strokes.allSatisfy { $0.decision == .noOutput }, "the gate has no sink")
    }

    @Test("a character no key produces is an error naming it and its position")
    func unproducibleCharacter() {
        #expect(throws: TypingPlanError(character: "😀", offset: 3, reason: .noKey(.default))) {
            try TypingPlanner().keys(for: "Hi 😀!")
        }
        let message = TypingPlanError(character: "😀", offset: 3, reason: .noKey(.default)).description
        #expect(message.contains("\"😀\" (U+1F600)"))
        #expect(message.contains("character 4"))
        let tab = TypingPlanError(character: "\t", offset: 0, reason: .noKey(.default)).description
        #expect(tab.contains("tab (U+0009)"))
    }

    @Test("the keyboard type limits what can be typed")
    func keyboardTypeLimits() throws {
        let pad = TypingPlanner(traits: TextInputTraits(keyboardType: .numberPad))
        #expect(try pad.keys(for: "2024").count == 4)
        #expect(throws: TypingPlanError(character: ".", offset: 1, reason: .noKey(.numberPad))) {
            try pad.keys(for: "3.14")
        }
        let ascii = TypingPlanner(traits: TextInputTraits(keyboardType: .asciiCapable))
        #expect(throws: TypingPlanError(character: "，", offset: 0, reason: .noKey(.asciiCapable))) {
            try ascii.keys(for: "，")
        }
    }

    @Test("a line break cannot be typed into a text field, whose return key performs an action")
    func newlineInFieldIsRefused() {
        let planner = TypingPlanner(target: .textField, traits: TextInputTraits(returnKeyType: .go))
        do {
            _ = try planner.keys(for: "a\nb")
            Issue.record("expected an error")
        } catch {
            #expect(error.offset == 1)
            #expect(error.description.contains("line feed"))
            #expect(error.description.contains("'Go' action"))
        }
    }

    @Test("Chinese punctuation is planned through ch/en")
    func chinesePunctuationPlan() throws {
        let keys = try TypingPlanner(traits: TextInputTraits(autocapitalizationType: .none)).keys(for: "ok，")
        #expect(names(keys) == ["o", "k", "123", "ch/en", ","])
    }

    @Test("the rhythm is 300 ms a tap on average at 40 wpm, jittered, and the same for the same seed")
    func rhythm() {
        let rhythm = TypingRhythm()
        #expect(rhythm.meanInterval == ms(300))
        let intervals = rhythm.intervals(count: 2000)
        #expect(intervals == TypingRhythm().intervals(count: 2000))
        #expect(intervals != TypingRhythm(seed: 7).intervals(count: 2000))
        #expect(Set(intervals).count > 1000, "jittered")
        let mean = Double(intervals.reduce(0, +)) / Double(intervals.count)
        #expect(abs(mean - 300e6) < 10e6)
        #expect(intervals.allSatisfy { $0 >= ms(120) && $0 <= ms(480) })
        #expect(TypingRhythm(wordsPerMinute: 120).meanInterval == ms(100))
        #expect(TypingRhythm(wordsPerMinute: -5).wordsPerMinute == 1)
        #expect(TypingRhythm(wordsPerMinute: .nan).wordsPerMinute == 40)
    }

    @Test("the shortest duration of a run of taps is a floor no seed or jitter goes below, and is reached at the jitter's limit")
    func shortestDurationIsAFloor() {
        for wordsPerMinute in [1.0, 40, 300] {
            let floor = TypingRhythm(wordsPerMinute: wordsPerMinute).shortestDuration(taps: 500)
            for seed: UInt64 in [1, 2024, 99] {
                for jitter in [0.0, 0.15, 0.5] {
                    let rhythm = TypingRhythm(wordsPerMinute: wordsPerMinute, jitter: jitter, seed: seed)
                    #expect(rhythm.intervals(count: 500).reduce(0, +) >= floor)
                }
            }
            // 0.4 of the mean interval per tap: as short as the jitter can make each one.
            #expect(floor == 500 * UInt64((Double(TypingRhythm(wordsPerMinute: wordsPerMinute).meanInterval) * 0.4).rounded()))
        }
        #expect(TypingRhythm().shortestDuration(taps: 0) == 0)
        #expect(TypingRhythm().shortestDuration(taps: -3) == 0)
    }

    @Test("planned events start one interval after the start and keep the rhythm's order")
    func eventsFollowRhythm() throws {
        let planner = TypingPlanner(traits: TextInputTraits(autocapitalizationType: .none))
        let events = try planner.events(for: "abc", startingAt: ms(50))
        let intervals = planner.rhythm.intervals(count: 3)
        #expect(events.map(\.time) == [ms(50) + intervals[0], ms(50) + intervals[0] + intervals[1],
                                       ms(50) + intervals[0] + intervals[1] + intervals[2]])
        #expect(events.map(\.action) == [.tap(.character("a")), .tap(.character("b")), .tap(.character("c"))])
    }
}

@Suite("Planning taps from the keyboard's current state")
struct TypingPlannerLiveStateTests {
    @Test("a capital from the letters page taps shift then the letter; a digit taps 123 then the digit")
    func plansFromTheCurrentState() throws {
        let host = KeyboardHost(gate: InputClickGate(sink: nil))
        let view = TextView(traits: TextInputTraits(autocapitalizationType: .none))
        host.add(view)
        view.becomeFirstResponder()
        let keyboard = host.demoKeyboard
        let capital = try #require(TypingPlanner.keys(toType: "Q", from: keyboard.state))
        #expect(capital == [.shift, .character("q")])
        let digit = try #require(TypingPlanner.keys(toType: "7", from: keyboard.state))
        #expect(digit == [.page(.numbers), .character("7")])
        // Once on the numbers page, a digit needs no page key.
        _ = try keyboard.touchDown(.page(.numbers), at: 1_000_000_000)
        #expect(TypingPlanner.keys(toType: "7", from: keyboard.state) == [.character("7")])
        #expect(TypingPlanner.keys(toType: "😀", from: keyboard.state) == nil)
    }

    @Test("with sentence autocapitalization the first capital needs no shift tap")
    func autoShiftIsPartOfTheState() throws {
        let host = KeyboardHost(gate: InputClickGate(sink: nil))
        let view = TextView()
        host.add(view)
        view.becomeFirstResponder()
        #expect(TypingPlanner.keys(toType: "Q", from: host.demoKeyboard.state) == [.character("q")])
    }
}
