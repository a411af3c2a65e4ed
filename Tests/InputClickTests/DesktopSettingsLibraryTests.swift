@testable import InputClick
import Testing

/// GIO is loaded at run time: its absence, and schemas or keys that are not
/// installed, must say nothing rather than abort the process as
/// `g_settings_new` would.
@Suite struct DesktopSettingsLibraryTests {
    @Test func aMissingLibraryLoadsAsNothing() {
        #expect(GIOSettingsLibrary(soname: "libgio-absent-for-tests.so.0") == nil)
    }

    @Test func aSchemaOrKeyThatIsNotInstalledReadsAsNothing() throws {
        let gio = try #require(GIOSettingsLibrary.shared, "libgio-2.0.so.0 is not installed; run scripts/install-deps.sh")
        #expect(gio.read(schema: "org.example.inputclick.absent", keys: [("anything", true, false)]).isEmpty)
        #expect(gio.read(schema: DesktopSettings.gnomeSoundSchema, keys: [("no-such-key", true, false)]).isEmpty)
    }

    @Test func theDesktopLayerSetsOnlyWhatTheDesktopSaid() {
        let desktop = DesktopSettings(soundTheme: "ocean")
        #expect(desktop.keys == [.soundTheme])
        #expect(DesktopSettings.none.keys.isEmpty)
        #expect(DesktopSettings(clicksEnabled: false, profile: .quiet).keys == [.clicks, .profile])
    }
}

