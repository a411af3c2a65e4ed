import Foundation
import InputClick
import InputClickTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct SettingsStoreTests {
    private let relativePath = "config/inputclick/settings.conf"

    @Test func aMissingFileMeansTheDefaultsAndNoError() throws {
        let directory = try SettingsTemporaryDirectory()
        let store = SettingsStore(environment: directory.environment)
        #expect(store.current == ClickSettings())
        #expect(store.lastError == nil)
        #expect(try store.reload().get() == ClickSettings())
    }

    @Test func aGoodFileIsInForceAfterCreation() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("volume = 0.3\nprofile = quiet\n", to: relativePath)
        let store = SettingsStore(environment: directory.environment)
        #expect(store.current == ClickSettings(volume: 0.3, profile: .quiet))
        #expect(store.lastError == nil)
    }

    @Test func aFileWithOneBadLineChangesNothingAtAll() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("clicks = off\nvolume = 0.3\nprofile = loud\nduck-depth-db = -30\n", to: relativePath)
        let store = SettingsStore(environment: directory.environment)
        #expect(store.current == ClickSettings())
        #expect(store.lastError?.description
                == "\(directory.child(relativePath)):3: profile must be one of full, quiet, silent, not 'loud'")
    }

    @Test func aBadReloadKeepsThePreviousGoodSettingsEntirely() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("volume = 0.3\nprofile = quiet\n", to: relativePath)
        let store = SettingsStore(environment: directory.environment)
        try directory.write("volume = 0.9\nprofile = full\nclicks = perhaps\n", to: relativePath)
        let result = store.reload()
        #expect(throws: SettingsError.self) { try result.get() }
        #expect(store.current == ClickSettings(volume: 0.3, profile: .quiet))
        #expect(store.lastError?.line == 3)

        try directory.write("volume = 0.9\n", to: relativePath)
        #expect(try store.reload().get() == ClickSettings(volume: 0.9))
        #expect(store.lastError == nil)
    }

    @Test func deletingTheFileReturnsToTheDefaults() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("volume = 0.3\n", to: relativePath)
        let store = SettingsStore(environment: directory.environment)
        try FileManager.default.removeItem(atPath: directory.child(relativePath))
        #expect(try store.reload().get() == ClickSettings())
    }

    @Test func aDirectoryInPlaceOfTheFileIsAnErrorNamingIt() throws {
        let directory = try SettingsTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.child(relativePath), withIntermediateDirectories: true)
        let store = SettingsStore(environment: directory.environment)
        #expect(store.current == ClickSettings())
        #expect(store.lastError?.kind == .unreadableFile)
        #expect(store.lastError?.description == "\(directory.child(relativePath)): is a directory, not a settings file")
    }

    @Test func aFIFOInPlaceOfTheFileIsRefusedWithoutHanging() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("", to: relativePath)
        try FileManager.default.removeItem(atPath: directory.child(relativePath))
        #expect(mkfifo(directory.child(relativePath), 0o600) == 0)
        let store = SettingsStore(environment: directory.environment)
        #expect(store.lastError?.description == "\(directory.child(relativePath)): is not a regular file")
    }

    @Test func aFileThatIsNotUTF8IsAnErrorNamingTheLine() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("", to: relativePath)
        let bytes: [UInt8] = Array("volume = 0.5\nprofile = ".utf8) + [0xFF, 0x0A]
        try Data(bytes).write(to: URL(fileURLWithPath: directory.child(relativePath)))
        let store = SettingsStore(environment: directory.environment)
        #expect(store.lastError?.kind == .unreadableFile)
        #expect(store.lastError?.description == "\(directory.child(relativePath)):2: is not UTF-8 text (byte 0xFF at offset 23)")
        #expect(store.current == ClickSettings())
    }

    @Test func anOversizedFileIsRefused() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write(String(repeating: "# padding\n", count: 7000), to: relativePath)
        let store = SettingsStore(environment: directory.environment)
        #expect(store.lastError?.problem == "is larger than 64 KiB; a settings file is a few lines")
    }

    @Test func aPathThroughAFileIsAnErrorRatherThanADefault() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("", to: "config")
        let store = SettingsStore(environment: directory.environment)
        #expect(store.lastError?.problem == "cannot open the settings file: Not a directory")
    }

    @Test func theStaticParserAgreesWithTheStore() throws {
        let directory = try SettingsTemporaryDirectory()
        let text = "volume = 0.4\nduck-release-ms = 800\n"
        try directory.write(text, to: relativePath)
        let store = SettingsStore(environment: directory.environment)
        #expect(try SettingsStore.parse(text: text, file: store.filePath) == store.current)
    }

    @Test func aRelativeSoundPackInTheFileIsRelativeToTheFilesDirectory() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("sound-pack = packs/soft\n", to: relativePath)
        let store = SettingsStore(environment: directory.environment)
        #expect(store.current.soundPackDirectory == directory.child("config/inputclick/packs/soft"))
    }
}

@Suite struct SettingsStoreLifetimeTests {
    @Test func aRelativeFilePathIsTakenFromTheCurrentDirectoryAndStandardized() throws {
        let store = SettingsStore(filePath: "conf/../my.conf", environment: ["INPUTCLICK_DESKTOP_SETTINGS": "off"])
        var buffer = [CChar](repeating: 0, count: 4096)
        let cwd = String(cString: getcwd(&buffer, buffer.count))
        #expect(store.filePath == (cwd == "/" ? "" : cwd) + "/my.conf")
    }

    @Test func aReleasedStoreStopsWatchingWithoutACallback() throws {
        let directory = try SettingsTemporaryDirectory()
        let relativePath = "config/inputclick/settings.conf"
        try directory.write("volume = 0.5\n", to: relativePath)
        let recorder = SettingsCallbackRecorder()
        let clock = ManualControlScheduler()
        do {
            let store = SettingsStore(environment: directory.environment)
            store.startWatching(recordingInto: recorder, scheduler: clock)
            #expect(store.isWatching)
            try directory.write("volume = 0.1\n", to: relativePath)
            // The watcher saw the change; its check waits on the manual clock.
            #expect(clock.waitUntilPending())
        }
        clock.advance(byNanoseconds: 1_000_000_000)   // the store is gone: its check must not run
        #expect(recorder.changes.isEmpty)
        #expect(recorder.errors.isEmpty)
    }
}
