#if canImport(Glibc)
import Glibc
#endif

/// A file that could not be read, with the system's reason.
struct ReadFileError: Error {
    var message: String
}

/// The bytes of the file at `path`, at most `limit` of them.
///
/// - Throws: ``ReadFileError`` when it cannot be opened or read, is a
///   directory, or is longer than `limit`.
func readWholeFile(_ path: String, limit: Int) throws -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw ReadFileError(message: String(cString: strerror(errno))) }
    defer { close(fd) }
    var info = stat()
    if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { throw ReadFileError(message: "it is a directory") }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            throw ReadFileError(message: String(cString: strerror(errno)))
        }
        if count == 0 { return bytes }
        bytes += chunk[0..<count]
        if bytes.count > limit { throw ReadFileError(message: "it is over the limit of \(limit) bytes") }
    }
}
