import Foundation
import InputClick
import InputClickTesting
import Synchronization
import Testing

private final class Warnings: Sendable {
    let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
}


@Suite("The assembled engine")
struct EngineTests {
    private func makeDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-engine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("showing a keyboard opens the output, and a tap plays the bundled key sound into it")
    func tapPlaysBundledSound() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = OfflineOutput()
        let engine = InputClickEngine(output: output, options: .init(
            settingsFile: directory.appendingPathComponent("settings.conf").path, environment: ["INPUTCLICK_DESKTOP_SETTINGS": "off"], watchesSettings: false))
        defer { engine.shutdown() }
        #expect(engine.playInputClick() == .noVisibleInputView)
        let keyboard = OptedInInputView()
        engine.setVisibleInputViews([keyboard])
        #expect(engine.waitUntilReady(timeout: .seconds(5)) == .reached)
        #expect(output.isRendering)
        #expect(engine.playInputClick(.key) == .plays)
        let audio = output.render(frameCount: 4800)
        let format = try #require(output.lastRequest)
        let expected = SoundBank.bundled(sampleRate: format.sampleRate, channels: format.channels)
        // Default volume 0.8 is 60·log10(0.8) ≈ −5.8 dB.
        let gain = ClickSettings().clickGain
        let peak = AudioAnalysis.peak(audio, channels: format.channels)
        #expect(abs(peak - gain * AudioAnalysis.peak(expected.samples(.key), channels: format.channels)) < 0.01)
        engine.setVisibleInputViews([])
        #expect(engine.playInputClick() == .noVisibleInputView)
    }

    @Test("a settings file changed while running turns clicks off and back on")
    func settingsApplyLive() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("settings.conf")
        // The player's work and the watcher's coalescing run on this clock, by hand.
        let clock = ManualControlScheduler()
        let engine = InputClickEngine(output: OfflineOutput(), options: .init(
            settingsFile: file.path, environment: ["INPUTCLICK_DESKTOP_SETTINGS": "off"], scheduler: clock))
        defer { engine.shutdown() }
        let keyboard = OptedInInputView()
        engine.setVisibleInputViews([keyboard])
        clock.runPending()
        #expect(engine.decision() == .plays)
        /// Replaces the file (one rename: one event), waits for the watcher to see it, and lets its quiet period pass.
        func change(to text: String) throws {
            try text.write(to: file, atomically: true, encoding: .utf8)
            #expect(clock.waitUntilPending(), "the watcher did not see the change")
            clock.advance(byNanoseconds: 1_000_000_000)
        }
        try change(to: "clicks = off\n")
        #expect(engine.decision() == .clicksOff)
        try change(to: "clicks = on\nprofile = silent\n")
        #expect(engine.decision() == .silentProfile)
        try change(to: "profile = quiet\n")
        #expect(engine.decision() == .plays)
    }

    @Test("a malformed settings file warns, names its line, and leaves the defaults in force")
    func malformedSettingsWarn() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("settings.conf")
        try "clicks = off\nvolume = loud\n".write(to: file, atomically: true, encoding: .utf8)
        let warnings = Warnings()
        let engine = InputClickEngine(output: OfflineOutput(), options: .init(
            settingsFile: file.path, environment: ["INPUTCLICK_DESKTOP_SETTINGS": "off"], watchesSettings: false, warningHandler: warnings.add))
        defer { engine.shutdown() }
        #expect(engine.settings == ClickSettings())
        #expect(engine.settingsError?.line == 2)
        #expect(warnings.lines.withLock { $0 }.contains { $0.contains("settings.conf:2") })
    }

    @Test("a bad settings file is reported once at start-up while watched, and a later different error once more")
    func malformedSettingsWarnOnceWhileWatched() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("settings.conf")
        try "volume = loud\n".write(to: file, atomically: true, encoding: .utf8)
        let warnings = Warnings()
        let clock = ManualControlScheduler()
        let engine = InputClickEngine(output: OfflineOutput(), options: .init(
            settingsFile: file.path, environment: ["INPUTCLICK_DESKTOP_SETTINGS": "off"], warningHandler: warnings.add,
            scheduler: clock))
        defer { engine.shutdown() }
        #expect(engine.settingsStore.isWatching)
        #expect(warnings.lines.withLock { $0 }.count == 1, "\(warnings.lines.withLock { $0 })")
        try "clicks = maybe\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(clock.waitUntilPending(), "the watcher did not see the change")
        clock.advance(byNanoseconds: 1_000_000_000)   // past the watcher's quiet period
        #expect(warnings.lines.withLock { $0 }.count == 2)
        let lines = warnings.lines.withLock { $0 }
        #expect(lines.last?.contains("settings.conf:1") == true && lines.last?.contains("in force") == true, "\(lines)")
        #expect(engine.settings == ClickSettings())
    }

    @Test("a sound pack with a broken file still clicks, with the problem reported")
    func brokenSoundPackStillClicks() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("not a sound".utf8).write(to: directory.appendingPathComponent("key.wav"))
        let file = directory.appendingPathComponent("settings.conf")
        try "sound-pack = \(directory.path)\n".write(to: file, atomically: true, encoding: .utf8)
        let warnings = Warnings()
        let output = OfflineOutput()
        let engine = InputClickEngine(output: output, options: .init(
            settingsFile: file.path, environment: ["INPUTCLICK_DESKTOP_SETTINGS": "off"], watchesSettings: false, warningHandler: warnings.add))
        defer { engine.shutdown() }
        let keyboard = OptedInInputView()
        engine.setVisibleInputViews([keyboard])
        #expect(engine.waitUntilReady(timeout: .seconds(5)) == .reached)
        #expect(output.isRendering)
        #expect(engine.soundProblems.map(\.path) == [directory.appendingPathComponent("key.wav").path])
        #expect(warnings.lines.withLock { $0 }.contains { $0.contains("key.wav") })
        #expect(engine.playInputClick() == .plays)
        #expect(AudioAnalysis.peak(output.render(frameCount: 2400)) > 0.1)
    }
}

