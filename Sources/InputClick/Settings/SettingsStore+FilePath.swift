import Foundation

extension SettingsStore {
    /// A store for the settings file at `filePath` (a plain path), or the
    /// file the environment names when `nil`; see ``init(fileURL:environment:)``.
    /// It lets ``InputClickEngine`` take a path without importing Foundation;
    /// it goes once the store itself takes a path.
    ///
    /// Thread context: any thread; reads the file on this thread.
    convenience init(filePath: String?, environment: ProcessEnvironment) {
        self.init(fileURL: filePath.map { URL(fileURLWithPath: $0) }, environment: environment)
    }
}
