/// Why settings could not be read, parsed or watched.
///
/// Its ``description`` names where the problem is and what it is, in the
/// form compilers use, so that editors and terminals can jump to it:
///
/// ```
/// /home/u/.config/inputclick/settings.conf:3: volume must be a number from 0 to 1, not 'loud'
/// /home/u/.config/inputclick/settings.conf: cannot read the settings file: Permission denied
/// environment: INPUTCLICK_PROFILE must be one of full, quiet, silent, not 'loud'
/// ```
///
/// Whenever a `SettingsError` is reported, nothing of the faulty layer was
/// applied: the settings in force before stay in force entirely.
public struct SettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for code that reacts differently to each.
    public enum Kind: Sendable, Hashable {
        /// A line is neither blank, a comment, nor `key = value`.
        case syntax
        /// A line names a key the format does not define.
        case unknownKey
        /// A key appears on more than one line.
        case duplicateKey
        /// A value is malformed or out of range (in the file or in an environment variable).
        case invalidValue
        /// The file exists but cannot be used: permission, a directory, not a
        /// regular file, too large, or not UTF-8.
        case unreadableFile
        /// Live reload could not be set up or stopped working; the settings in force stay.
        case watchFailed
        /// A good line names a sound source that is not there: a sound theme
        /// not found on the XDG search path, or a sound-pack directory that
        /// does not exist. Hosts do not refuse the file for it; they play the
        /// next source (the bundled sounds), which is what the user must learn.
        case missingSound
    }

    /// What went wrong.
    public var kind: Kind
    /// The settings file (or, for ``Kind/watchFailed``, the directory) the problem is in;
    /// `nil` for problems in environment variables.
    public var file: String?
    /// The 1-based line of ``file`` the problem is on, when there is one.
    public var line: Int?
    /// The environment variable at fault, for problems in the environment.
    public var variable: String?
    /// The problem itself, without the location, e.g. `volume must be a number from 0 to 1, not 'loud'`.
    public var problem: String

    /// Creates an error; most code receives these rather than making them.
    public init(kind: Kind, file: String? = nil, line: Int? = nil, variable: String? = nil, problem: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.variable = variable
        self.problem = problem
    }

    /// `file:line: problem`, `file: problem` or `environment: problem`.
    public var description: String {
        switch (file, line) {
        case let (file?, line?): return "\(file):\(line): \(problem)"
        case let (file?, nil): return "\(file): \(problem)"
        case (nil, _): return variable == nil ? problem : "environment: \(problem)"
        }
    }
}