@Suite("The engine's warnings")
struct EngineWarningTests {
    @Test("the player's warning about an output that cannot open reaches the engine's handler")
    func playerWarningsReachTheHandler() throws {
        let warnings = Warnings()
        let output = OfflineOutput()
        output.isAvailable = false
        let engine = InputClickEngine(output: output, options: .init(
            settingsFile: "/nonexistent/settings.conf", environment: ["INPUTCLICK_DESKTOP_SETTINGS": "off"],
            watchesSettings: false, warningHandler: warnings.add))
        defer { engine.shutdown() }
        let keyboard = OptedInInputView()
        engine.setVisibleInputViews([keyboard])
        // The warning goes out before the state it led to is published.
        #expect(engine.player.waitUntil(.waitingForDevice, timeout: .seconds(5)) == .reached)
        #expect(!warnings.lines.withLock { $0 }.isEmpty)
        #expect(engine.playInputClick() == .noOutput)
    }
}

@Suite("Host audio through the engine")
struct EngineHostStreamTests {
    @Test("an attached host stream plays while the keyboard is visible and ducks under a click")
    func hostStreamPlaysAndDucks() throws {
        let output = OfflineOutput()
        let engine = InputClickEngine(output: output, options: .init(
            settingsFile: "/nonexistent/settings.conf", environment: ["INPUTCLICK_DESKTOP_SETTINGS": "off"], watchesSettings: false))
        defer { engine.shutdown() }
        let stream = HostStream(channels: 2, capacityFrames: 96_000)
        stream.write(TestSounds.spread(TestSounds.constant(0.5, frames: 96_000), channels: 2))
        engine.attach(stream)                      // before the stream opens: attached when it does
        let keyboard = OptedInInputView()
        engine.setVisibleInputViews([keyboard])
        #expect(engine.waitUntilReady(timeout: .seconds(5)) == .reached)
        #expect(output.isRendering)
        let before = output.render(frameCount: 480)
        #expect(before.allSatisfy { abs($0 - 0.5) < 1e-6 })
        engine.playInputClick(.space)
        let during = output.render(frameCount: 4800)
        // After the 5 ms attack the stream sits at −12 dB under the click (the click adds on top).
        let quietFrame = 4000   // past the space sound's end, within the hold
        #expect(abs(AudioAnalysis.decibels(during[quietFrame * 2] / 0.5) - -12) < 1)
        engine.detach(stream)
        engine.player.flushControlQueue()
        _ = output.render(frameCount: 64)
        #expect(output.render(frameCount: 480).allSatisfy { $0 == 0 })
    }
}

@Suite("Host audio across hide and show")
struct EngineHostStreamLifecycleTests {
    @Test("many attaches and detaches while hidden, then showing the keyboard, play exactly the streams still attached")
    func attachDetachWhileHidden() throws {
        let output = OfflineOutput()
        var player = ClickPlayerConfiguration()
        player.lingerNanoseconds = 10_000_000
        let engine = InputClickEngine(output: output, options: .init(
            player: player, settingsFile: "/nonexistent/settings.conf", environment: ["INPUTCLICK_DESKTOP_SETTINGS": "off"],
            watchesSettings: false))
        let keyboard = OptedInInputView()
        engine.setVisibleInputViews([keyboard])     // the mixer is built…
        #expect(engine.waitUntilReady(timeout: .seconds(5)) == .reached)
        #expect(output.isRendering)
        engine.setVisibleInputViews([])             // …and the stream closes after the linger
        #expect(engine.player.waitUntil(.closed, timeout: .seconds(5)) == .reached)
        #expect(!output.isStreamOpen)

        let kept = HostStream(channels: 2, capacityFrames: 4800)
        kept.write(TestSounds.spread(TestSounds.constant(0.25, frames: 4800), channels: 2))
        for _ in 0..<200 {
            let passing = HostStream(channels: 2, capacityFrames: 480)
            passing.write(TestSounds.spread(TestSounds.constant(0.5, frames: 480), channels: 2))
            engine.attach(passing)
            engine.detach(passing)
        }
        engine.attach(kept)
        engine.setVisibleInputViews([keyboard])
        #expect(engine.waitUntilReady(timeout: .seconds(5)) == .reached)
        #expect(output.isRendering)
        let out = output.render(frameCount: 480)
        #expect(out.allSatisfy { abs($0 - 0.25) < 1e-6 })
        engine.shutdown()
        // The engine and its mixers are gone; the host's stream is still its own.
        #expect(kept.write([0.1, 0.1]) == 1)
    }
}
