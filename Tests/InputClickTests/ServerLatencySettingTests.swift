import InputClick
import InputClickTesting
import Testing

@Suite("The server latency a stream asks for")
struct ServerLatencySettingTests {
    /// An output that records the request it is asked to open, and opens nothing.
    private static func unavailableOutput() -> OfflineOutput {
        let output = OfflineOutput()
        output.isAvailable = false
        return output
    }

    private func firstRequest(settings: ClickSettings, configuration: ClickPlayerConfiguration) throws -> OutputStreamRequest {
        let output = Self.unavailableOutput()
        let scheduler = ManualControlScheduler()
        let player = ClickPlayer(output: output, configuration: configuration, scheduler: scheduler,
                                 sounds: SyntheticClickSounds.provider)
        player.apply(settings)
        let gate = InputClickGate(sink: player, rateLimit: .unlimited)
        gate.setVisibleInputViews([OptedInInputView()])
        scheduler.runPending()
        return try #require(output.lastRequest)
    }

    @Test("the user's latency setting is what the stream asks when the keyboard shows")
    func theSettingDecides() throws {
        for policy in ServerLatencyPolicy.allCases {
            var settings = ClickSettings()
            settings.serverLatency = policy
            var configuration = ClickPlayerConfiguration(warningHandler: { _ in })
            configuration.serverLatencyFollowsSettings = true
            let request = try firstRequest(settings: settings, configuration: configuration)
            #expect(request.serverLatency == policy)
        }
    }

    @Test("a player that does not follow the settings (the default, and a host that fixed a policy) keeps its own")
    func aFixedPolicyWins() throws {
        var configuration = ClickPlayerConfiguration(warningHandler: { _ in })
        configuration.stream.serverLatency = .lowest
        var settings = ClickSettings()
        settings.serverLatency = .economy
        #expect(try firstRequest(settings: settings, configuration: configuration).serverLatency == .lowest)
    }

    @Test("latency reads from the settings file, ignoring case, and a bad value names the choices")
    func theFileKey() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("latency = Economy\n", to: "config/inputclick/settings.conf")
        #expect(SettingsStore(environment: directory.environment).current.serverLatency == .economy)
        try directory.write("latency = fast\n", to: "config/inputclick/settings.conf")
        let store = SettingsStore(environment: directory.environment)
        #expect(store.lastError?.description.contains("latency must be one of lowest, balanced, economy, not 'fast'") == true)
    }

    @Test("an engine asks the user's setting, unless the host fixed a policy")
    func theEngineFollowsTheSetting() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("latency = lowest\n", to: "config/inputclick/settings.conf")
        for fromSettings in [true, false] {
            let output = Self.unavailableOutput()
            let scheduler = ManualControlScheduler()
            var options = InputClickEngine.Options(environment: ProcessEnvironment(directory.environment), watchesSettings: false,
                                                   warningHandler: { _ in }, scheduler: scheduler)
            options.player.stream.serverLatency = .economy
            options.serverLatencyFromSettings = fromSettings
            let engine = InputClickEngine(output: output, options: options)
            engine.setVisibleInputViews([OptedInInputView()])
            scheduler.runPending()
            #expect(output.lastRequest?.serverLatency == (fromSettings ? .lowest : .economy))
            engine.shutdown()
        }
    }
}
