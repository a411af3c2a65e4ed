import InputClick
import InputClickTesting
import Testing

/// Host overrides through the engine reach the gate at once, sit under the
/// environment, and clear.
@Suite struct EngineHostOverrideTests {
    private func makeEngine(_ environment: [String: String] = [:]) -> InputClickEngine {
        var variables = ["INPUTCLICK_DESKTOP_SETTINGS": "off", "INPUTCLICK_CONFIG": "/nonexistent/inputclick/settings.conf"]
        for (name, value) in environment { variables[name] = value }
        return InputClickEngine(output: OfflineOutput(), options: .init(environment: ProcessEnvironment(variables),
                                                                         watchesSettings: false, warningHandler: { _ in }))
    }

    @Test func aHostProfileReachesTheGateAndClears() throws {
        let engine = makeEngine()
        defer { engine.shutdown() }
        #expect(engine.decision() == .noVisibleInputView)
        try engine.setHostOverride(.profile, to: "silent")
        #expect(engine.decision() == .silentProfile)
        #expect(engine.settings.profile == .silent)
        try engine.setHostOverride(.volume, to: "0.25")
        engine.clearHostOverride(.profile)
        #expect(engine.decision() == .noVisibleInputView)
        #expect(engine.settings.volume == 0.25)
        engine.clearHostOverrides()
        #expect(engine.settings == ClickSettings())
    }

    @Test func theEnvironmentStaysOverTheHost() throws {
        let engine = makeEngine(["INPUTCLICK_PROFILE": "quiet"])
        defer { engine.shutdown() }
        try engine.setHostOverride(.profile, to: "silent")
        #expect(engine.settings.profile == .quiet)
        #expect(engine.decision() == .noVisibleInputView)
    }

    @Test func aBadHostValueThrowsAndChangesNothing() {
        let engine = makeEngine()
        defer { engine.shutdown() }
        #expect(throws: SettingsError.self) { try engine.setHostOverride(.volume, to: "-1") }
        #expect(throws: SettingsError.self) { try engine.setHostOverride(.soundTheme, to: "a/b") }
        #expect(engine.settings == ClickSettings())
    }
}
