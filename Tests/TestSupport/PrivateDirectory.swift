import Foundation

/// Makes a directory of this user's only (mode 0700, `mkdtemp`) under `parent`, named `prefix` and six
/// random characters, for files that other processes write while a test watches them; its path.
/// - Throws: ``PrivateDirectoryError`` naming `mkdtemp` and the system's reason.
public func makePrivateDirectory(in parent: String = NSTemporaryDirectory(), prefix: String) throws -> String {
    var template = Array((parent.hasSuffix("/") ? parent : parent + "/").utf8CString.dropLast()) + Array((prefix + "XXXXXX").utf8CString)
    guard mkdtemp(&template) != nil else {
        throw PrivateDirectoryError(description: "mkdtemp in '\(parent)' failed: \(String(cString: strerror(errno)))")
    }
    return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// A private directory could not be made. C: `mkdtemp`.
public struct PrivateDirectoryError: Error, CustomStringConvertible {
    public var description: String
}
