import InputClick

/// `inputclick settings check [FILE] [--json]`: every error of a settings file, with its line.
struct SettingsCommand: Subcommand {
    static let name = "settings"
    static let abstract = "Check a settings file and list every error in it, with line numbers."
    static let help = """
        USAGE: inputclick settings check [FILE] [--json]

        Reads FILE as hosts read the settings file and lists every problem in
        it, one per line, as FILE:LINE: PROBLEM. A host refuses a file with
        any problem as a whole and keeps the settings in force before. It also
        lists a sound-theme not installed on the XDG search path (with the
        themes that are) and a sound-pack directory that does not exist: a
        host keeps such a file but plays the bundled sounds instead.
        Without FILE it checks the user's file, found as doctor finds it:
        $INPUTCLICK_CONFIG, else $XDG_CONFIG_HOME/inputclick/settings.conf,
        else ~/.config/inputclick/settings.conf.

        OPTIONS:
          --json       One JSON line: {"file", "exists", "errors": [{"line", "problem", "message"}]}.
          -h, --help   Show this help.

        EXIT STATUS:
          0 the file is good, or the user's file is absent (every default applies);
          64 bad arguments; 65 the file has an error, or its location cannot be read
          from the environment; 66 FILE does not exist.
        """

    /// EX_DATAERR: a settings file with an error.
    static let dataErrorExitCode: Int32 = 65
    /// EX_NOINPUT: a FILE argument that names no file.
    static let noInputExitCode: Int32 = 66

    static func run(_ arguments: [String]) throws -> Int32 {
        let scanner = try ArgumentScanner(arguments, valueOptions: [], flagOptions: ["--json"])
        guard let action = scanner.positionals.first else { throw UsageError("settings needs an action: check") }
        guard action == "check" else { throw UsageError("unknown settings action '\(action)'; the action is check") }
        guard scanner.positionals.count <= 2 else { throw UsageError("unexpected argument '\(scanner.positionals[2])'") }
        let environment = ProcessEnvironment.current()
        let home = (try? SettingsLocation.homeDirectory(environment: environment)) ?? nil
        let explicit = scanner.positionals.count == 2 ? scanner.positionals[1] : nil
        if explicit?.isEmpty == true { throw UsageError("FILE must be a path, not an empty string") }

        let path: String
        if let explicit {
            path = explicit
        } else {
            do {
                path = try SettingsLocation.filePath(environment: environment)
            } catch {
                return try report(SettingsCheckReport(file: nil, exists: false, errors: [error]), json: scanner.flag("--json"))
            }
        }
        guard let errors = SettingsFileFormat.check(fileAt: path, homeDirectory: home,
                                                    themeSearchPath: SoundThemeSearchPath(environment: environment)) else {
            if explicit != nil {
                throw RuntimeFailure("\(path): no such file", exitCode: noInputExitCode)
            }
            return try report(SettingsCheckReport(file: path, exists: false, errors: []), json: scanner.flag("--json"))
        }
        return try report(SettingsCheckReport(file: path, exists: true, errors: errors), json: scanner.flag("--json"))
    }

    /// Returns 65 when `check` holds an error.
    private static func report(_ check: SettingsCheckReport, json: Bool) throws -> Int32 {
        if json {
            print(try jsonLine(check))
        } else if check.errors.isEmpty {
            print(check.exists ? "\(check.file ?? ""): no problems" : "\(check.file ?? ""): absent (every default applies)")
        } else {
            for error in check.errors { print(error.message) }
            let count = check.errors.count - check.missingSounds
            if count > 0 {
                writeError("\(count) error\(count == 1 ? "" : "s"); a host refuses the whole file and keeps the settings in force before")
            }
            if check.missingSounds > 0 {
                writeError("\(check.missingSounds) missing sound source\(check.missingSounds == 1 ? "" : "s"); "
                           + "a host uses the file and plays the next source (the bundled sounds)")
            }
        }
        return check.errors.isEmpty ? 0 : dataErrorExitCode
    }
}

/// What `inputclick settings check --json` prints.
struct SettingsCheckReport: Encodable {
    struct Problem: Encodable {
        /// 1-based; `nil` for a problem with the whole file.
        var line: Int?
        /// Without the location.
        var problem: String
        /// `FILE:LINE: PROBLEM`, as the text output prints it.
        var message: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(line, forKey: .line)
            try container.encode(problem, forKey: .problem)
            try container.encode(message, forKey: .message)
        }
        private enum CodingKeys: String, CodingKey { case line, problem, message }
    }

    /// `nil` when its location could not be found.
    var file: String?
    var exists: Bool
    /// In line order.
    var errors: [Problem]
    /// Missing sound sources among ``errors``, for which hosts do not refuse the file.
    var missingSounds: Int

    init(file: String?, exists: Bool, errors: [SettingsError]) {
        self.file = file
        self.exists = exists
        self.errors = errors.map { Problem(line: $0.line, problem: $0.problem, message: $0.description) }
        self.missingSounds = errors.filter { $0.kind == .missingSound }.count
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(exists, forKey: .exists)
        try container.encode(errors, forKey: .errors)
    }
    private enum CodingKeys: String, CodingKey { case file, exists, errors }
}
