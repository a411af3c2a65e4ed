import InputClick
import KeyboardCore

/// Renders a typing run's clicks offline, frame-exact, to a 48 kHz stereo 16-bit WAV with
/// the settings in force (their problems already reported). `variation` varies each
/// click's gain and pitch from its seed (`listen`); none by default.
func renderTypedClicks(_ clicks: [TimedClick], settings: ClickSettings, to path: String,
                       variation: ClickVariation? = nil) throws {
    let format = (rate: 48_000, channels: 2)
    let load = SoundBank.load(packDirectory: settings.soundPackDirectory, soundTheme: settings.soundTheme,
                              themeSearchPath: SoundThemeSearchPath(environment: .current()),
                              sampleRate: format.rate, channels: format.channels)
    for problem in load.problems { writeError("warning: sound pack: \(problem)") }
    let mixer = Mixer(configuration: MixerConfiguration(sampleRate: format.rate, channels: format.channels,
                                                        ducking: settings.ducking, variation: variation),
                      bank: load.bank)
    mixer.setClickGain(settings.clickGain)
    let longest = load.bank.longestFrameCount   // release sounds included
    let audio = ClickTimeline(clicks).render(through: mixer, tailFrames: longest + format.rate / 20)
    do {
        try SoundFileWriter.write(samples: audio, sampleRate: format.rate, channels: format.channels,
                                  format: .wavPCM16, to: path)
    } catch {
        throw RuntimeFailure("\(error)")
    }
}

/// Plays a typing run's clicks through `device` in real time: shows a click-enabled view,
/// then taps each click at its time through the engine's gate. With no device behind the
/// name, the player warns once and the text is still typed.
///
/// - Throws: ``RuntimeFailure`` (exit 64) for an unknown device, 78 for an unreadable ALSA configuration.
func playTypedClicks(_ clicks: [TimedClick], device: String) throws {
    let engine = try makeEngine(device: device, rateLimit: .unlimited, warnings: { writeError("warning: \($0)") })
    defer { engine.shutdown() }
    engine.setVisibleInputViews([OptedInInputView()])
    // Wait for the stream, as a person waits for the keyboard to slide up; a
    // device that refuses its first open is not waited for.
    engine.player.waitUntil(anyOf: [.running, .waitingForDevice], timeout: .seconds(10))
    guard engine.player.isAcceptingClicks else {
        writeError("warning: \(device): no audio output could be opened; the text is typed without clicks")
        return
    }
    var dropped = 0
    replayInRealTime(clicks, time: \.time) { click in
        if engine.playInputClick(click.kind) != .plays { dropped += 1 }
    }
    // Let every click sound out before the stream closes.
    engine.drain(timeout: .seconds(4))
    engine.setVisibleInputViews([])
    if dropped > 0 { writeError("warning: \(dropped) of \(clicks.count) clicks did not play") }
    let report = engine.player.latency.report()
    guard report.toConverter.count > 0 else { return }
    writeError("latency: \(report)")
    // Where each click's first frame went, counted from the stream's first
    // frame: taps that came while the device stalled start together (late)
    // when it resumes, and sound as one click.
    let frames = engine.player.latency.records().map { String($0.streamFrame) }
    writeError("written at stream frames: \(frames.joined(separator: " "))")
}
