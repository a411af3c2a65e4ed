import Foundation
import InputClick
import InputClickTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct SettingsLiveReloadTests {
    private let relativePath = "config/inputclick/settings.conf"

    @Test func aSavedGoodFileReachesOnChangeAndABadOneReachesOnErrorWithoutChangingAnything() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("volume = 0.5\n", to: relativePath)
        let store = SettingsStore(environment: directory.environment)
        let recorder = SettingsCallbackRecorder()
        store.startWatching(recordingInto: recorder)
        defer { store.stopWatching() }
        #expect(store.isWatching)
        #expect(store.watchedDirectory == directory.child("config/inputclick"))

        try directory.write("volume = 0.3\nprofile = quiet\n", to: relativePath)
        #expect(recorder.wait { changes, _ in changes.last == ClickSettings(volume: 0.3, profile: .quiet) })
        #expect(store.current == ClickSettings(volume: 0.3, profile: .quiet))

        try directory.write("volume = 0.9\nprofile = loud\n", to: relativePath)
        #expect(recorder.wait { _, errors in !errors.isEmpty })
        #expect(recorder.errors.last?.description
                == "\(directory.child(relativePath)):2: profile must be one of full, quiet, silent, not 'loud'")
        #expect(store.current == ClickSettings(volume: 0.3, profile: .quiet))
        #expect(store.lastError?.line == 2)
    }

    @Test func aRenameOverTheFileAsEditorsSaveIsReloaded() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("volume = 0.5\n", to: relativePath)
        let store = SettingsStore(environment: directory.environment)
        let recorder = SettingsCallbackRecorder()
        store.startWatching(recordingInto: recorder)
        defer { store.stopWatching() }

        try directory.writeByRename("volume = 0.2\nclicks = off\n", to: relativePath)
        #expect(recorder.wait { changes, _ in changes.last == ClickSettings(clicksEnabled: false, volume: 0.2) })
        #expect(store.current == ClickSettings(clicksEnabled: false, volume: 0.2))
    }

    /// `mkdir -p` can create the inner directory while the watcher is moving
    /// its watch down: an edit made afterwards must still be seen, every time.
    @Test func aDirectoryCreatedAfterTheWatchStartedIsFollowedAllTheWayDown() throws {
        for _ in 0..<20 {
            let directory = try SettingsTemporaryDirectory()
            let store = SettingsStore(environment: directory.environment)
            let recorder = SettingsCallbackRecorder()
            store.startWatching(recordingInto: recorder)
            defer { store.stopWatching() }
            #expect(store.isWatching)
            #expect(store.watchedDirectory == directory.path)

            try directory.write("volume = 0.1\n", to: relativePath)   // mkdir -p config/inputclick, then write.
            #expect(recorder.wait { changes, _ in changes.last == ClickSettings(volume: 0.1) })
            try directory.write("volume = 0.3\n", to: relativePath)
            #expect(recorder.wait { changes, _ in changes.last == ClickSettings(volume: 0.3) })
            // Only a watch on the file's own directory (or a move down to it) reports the second edit.
            #expect(store.watchedDirectory == directory.child("config/inputclick"))
            #expect(recorder.errors.isEmpty)
        }
    }

    @Test func aDeletedAndRecreatedDirectoryIsFollowedAgain() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("volume = 0.5\n", to: relativePath)
        let store = SettingsStore(environment: directory.environment)
        let recorder = SettingsCallbackRecorder()
        store.startWatching(recordingInto: recorder)
        defer { store.stopWatching() }

        try FileManager.default.removeItem(atPath: directory.child("config"))
        #expect(recorder.wait { changes, _ in changes.last == ClickSettings() })

        try directory.write("volume = 0.7\n", to: relativePath)
        #expect(recorder.wait { changes, _ in changes.last == ClickSettings(volume: 0.7) })
        #expect(store.watchedDirectory == directory.child("config/inputclick"))
    }

    @Test func deletingTheWatchedFileReturnsToTheDefaults() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("volume = 0.5\n", to: relativePath)
        let store = SettingsStore(environment: directory.environment)
        let recorder = SettingsCallbackRecorder()
        store.startWatching(recordingInto: recorder)
        defer { store.stopWatching() }

        #expect(unlink(directory.child(relativePath)) == 0)
        #expect(recorder.wait { changes, _ in changes.last == ClickSettings() })
    }

    @Test func fixingABadFileReportsTheSettingsAgainEvenWhenTheyAreUnchanged() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("volume = 0.5\n", to: relativePath)
        let store = SettingsStore(environment: directory.environment)
        let recorder = SettingsCallbackRecorder()
        store.startWatching(recordingInto: recorder)
        defer { store.stopWatching() }

        try directory.write("volume = half\n", to: relativePath)
        #expect(recorder.wait { _, errors in errors.count == 1 })
        try directory.write("volume = 0.5\n", to: relativePath)
        #expect(recorder.wait { changes, _ in changes == [ClickSettings(volume: 0.5)] })
        #expect(store.lastError == nil)
    }

    @Test func changesToOtherFilesInTheDirectoryAreIgnored() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("volume = 0.5\n", to: relativePath)
        let store = SettingsStore(environment: directory.environment)
        let recorder = SettingsCallbackRecorder()
        store.startWatching(recordingInto: recorder)
        defer { store.stopWatching() }

        try directory.write("volume = nonsense\n", to: "config/inputclick/other.conf")
        try directory.write("volume = 0.25\n", to: relativePath)
        #expect(recorder.wait { changes, _ in changes.last == ClickSettings(volume: 0.25) })
        #expect(recorder.errors.isEmpty)
        #expect(recorder.changes.count == 1)
    }

    @Test func afterStopWatchingNoCallbackRunsEvenForAChangeSeenBeforeTheStop() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("volume = 0.5\n", to: relativePath)
        let store = SettingsStore(environment: directory.environment)
        let recorder = SettingsCallbackRecorder()
        let clock = ManualControlScheduler()
        store.startWatching(recordingInto: recorder, scheduler: clock)

        try directory.write("volume = 0.1\n", to: relativePath)
        // The watcher saw the change: its check waits for the quiet period on the manual clock.
        #expect(clock.waitUntilPending())
        store.stopWatching()
        #expect(!store.isWatching)
        #expect(store.watchedDirectory == nil)
        clock.advance(byNanoseconds: 1_000_000_000)   // past the quiet period and the longest delay
        #expect(recorder.changes.isEmpty)
        #expect(store.current == ClickSettings(volume: 0.5))
    }

    @Test func aChangeIsReportedOnlyOnceTheQuietPeriodHasPassedOnTheWatchersClock() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("volume = 0.5\n", to: relativePath)
        let store = SettingsStore(environment: directory.environment)
        let recorder = SettingsCallbackRecorder()
        let clock = ManualControlScheduler()
        store.startWatching(recordingInto: recorder, scheduler: clock)
        defer { store.stopWatching() }

        try directory.write("volume = 0.1\n", to: relativePath)
        #expect(clock.waitUntilPending())
        clock.advance(byNanoseconds: 49_000_000)
        #expect(recorder.changes.isEmpty, "reported before the 50 ms quiet period passed")
        clock.advance(byNanoseconds: 500_000_000)
        #expect(recorder.changes == [ClickSettings(volume: 0.1)])
    }

    @Test func aCallbackMayStopTheWatchItself() throws {
        let directory = try SettingsTemporaryDirectory()
        let store = SettingsStore(environment: directory.environment)
        let recorder = SettingsCallbackRecorder()
        store.startWatching(onChange: { [store] settings in
            store.stopWatching()
            recorder.record(settings)   // after the stop returned: a wait for this sees the watch stopped
        }, onError: { recorder.record($0) })

        try directory.write("volume = 0.6\n", to: relativePath)
        #expect(recorder.wait { changes, _ in !changes.isEmpty })
        #expect(!store.isWatching)
        #expect(recorder.changes == [ClickSettings(volume: 0.6)])
    }

    @Test func theEnvironmentLayerStaysOnTopOfReloadedFiles() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("volume = 0.5\n", to: relativePath)
        let store = SettingsStore(environment: directory.environment.merging(["INPUTCLICK_PROFILE": "silent"]) { $1 })
        let recorder = SettingsCallbackRecorder()
        store.startWatching(recordingInto: recorder)
        defer { store.stopWatching() }

        try directory.write("volume = 0.4\nprofile = full\n", to: relativePath)
        #expect(recorder.wait { changes, _ in changes.last == ClickSettings(volume: 0.4, profile: .silent) })
    }

    @Test func startingAgainReplacesTheEarlierCallbacks() throws {
        let directory = try SettingsTemporaryDirectory()
        let store = SettingsStore(environment: directory.environment)
        let first = SettingsCallbackRecorder()
        let second = SettingsCallbackRecorder()
        store.startWatching(recordingInto: first)
        store.startWatching(recordingInto: second)
        defer { store.stopWatching() }

        try directory.write("volume = 0.6\n", to: relativePath)
        #expect(second.wait { changes, _ in changes == [ClickSettings(volume: 0.6)] })
        #expect(first.changes.isEmpty)
    }

    @Test func concurrentStartsAndStopsLeaveNoWatcherRunning() throws {
        let directory = try SettingsTemporaryDirectory()
        let store = SettingsStore(environment: directory.environment)
        let recorder = SettingsCallbackRecorder()
        // Every watcher times its check on this clock: one that saw a change queues work on it.
        let clock = ManualControlScheduler()
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            if index % 2 == 0 { store.startWatching(recordingInto: recorder, scheduler: clock) } else { store.stopWatching() }
        }
        store.stopWatching()
        #expect(!store.isWatching)

        try directory.write("volume = 0.6\n", to: relativePath)
        // The one thing to wait for is what must not happen: a leftover watcher's
        // check, queued moments after the write. The wait wakes at once if it comes.
        #expect(!clock.waitUntilPending(timeoutNanoseconds: 300_000_000), "a watcher left running saw the change")
        clock.advance(byNanoseconds: 1_000_000_000)   // past the quiet period and the longest delay
        #expect(recorder.changes.isEmpty)
    }
}
