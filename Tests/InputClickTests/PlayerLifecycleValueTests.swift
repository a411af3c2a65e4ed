@testable import InputClick
import Testing

/// Every transition of the player's lifecycle, on the value alone: no
/// threads, no clocks, no device.
@Suite("The player's lifecycle as a value")
struct PlayerLifecycleValueTests {
    static let linger: UInt64 = 3_000_000_000
    static let backoff = RetryBackoff(initialNanoseconds: 100, factor: 2, maximumNanoseconds: 400)

    static func fresh() -> PlayerLifecycle {
        PlayerLifecycle(deviceName: "dev", lingerNanoseconds: linger, retry: backoff)
    }

    /// A lifecycle brought to `phase` by the usual road, and the token of its pending timer.
    static func lifecycle(in phase: PlayerLifecycle.Phase) -> PlayerLifecycle {
        var value = fresh()
        switch phase {
        case .closed: break
        case .opening: _ = value.handle(.shown)
        case .running: _ = value.handle(.shown); _ = value.handle(.opened(at: 0))
        case .lingering: _ = value.handle(.shown); _ = value.handle(.opened(at: 0)); _ = value.handle(.hidden)
        case .waitingForDevice: _ = value.handle(.shown); _ = value.handle(.openFailed(message: "busy"))
        case .shutDown: _ = value.handle(.shutDown)
        }
        #expect(value.phase == phase)
        return value
    }

    struct Row: CustomTestStringConvertible, Sendable {
        var from: PlayerLifecycle.Phase
        var event: PlayerLifecycle.Event
        var to: PlayerLifecycle.Phase
        var effects: [PlayerLifecycle.Effect]
        var testDescription: String { "\(from) + \(event) → \(to)" }
    }

    static let failWarning = "busy. Clicks are dropped until it can be opened; retrying in the background."
    static let faultWarning = "audio device 'dev' failed: gone. Clicks are dropped until it is back; retrying in the background."

    // Timer tokens: each lifecycle(in:) road has scheduled at most one timer of each
    // kind, so the next linger or retry token is 2 where one was scheduled, else 1.
    static let rows: [Row] = [
        // closed
        Row(from: .closed, event: .shown, to: .opening, effects: [.holdTaps, .open]),
        Row(from: .closed, event: .hidden, to: .closed, effects: []),
        Row(from: .closed, event: .lingerElapsed(token: 0), to: .closed, effects: []),
        Row(from: .closed, event: .retryDue(token: 0), to: .closed, effects: []),
        Row(from: .closed, event: .faulted(message: "gone", kind: .deviceLost, at: 0), to: .closed, effects: []),
        Row(from: .closed, event: .shutDown, to: .shutDown, effects: [.settleHeldTaps, .publish(.shutDown)]),
        // opening
        Row(from: .opening, event: .opened(at: 5), to: .running, effects: [.settleHeldTaps, .publish(.running), .reportOpened]),
        Row(from: .opening, event: .openFailed(message: "busy"), to: .waitingForDevice,
            effects: [.reportOpenFailed(message: "busy", retryAfterNanoseconds: 100), .warn(failWarning),
                      .settleHeldTaps, .publish(.waitingForDevice), .schedule(.retry(token: 1), afterNanoseconds: 100)]),
        Row(from: .opening, event: .shown, to: .opening, effects: []),
        Row(from: .opening, event: .hidden, to: .opening, effects: []),
        // running
        Row(from: .running, event: .hidden, to: .lingering,
            effects: [.publish(.lingering), .schedule(.linger(token: 1), afterNanoseconds: linger)]),
        Row(from: .running, event: .shown, to: .running, effects: []),
        Row(from: .running, event: .faulted(message: "gone", kind: .deviceLost, at: 10), to: .waitingForDevice,
            effects: [.publish(.waitingForDevice), .warn(faultWarning), .close, .discardQueuedClicks,
                      .schedule(.retry(token: 1), afterNanoseconds: 100)]),
        Row(from: .running, event: .opened(at: 1), to: .running, effects: [.close, .discardQueuedClicks]),
        Row(from: .running, event: .shutDown, to: .shutDown, effects: [.close, .discardQueuedClicks, .reportClosed, .settleHeldTaps, .publish(.shutDown)]),
        // lingering
        Row(from: .lingering, event: .lingerElapsed(token: 1), to: .closed, effects: [.close, .discardQueuedClicks, .publish(.closed), .reportClosed]),
        Row(from: .lingering, event: .lingerElapsed(token: 0), to: .lingering, effects: []),
        Row(from: .lingering, event: .shown, to: .running, effects: [.publish(.running)]),
        Row(from: .lingering, event: .hidden, to: .lingering,
            effects: [.publish(.lingering), .schedule(.linger(token: 2), afterNanoseconds: linger)]),
        Row(from: .lingering, event: .faulted(message: "gone", kind: .deviceLost, at: 10), to: .closed, effects: [.close, .discardQueuedClicks, .publish(.closed)]),
        Row(from: .lingering, event: .shutDown, to: .shutDown, effects: [.close, .discardQueuedClicks, .reportClosed, .settleHeldTaps, .publish(.shutDown)]),
        // waiting for the device
        Row(from: .waitingForDevice, event: .retryDue(token: 1), to: .opening, effects: [.holdTaps, .open]),
        Row(from: .waitingForDevice, event: .retryDue(token: 0), to: .waitingForDevice, effects: []),
        Row(from: .waitingForDevice, event: .shown, to: .waitingForDevice, effects: []),
        Row(from: .waitingForDevice, event: .hidden, to: .closed, effects: [.publish(.closed)]),
        Row(from: .waitingForDevice, event: .shutDown, to: .shutDown, effects: [.settleHeldTaps, .publish(.shutDown)]),
        // shut down: final
        Row(from: .shutDown, event: .shown, to: .shutDown, effects: []),
        Row(from: .shutDown, event: .opened(at: 1), to: .shutDown, effects: [.close, .discardQueuedClicks]),
        Row(from: .shutDown, event: .retryDue(token: 0), to: .shutDown, effects: []),
        Row(from: .shutDown, event: .shutDown, to: .shutDown, effects: []),
    ]

