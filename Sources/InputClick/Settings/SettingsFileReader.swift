#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads the settings file's text: `nil` when missing; anything but a small UTF-8 regular file is a
/// ``SettingsError``. Opened non-blocking (``FilePaths/openRegularFile(_:)``), so a FIFO cannot hang it.
enum SettingsFileReader {
    static func read(path: String) throws(SettingsError) -> String? {
        func unreadable(_ problem: String, line: Int? = nil) -> SettingsError {
            SettingsError(kind: .unreadableFile, file: path, line: line, problem: problem)
        }
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        } while descriptor < 0 && errno == EINTR
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw unreadable("cannot open the settings file: \(errorText(code))")
        }
        defer { close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw unreadable("cannot inspect the settings file: \(errorText(errno))")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw unreadable("is a directory, not a settings file")
        default: throw unreadable("is not a regular file")
        }
        let limit = SettingsFileFormat.maximumFileSize
        if status.st_size > limit { throw unreadable("is larger than \(limit / 1024) KiB; a settings file is a few lines") }

        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count == 0 { break }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw unreadable("cannot read the settings file: \(errorText(code))")
            }
            filled += count
        }
        if filled > limit { throw unreadable("is larger than \(limit / 1024) KiB; a settings file is a few lines") }
        bytes.removeSubrange(filled...)
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        let (offset, line) = firstInvalidUTF8(bytes)
        throw unreadable("is not UTF-8 text (byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) at offset \(offset))", line: line)
    }

    /// 1-based line.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> (offset: Int, line: Int) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1 && encoded.first == 0x0A { line += 1 }
                offset += encoded.count
            case .error:
                return (min(offset, bytes.count - 1), line)
            case .emptyInput:
                return (max(0, bytes.count - 1), line)
            }
        }
    }

    /// e.g. `Permission denied`.
    static func errorText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
