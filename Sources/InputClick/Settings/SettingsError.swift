/// Why settings could not be read, parsed or watched. Its ``description`` is in the form compilers use
/// (`file:line: problem`, `environment: problem`). Nothing of the faulty layer was applied.
public struct SettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// Neither blank, a comment, nor `key = value`.
        case syntax
        case unknownKey
        case duplicateKey
        /// Malformed or out of range, in the file or an environment variable.
        case invalidValue
        /// Permission, a directory, not a regular file, too large, or not UTF-8.
        case unreadableFile
        /// Live reload could not be set up or stopped; the settings in force stay.
        case watchFailed
        /// A good line names a theme or pack that is not there; hosts play the next source, not refuse the file.
        case missingSound
    }

    public var kind: Kind
    /// The settings file (for ``Kind/watchFailed``, the directory); `nil` for the environment.
    public var file: String?
    /// 1-based.
    public var line: Int?
    public var variable: String?
    /// Without the location, e.g. `volume must be a number from 0 to 1, not 'loud'`.
    public var problem: String

    public init(kind: Kind, file: String? = nil, line: Int? = nil, variable: String? = nil, problem: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.variable = variable
        self.problem = problem
    }

    public var description: String {
        switch (file, line) {
        case let (file?, line?): return "\(file):\(line): \(problem)"
        case let (file?, nil): return "\(file): \(problem)"
        case (nil, _): return variable == nil ? problem : "environment: \(problem)"
        }
    }
}
