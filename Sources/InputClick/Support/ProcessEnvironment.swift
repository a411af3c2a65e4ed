#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Environment variables as InputClick reads them: the UTF-8 values, and apart those that are not, so the
/// settings can refuse such a value by name (``SettingsLocation``) rather than look for a path
/// `ProcessInfo.environment` mangled. A dictionary literal makes one of UTF-8 values: `["HOME": "/home/u"]`.
public struct ProcessEnvironment: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    public var variables: [String: String]
    public var nonUTF8Variables: [String: NonUTF8Text]

    public init(_ variables: [String: String] = [:], nonUTF8Variables: [String: NonUTF8Text] = [:]) {
        self.variables = variables
        self.nonUTF8Variables = nonUTF8Variables
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { first, _ in first }))
    }

    /// `nil` when unset or not UTF-8.
    public subscript(name: String) -> String? { variables[name] }

    /// This process's environment, read from `environ` byte by byte (names must be UTF-8; the first of a repeated
    /// name wins, as with `getenv`). Like `getenv`, it must not race a `setenv`.
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
