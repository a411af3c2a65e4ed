/// Walks a subcommand's arguments: options with values, flags, positionals.
/// Every problem is a ``UsageError`` that names the argument, including an
/// option or flag given twice (`--wpm 40 --wpm 50`): which one was meant
/// cannot be known, so neither is picked.
struct ArgumentScanner {
    private var remaining: [String]
    /// Positional arguments, in order, collected while scanning.
    private(set) var positionals: [String] = []
    private var options: [String: String] = [:]
    private var flags: Set<String> = []

    /// Scans `arguments`, given which options take a value and which are flags.
    init(_ arguments: [String], valueOptions: Set<String>, flagOptions: Set<String> = []) throws {
        remaining = arguments
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            var name = argument
            var inlineValue: String?
            if let eq = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<eq])
                inlineValue = String(argument[argument.index(after: eq)...])
            }
            if valueOptions.contains(name) || flagOptions.contains(name),
               options[name] != nil || flags.contains(name) {
                throw UsageError("\(valueOptions.contains(name) ? "option" : "flag") \(name) is given more than once")
            }
            if valueOptions.contains(name) {
                if let inlineValue {
                    options[name] = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError("option \(name) needs a value") }
                    options[name] = arguments[index]
                    index += 1
                }
            } else if flagOptions.contains(name) {
                guard inlineValue == nil else { throw UsageError("flag \(name) takes no value") }
                flags.insert(name)
            } else {
                throw UsageError("unknown option '\(argument)'")
            }
        }
    }

    func value(_ name: String) -> String? { options[name] }

    /// Whether a flag was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// An option's value as an integer within `range`, or `nil` if absent.
    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = options[name] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    /// An option's value as a number within `range`, or `nil` if absent.
    func number(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = options[name] else { return nil }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw UsageError("\(name) must be a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }
}
