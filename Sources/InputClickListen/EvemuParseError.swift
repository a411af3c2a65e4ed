/// Why an `evemu-record` recording could not be read; the message names the line, never its key codes.
public struct EvemuParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based; 0 for a problem of the whole file.
    public var line: Int
    public var problem: String

    public init(line: Int, _ problem: String) {
        self.line = line
        self.problem = problem
    }

    public var description: String { line > 0 ? "line \(line): \(problem)" : problem }
}
