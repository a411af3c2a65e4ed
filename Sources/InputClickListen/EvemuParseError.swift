/// Why an `evemu-record` recording could not be read: the line and what is
/// wrong with it. The message names the line's number and kind, never its
/// key codes.
public struct EvemuParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line number; 0 for a problem of the whole file.
    public var line: Int
    /// What is wrong.
    public var problem: String

    public init(line: Int, _ problem: String) {
        self.line = line
        self.problem = problem
    }

    /// "line 12: …", or the problem alone for the whole file.
    public var description: String { line > 0 ? "line \(line): \(problem)" : problem }
}
