import InputClick
import InputClickTesting
import Testing

private final class OptedOutView: InputViewAudioFeedback {
    var enableInputClicksWhenVisible: Bool { false }
}
/// Adopts the protocol but does not implement the property: UIKit's default is `false`.
private final class AdoptsOnlyView: InputViewAudioFeedback {}
private final class PlainView {}

private enum VisibleViews: CaseIterable {
    case none, plain, optedOut, adoptsOnly, optedIn, accessoryOptedIn

    func views() -> [AnyObject] {
        switch self {
        case .none: return []
        case .plain: return [PlainView()]
        case .optedOut: return [OptedOutView()]
        case .adoptsOnly: return [AdoptsOnlyView()]
        case .optedIn: return [OptedInInputView()]
        case .accessoryOptedIn: return [PlainView(), OptedInInputView()]
        }
    }
}

private enum SinkState: CaseIterable { case missing, accepting, refusing }

@Suite("The gate's truth table")
struct GateTruthTableTests {
    @Test("every combination of settings, visible views and output gives the documented decision",
          arguments: [true, false], ClickProfile.allCases)
    func everyCombination(clicksEnabled: Bool, profile: ClickProfile) {
        for visible in VisibleViews.allCases {
            for sinkState in SinkState.allCases {
                let sink = RecordingSink(accepting: sinkState == .accepting)
                let gate = InputClickGate(sink: sinkState == .missing ? nil : sink,
                                          settings: ClickSettings(clicksEnabled: clicksEnabled, profile: profile))
                let views = visible.views()
                gate.setVisibleInputViews(views)

                let expected: ClickDecision
                if !clicksEnabled { expected = .clicksOff }
                else if profile == .silent { expected = .silentProfile }
                else if visible == .none { expected = .noVisibleInputView }
                else if visible != .optedIn && visible != .accessoryOptedIn { expected = .notOptedIn }
                else if sinkState != .accepting { expected = .noOutput }
                else { expected = .plays }

                #expect(gate.decision(for: .key) == expected, "\(clicksEnabled) \(profile) \(visible) \(sinkState)")
                #expect(gate.playInputClick(.space) == expected, "\(clicksEnabled) \(profile) \(visible) \(sinkState)")
                #expect(sink.clicks.map(\.kind) == (expected == .plays ? [.space] : []))
                withExtendedLifetime(views) {}
            }
        }
    }

    @Test("a view that adopts the protocol without implementing the property does not click")
    func adoptingAloneDoesNotClick() {
        let view = AdoptsOnlyView()
        #expect(view.enableInputClicksWhenVisible == false)
        let gate = InputClickGate(sink: RecordingSink())
        gate.setVisibleInputViews([view])
        #expect(gate.playInputClick() == .notOptedIn)
    }

    @Test("hiding the keyboard stops clicks, and showing it again restores them")
    func hideAndShow() {
        let sink = RecordingSink()
        let gate = InputClickGate(sink: sink)
        let keyboard = OptedInInputView()
        gate.setVisibleInputViews([keyboard])
        #expect(gate.playInputClick() == .plays)
        gate.setVisibleInputViews([])
        #expect(gate.playInputClick() == .noVisibleInputView)
        gate.setVisibleInputViews([keyboard])
        #expect(gate.playInputClick(.delete, at: gate.clock.now() + 1_000_000_000) == .plays)
        #expect(sink.clicks.map(\.kind) == [.key, .delete])
    }

    @Test("settings applied later change the decision at once")
    func settingsApplyLive() {
        let gate = InputClickGate(sink: RecordingSink())
        gate.setVisibleInputViews([OptedInInputView()])
        #expect(gate.decision() == .plays)
        gate.apply(ClickSettings(clicksEnabled: false))
        #expect(gate.decision() == .clicksOff)
        gate.apply(ClickSettings(profile: .silent))
        #expect(gate.decision() == .silentProfile)
        gate.apply(ClickSettings(profile: .quiet))
        #expect(gate.decision() == .plays)
    }

    @Test("every decision has a distinct identifier and a sentence")
    func decisionsDescribeThemselves() {
        let identifiers = Set(ClickDecision.allCases.map(\.identifier))
        #expect(identifiers.count == ClickDecision.allCases.count)
        #expect(ClickDecision.allCases.allSatisfy { !$0.description.isEmpty })
    }
}
