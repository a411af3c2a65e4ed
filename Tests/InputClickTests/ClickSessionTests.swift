import InputClick
import InputClickTesting
import Synchronization
import Testing

/// How many sound banks a provider has made.
private final class BankCount: Sendable {
    let count = Atomic(0)

    /// ``SyntheticClickSounds/provider``, counted.
    var provider: SoundBankProvider {
        { request in
            self.count.add(1, ordering: .relaxed)
            return try SyntheticClickSounds.provider(request)
        }
    }
}

@Suite("A click session: an engine on the default settings and fixed sounds")
struct ClickSessionTests {
    @Test func anEngineThatReadsNoUserSettingsKeepsTheDefaultsWhateverTheFileAndTheEnvironmentSay() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("clicks = off\n", to: "settings.conf")
        var environment = directory.environment
        environment["INPUTCLICK_VOLUME"] = "0.1"
        environment["INPUTCLICK_PROFILE"] = "loud"   // a bad value: an error when read
        var options = InputClickEngine.Options(settingsFile: directory.child("settings.conf"),
                                               environment: ProcessEnvironment(environment), warningHandler: { _ in })
        options.readsUserSettings = false
        let engine = InputClickEngine(output: OfflineOutput(), options: options)
        defer { engine.shutdown() }
        #expect(engine.settings == ClickSettings())
        #expect(engine.settingsError == nil)
        #expect(!engine.settingsStore.isWatching, "nothing to watch, although watchesSettings is on")
        #expect(try engine.reloadSettings().get() == ClickSettings())
        engine.setVisibleInputViews([OptedInInputView()])
        #expect(engine.waitUntilReady(timeout: .seconds(30)) == .reached)
        #expect(engine.decision(for: .key) == .plays)
    }

    @Test func anEnginesSoundsMakeEveryStreamsSoundBankInsteadOfTheOnesTheSettingsName() throws {
        let bank = BankCount()
        var options = InputClickEngine.Options(environment: ["INPUTCLICK_DESKTOP_SETTINGS": "off",
                                                             "INPUTCLICK_SOUND_PACK": "/nonexistent/inputclick-pack"],
                                               watchesSettings: false, warningHandler: { _ in })
        options.sounds = bank.provider
        let engine = InputClickEngine(output: OfflineOutput(), options: options)
        defer { engine.shutdown() }
        engine.setVisibleInputViews([OptedInInputView()])
        #expect(engine.waitUntilReady(timeout: .seconds(30)) == .reached)
        #expect(bank.count.load(ordering: .relaxed) >= 1)
        #expect(engine.soundProblems.isEmpty, "the pack the settings name was never loaded")
    }

    @Test func aSessionShowsItsKeyboardToItsEnginesGateAndPlaysThroughItsEnginesPlayer() {
        let output = OfflineOutput()
        let session = ClickSession(output: output, configuration: ClickPlayerConfiguration(warningHandler: { _ in }),
                                   sounds: SyntheticClickSounds.provider)
        defer { session.close() }
        #expect(session.player === session.engine.player)
        #expect(session.gate === session.engine.gate)
        #expect(session.engine.settingsStore.filePath.isEmpty, "a session reads no settings file")
        #expect(session.open(timeout: .seconds(30)) == .reached)
        #expect(session.engine.decision(for: .key) == .plays)
        #expect(session.play(.key) == .plays)
        _ = output.render(frameCount: 4800)
        #expect(session.engine.player.latency.count == 1)
    }
}
