import InputClick
import InputClickListen
#if canImport(Glibc)
import Glibc
#endif

/// The engine `listen` plays through: the user's settings (live), the gate's
/// rate limit, and the per-click variation; with `--uniform`, in secure text
/// entry for good.
private func makeListenEngine(_ options: ListenOptions) throws -> InputClickEngine {
    var player = ClickPlayerConfiguration()
    player.stream.scheduling = try schedulingPreference(option: nil)
    player.mixer.variation = options.variation
    let engine = InputClickEngine(output: try makeOutput(device: options.device, backend: try backendPreference(option: nil)).output,
                                  options: .init(player: player, warningHandler: { writeError("warning: \($0)") }))
    engine.setSecureTextEntry(options.uniform)
    return engine
}

/// Shows the listening view and waits (up to 10 s) for the stream, as `type` does.
private func showAndWait(_ engine: InputClickEngine, view: OptedInInputView, device: String) {
    engine.setVisibleInputViews([view])
    engine.player.waitUntil(anyOf: [.running, .waitingForDevice], timeout: .seconds(10))
    if !engine.player.isAcceptingClicks {
        writeError("warning: \(device): no audio output could be opened yet; clicks play once it can")
    }
}

/// Listens to `keyboards` until SIGINT or SIGTERM.
func listen(_ keyboards: KeyboardSet, options: ListenOptions) throws -> Int32 {
    let engine = try makeListenEngine(options)
    defer { engine.shutdown() }
    let view = OptedInInputView()
    let stop = StopSignal.install()
    showAndWait(engine, view: view, device: options.device)
    var tally = DecisionTally()
    keyboards.run(stopDescriptor: stop) { action in
        guard let click = options.rule.click(for: action) else { return }
        tally.add(engine.playInputClick(click.kind, placement: click.placement))
    }
    engine.setVisibleInputViews([])
    if options.verbose { writeError("listen: \(tally.summary)") }
    return 0
}

/// Replays a recording in real time through the device, as if typed now.
func playReplay(_ recording: EvemuReplay, options: ListenOptions) throws -> Int32 {
    let engine = try makeListenEngine(options)
    defer { engine.shutdown() }
    let view = OptedInInputView()
    showAndWait(engine, view: view, device: options.device)
    if options.verbose { writeError("listen: replaying \(recording.description.name)") }
    var tally = DecisionTally()
    let clicks = recording.actions.lazy.compactMap { action in options.rule.click(for: action).map { (action.time, $0) } }
    replayInRealTime(clicks, time: \.0) { _, click in
        tally.add(engine.playInputClick(click.kind, placement: click.placement))
    }
    finishReplay(engine, tally: tally)
    return 0
}

/// Plays an evemu-record recording read from standard input, each event
/// as it arrives: the latency benchmark's `listen` client, and a way to hear
/// a keyboard of another machine (`ssh host evemu-record … | inputclick listen --replay -`).
func playStream(options: ListenOptions) throws -> Int32 {
    let engine = try makeListenEngine(options)
    defer { engine.shutdown() }
    let view = OptedInInputView()
    showAndWait(engine, view: view, device: options.device)
    print("READY")
    fflush(nil)
    var reader = EvemuLineReader()
    var tally = DecisionTally()
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    func handle(_ line: ArraySlice<UInt8>, isUnterminated: Bool) throws {
        do {
            guard let event = try reader.read(line, isUnterminated: isUnterminated),
                  let action = KeyAction(time: 0, type: event.type, code: event.code, value: event.value),
                  let click = options.rule.click(for: action) else { return }
            tally.add(engine.playInputClick(click.kind, placement: click.placement))
        } catch let error as EvemuParseError {
            throw RuntimeFailure("standard input: \(error): not a valid evemu-record recording", exitCode: ListenExit.dataError)
        }
    }
    reading: while true {
        let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break reading }
        pending += chunk[0..<count]
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            try handle(pending[0..<newline], isUnterminated: false)
            pending.removeSubrange(0...newline)
        }
        if pending.count > EvemuParser.maximumLineBytes {
            try handle(pending[...], isUnterminated: false)   // reports the over-long line
        }
    }
    if !pending.isEmpty { try handle(pending[...], isUnterminated: true) }
    do {
        _ = try reader.finish()
    } catch let error as EvemuParseError {
        throw RuntimeFailure("standard input: \(error): not a valid evemu-record recording", exitCode: ListenExit.dataError)
    }
    finishReplay(engine, tally: tally)
    return 0
}

/// A click sink that keeps the clicks the gate lets through, for the offline render.
private final class TimelineCollector: ClickSink, @unchecked Sendable {
    var entries: [ClickTimeline.Entry] = []
    var isAcceptingClicks: Bool { true }
    func submitClick(_ kind: ClickKind, requestedAt: UInt64) -> Bool {
        submitClick(kind, requestedAt: requestedAt, placement: .center)
    }
    func submitClick(_ kind: ClickKind, requestedAt: UInt64, placement: ClickPlacement) -> Bool {
        entries.append(ClickTimeline.Entry(time: requestedAt, kind: kind, placement: placement))
        return true
    }
}

/// Lets the last clicks of a replay sound out, hides the view, and prints the
/// decisions and the latency on standard error (no key identities).
private func finishReplay(_ engine: InputClickEngine, tally: DecisionTally) {
    engine.drain(timeout: .seconds(4))
    engine.setVisibleInputViews([])
    writeError("listen: \(tally.summary)")
    let report = engine.player.latency.report()
    if report.toWrite.count > 0 { writeError("latency: \(report)") }
}

/// The clicks a replay makes, through a gate with the user's settings and
/// the default rate limit, on the recording's own clock; `uniform` holds the
/// gate in secure text entry, as the live engine is.
func replayTimeline(_ recording: EvemuReplay, rule: ListenClickRule, uniform: Bool, settings: ClickSettings)
    -> (timeline: ClickTimeline, tally: String) {
    let collector = TimelineCollector()
    let gate = InputClickGate(sink: collector, settings: settings, rateLimit: .default)
    gate.setSecureTextEntry(uniform)
    let view = OptedInInputView()
    gate.setVisibleInputViews([view])
    var tally = DecisionTally()
    for action in recording.actions {
        guard let click = rule.click(for: action) else { continue }
        tally.add(gate.playInputClick(click.kind, at: action.time, placement: click.placement))
    }
    return (ClickTimeline(collector.entries), tally.summary)
}

/// Renders a replay offline to a 48 kHz stereo 16-bit WAV file.
func renderReplay(_ recording: EvemuReplay, options: ListenOptions, to path: String) throws -> Int32 {
    let settings = SettingsStore()
    if let error = settings.lastError { writeError("warning: settings: \(error) (using the defaults)") }
    let (timeline, tally) = replayTimeline(recording, rule: options.rule, uniform: options.uniform,
                                          settings: settings.current)
    let minutes = Double(timeline.duration) / 60e9
    guard minutes <= TypeCommand.maximumRenderedMinutes else {
        throw RuntimeFailure("--output renders at most \(Int(TypeCommand.maximumRenderedMinutes)) minutes; "
                             + "this recording lasts longer", exitCode: ExitCode.usage)
    }
    try renderTypedClicks(timeline.entries, settings: settings.current, to: path, variation: options.variation)
    writeError("listen: \(tally)")
    return 0
}
