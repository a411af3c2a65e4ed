/// What `~` in a `sound-pack` value expands to, or why it cannot; an unusable home is an error only for
/// values that start with `~`.
struct SettingsHome: Sendable, Hashable {
    /// Absolute; `nil` when it cannot be used.
    var directory: String?
    /// Phrased to follow "because".
    var problem: String

    init(directory: String?) {
        self.directory = directory.flatMap { $0.hasPrefix("/") ? $0 : nil }
        problem = "the home directory is unknown"
    }

    init(environment: ProcessEnvironment) {
        do throws(SettingsError) {
            self.init(directory: try SettingsLocation.homeDirectory(environment: environment))
        } catch {
            self.init(directory: nil)
            problem = error.problem
        }
    }
}
