import Foundation
import InputClick
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A fresh directory under the system's temporary directory, removed when the
/// value is released. Settings tests never touch the real `~/.config`.
final class SettingsTemporaryDirectory {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/inputclick-settings-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `path/relative`.
    func child(_ relative: String) -> String { path + "/" + relative }

    /// An environment that points every settings lookup inside this directory.
    /// The desktop lookup is off, so the machine's GNOME settings cannot change the outcome.
    var environment: [String: String] {
        ["HOME": child("home"), "XDG_CONFIG_HOME": child("config"), "INPUTCLICK_DESKTOP_SETTINGS": "off"]
    }

    /// Writes `text` in place (open, truncate, write, close), creating directories as needed.
    func write(_ text: String, to relative: String) throws {
        let target = child(relative)
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: target, atomically: false, encoding: .utf8)
    }

    /// Saves as editors do: writes a temporary file beside the target, then renames it over the target.
    func writeByRename(_ text: String, to relative: String) throws {
        let target = child(relative)
        let temporary = (target as NSString).deletingLastPathComponent + "/.settings.conf.swp"
        try text.write(toFile: temporary, atomically: false, encoding: .utf8)
        guard rename(temporary, target) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}

/// What a store's watch callbacks reported, in order.
/// What a watch reported, in order; ``wait(seconds:until:)`` blocks until
/// it matches, woken by each callback (no polling).
final class SettingsCallbackRecorder: @unchecked Sendable {
    /// Guards the logs and wakes waiters at each callback.
    private let condition = NSCondition()
    private var changeLog: [ClickSettings] = []
    private var errorLog: [SettingsError] = []

    var changes: [ClickSettings] { locked { changeLog } }
    var errors: [SettingsError] { locked { errorLog } }

    func record(_ settings: ClickSettings) { locked { changeLog.append(settings); condition.broadcast() } }
    func record(_ error: SettingsError) { locked { errorLog.append(error); condition.broadcast() } }

    /// Blocks until `isDone` holds of the changes and errors recorded, or
    /// `seconds` pass; whether it held.
    func wait(seconds: Double = 5, until isDone: (_ changes: [ClickSettings], _ errors: [SettingsError]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        return locked {
            while !isDone(changeLog, errorLog) {
                if !condition.wait(until: deadline) { return isDone(changeLog, errorLog) }
            }
            return true
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}

extension SettingsStore {
    /// Starts watching with callbacks that go to `recorder`.
    func startWatching(recordingInto recorder: SettingsCallbackRecorder, scheduler: (any ControlScheduler)? = nil) {
        startWatching(scheduler: scheduler, onChange: { recorder.record($0) }, onError: { recorder.record($0) })
    }
}

