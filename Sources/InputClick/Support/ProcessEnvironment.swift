#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Environment variables as InputClick reads them: the values that are UTF-8
/// text, and, apart, the values that are not.
///
/// `ProcessInfo.environment` replaces bytes that are not UTF-8 with U+FFFD,
/// so `XDG_CONFIG_HOME=/tmp/caf\xE9` would name a directory that does not
/// exist and the settings file would silently be "absent". ``current()``
/// reads the process's environment byte by byte instead, so the settings
/// can refuse such a value by name (see ``SettingsLocation``).
///
/// A dictionary literal makes one whose values are all UTF-8:
/// `["HOME": "/home/u"]`.
public struct ProcessEnvironment: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// The variables whose values are UTF-8 text.
    public var variables: [String: String]
    /// The variables whose values are not UTF-8, with their bytes.
    public var nonUTF8Variables: [String: NonUTF8Text]

    /// Makes an environment from its two parts.
    public init(_ variables: [String: String] = [:], nonUTF8Variables: [String: NonUTF8Text] = [:]) {
        self.variables = variables
        self.nonUTF8Variables = nonUTF8Variables
    }

    /// Makes an environment of UTF-8 variables.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { first, _ in first }))
    }

    /// The value of `name`, or `nil` when it is unset or not UTF-8.
    public subscript(name: String) -> String? { variables[name] }

    /// The environment of this process, read from `environ`: every `NAME=value`
    /// entry whose name is UTF-8, the first entry winning for a repeated name
    /// (as `getenv` does).
    ///
    /// Thread context: like `getenv`, it must not race a `setenv` on another
    /// thread.
    public static func current() -> ProcessEnvironment {
        var environment = ProcessEnvironment([:])
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard var entry = start else { return environment }
        while let pointer = entry.pointee {
            defer { entry += 1 }
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                                  count: strlen(pointer)))
            guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")),
                  let name = String(validating: bytes[..<equals], as: UTF8.self),
                  environment.variables[name] == nil, environment.nonUTF8Variables[name] == nil else { continue }
            let value = Array(bytes[(equals + 1)...])
            if let text = String(validating: value, as: UTF8.self) {
                environment.variables[name] = text
            } else if let raw = NonUTF8Text(value) {
                environment.nonUTF8Variables[name] = raw
            }
        }
        return environment
    }
}
