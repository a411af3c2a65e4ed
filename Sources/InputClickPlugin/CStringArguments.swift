#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reading strings from C callers and writing into their buffers, with every check promised.
enum CStringArguments {
    /// NUL-terminated UTF-8 of at most `maximumBytes`; `pointer` must not be NULL.
    ///
    /// - Throws: ``PluginResult/invalidArgument`` naming `what` when empty, too long or not UTF-8.
    static func read(_ pointer: UnsafePointer<CChar>, what: String, maximumBytes: Int) throws(PluginFailure) -> String {
        let length = strnlen(pointer, maximumBytes + 1)
        guard length > 0 else {
            throw PluginFailure(.invalidArgument, "the \(what) is empty")
        }
        guard length <= maximumBytes else {
            throw PluginFailure(.invalidArgument, "the \(what) is longer than \(maximumBytes) bytes")
        }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw PluginFailure(.invalidArgument, "the \(what) is not valid UTF-8")
        }
        return text
    }

    /// As `snprintf` does: at most `size - 1` bytes, cut at a UTF-8 boundary, then a NUL.
    ///
    /// - Returns: The full length of `text` in bytes (clamped to `INT_MAX`).
    /// - Throws: ``PluginResult/invalidArgument`` when `buffer` is NULL and `size` is not 0,
    ///   or `size` is above `SSIZE_MAX`.
    static func copy(_ text: String, into buffer: UnsafeMutablePointer<CChar>?, size: Int) throws(PluginFailure) -> Int32 {
        let utf8 = Array(text.utf8)
        let fullLength = Int32(clamping: utf8.count)
        guard size >= 0 else {
            // size_t arrives as Int: a negative value is a size above SSIZE_MAX, never a real buffer.
            throw PluginFailure(.invalidArgument, "the buffer size \(UInt(bitPattern: size)) is not a real buffer size")
        }
        guard size > 0 else { return fullLength }
        guard let buffer else {
            throw PluginFailure(.invalidArgument, "the buffer is NULL but its size is \(size)")
        }
        var count = min(utf8.count, size - 1)
        // Do not end inside a multi-byte character: back off continuation bytes.
        if count < utf8.count {
            while count > 0 && utf8[count] & 0xC0 == 0x80 { count -= 1 }
        }
        utf8.withUnsafeBufferPointer { source in
            if count > 0, let base = source.baseAddress {
                UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: count)
            }
        }
        buffer[count] = 0
        return fullLength
    }
}