    @Test(arguments: rows)
    func transition(_ row: Row) {
        var value = Self.lifecycle(in: row.from)
        let effects = value.handle(row.event)
        #expect(value.phase == row.to)
        #expect(effects == row.effects)
    }

    @Test func theRetryAfterAFailureOpensAgainAndTheDeviceBackIsNotedOnce() {
        var value = Self.lifecycle(in: .waitingForDevice)
        #expect(value.handle(.retryDue(token: 1)) == [.holdTaps, .open])
        #expect(value.handle(.openFailed(message: "busy")) ==
                [.reportOpenFailed(message: "busy", retryAfterNanoseconds: 200),
                 .settleHeldTaps, .publish(.waitingForDevice), .schedule(.retry(token: 2), afterNanoseconds: 200)],
                "the second failure of the episode warns no more and backs off further")
        #expect(value.handle(.retryDue(token: 2)) == [.holdTaps, .open])
        #expect(value.handle(.opened(at: 0)) ==
                [.settleHeldTaps, .schedule(.proofCheck(token: 1), afterNanoseconds: PlayerLifecycle.proofCheckNanoseconds),
                 .publish(.running), .reportOpened],
                "the episode lasts until the stream proves itself")
        #expect(value.handle(.proofChecked(token: 1, proven: false)) ==
                [.schedule(.proofCheck(token: 2), afterNanoseconds: PlayerLifecycle.proofCheckNanoseconds)])
        #expect(value.hasWarned)
        #expect(value.handle(.proofChecked(token: 1, proven: true)) == [], "a superseded check is ignored")
        #expect(value.handle(.proofChecked(token: 2, proven: true)) == [.note("audio device 'dev' is open again; clicks play")])
        #expect(!value.hasWarned)
    }

    @Test func aReopenedStreamThatFailsUnprovenWarnsNoMoreAndBacksOffFurther() {
        var value = Self.lifecycle(in: .waitingForDevice)
        _ = value.handle(.retryDue(token: 1))
        _ = value.handle(.opened(at: 0))
        let effects = value.handle(.faulted(message: "frozen", kind: .deviceLost, at: 130))
        #expect(!effects.contains { if case .warn = $0 { return true } else { return false } })
        // The backoff's ceiling is 400 ns here: an unproven failure waits twice that, then four times.
        #expect(effects.contains(.schedule(.retry(token: 2), afterNanoseconds: 800)))
        #expect(value.handle(.proofChecked(token: 1, proven: true)) == [], "the failed stream's check is void")
        _ = value.handle(.retryDue(token: 2))
        _ = value.handle(.opened(at: 1_000))
        #expect(value.handle(.faulted(message: "frozen", kind: .deviceLost, at: 1_130)).contains(.schedule(.retry(token: 3), afterNanoseconds: 1_600)))
        _ = value.handle(.retryDue(token: 3))
        _ = value.handle(.opened(at: 3_000))
        #expect(value.handle(.faulted(message: "frozen", kind: .deviceLost, at: 3_130)).contains(.schedule(.retry(token: 4), afterNanoseconds: 1_600)),
                "four times the ceiling at most")
        // Proven at last: the next failure starts from the usual pace.
        _ = value.handle(.retryDue(token: 4))
        _ = value.handle(.opened(at: 5_000))
        #expect(value.handle(.proofChecked(token: value.proofToken, proven: true)) == [.note("audio device 'dev' is open again; clicks play")])
    }

    @Test func anOpenThatOnlyTheUserCanMendIsRetriedRarelyAndTheWarningSaysSo() {
        var value = Self.lifecycle(in: .opening)
        let wait = Self.backoff.persistentFailureNanoseconds
        #expect(wait == 30_000_000_000)
        #expect(value.handle(.openFailed(message: "no plugin", isPersistent: true)) ==
                [.reportOpenFailed(message: "no plugin", retryAfterNanoseconds: wait),
                 .warn("no plugin. Clicks are off until that is fixed; trying again every 30 s."),
                 .settleHeldTaps, .publish(.waitingForDevice), .schedule(.retry(token: 1), afterNanoseconds: wait)])
        #expect(value.handle(.retryDue(token: 1)) == [.holdTaps, .open])
        #expect(value.handle(.openFailed(message: "no plugin", isPersistent: true)) ==
                [.reportOpenFailed(message: "no plugin", retryAfterNanoseconds: wait),
                 .settleHeldTaps, .publish(.waitingForDevice), .schedule(.retry(token: 2), afterNanoseconds: wait)],
                "every later try waits as long, and warns no more")
    }

    @Test func aFaultMarksTheDeviceLostUntilItIsBackOrTheKeyboardHides() {
        var value = Self.lifecycle(in: .running)
        _ = value.handle(.faulted(message: "gone", kind: .deviceLost, at: 1))
        #expect(value.isDeviceLost)
        _ = value.handle(.retryDue(token: 1))
        _ = value.handle(.openFailed(message: "busy"))
        #expect(value.isDeviceLost, "still lost while retries fail")
        _ = value.handle(.hidden)
        #expect(!value.isDeviceLost)
        #expect(value.retryAttempt == 0)
    }

    @Test func aStreamThatRanLongEnoughBeforeItsFaultStartsTheBackoffAgain() {
        var short = Self.lifecycle(in: .waitingForDevice)
        _ = short.handle(.retryDue(token: 1))
        _ = short.handle(.opened(at: 1_000))
        _ = short.handle(.proofChecked(token: short.proofToken, proven: true))
        let quick = short.handle(.faulted(message: "gone", kind: .deviceLost, at: 1_000 + short.healthyRunNanoseconds - 1))
        #expect(quick.contains(.schedule(.retry(token: 2), afterNanoseconds: 200)))

        var long = Self.lifecycle(in: .waitingForDevice)
        _ = long.handle(.retryDue(token: 1))
        _ = long.handle(.opened(at: 1_000))
        _ = long.handle(.proofChecked(token: long.proofToken, proven: true))
        let healthy = long.handle(.faulted(message: "gone", kind: .deviceLost, at: 1_000 + long.healthyRunNanoseconds))
        #expect(healthy.contains(.schedule(.retry(token: 2), afterNanoseconds: 100)))
    }

    @Test func aStreamThatOpensAfterTheKeyboardHidLingersAndCloses() {
        var value = Self.lifecycle(in: .opening)
        _ = value.handle(.hidden)
        #expect(value.handle(.opened(at: 0)) ==
                [.settleHeldTaps, .publish(.lingering), .reportOpened,
                 .schedule(.linger(token: 1), afterNanoseconds: Self.linger)])
        #expect(value.handle(.lingerElapsed(token: 1)) == [.close, .discardQueuedClicks, .publish(.closed), .reportClosed])
    }

    @Test func anOpenThatFailsAfterTheKeyboardHidClosesWithoutRetrying() {
        var value = Self.lifecycle(in: .opening)
        _ = value.handle(.hidden)
        #expect(value.handle(.openFailed(message: "busy")) ==
                [.reportOpenFailed(message: "busy", retryAfterNanoseconds: 100), .warn(Self.failWarning),
                 .settleHeldTaps, .publish(.closed)])
        #expect(value.phase == .closed)
    }
}
