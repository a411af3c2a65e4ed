/// What `~` in a `sound-pack` value expands to, or why it cannot expand.
///
/// Looked up once per environment and consulted only when a value starts
/// with `~`, so a home directory that cannot be used (unknown, or not UTF-8)
/// is an error only for the values that need it.
struct SettingsHome: Sendable, Hashable {
    /// The home directory, an absolute path; `nil` when it cannot be used.
    var directory: String?
    /// Why ``directory`` is `nil`, phrased to follow "because".
    var problem: String

    /// A known home directory, or `nil` for an unknown one.
    init(directory: String?) {
        self.directory = directory.flatMap { $0.hasPrefix("/") ? $0 : nil }
        problem = "the home directory is unknown"
    }

    /// The home directory ``SettingsLocation/homeDirectory(environment:)`` finds in `environment`.
    init(environment: ProcessEnvironment) {
        do throws(SettingsError) {
            self.init(directory: try SettingsLocation.homeDirectory(environment: environment))
        } catch {
            self.init(directory: nil)
            problem = error.problem
        }
    }
}
