#if canImport(Glibc)
import Glibc
#endif

/// `format` filled in by C's printf rules (`%d`, `%.2f`, …), through `vsnprintf`:
/// the CLI's numbers without Foundation's `String(format:)`.
func cFormat(_ format: String, _ arguments: any CVarArg...) -> String {
    withVaList(arguments) { list in
        var buffer = [CChar](repeating: 0, count: 256)
        let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
        guard needed >= buffer.count else { return String(cString: buffer) }
        // Longer than the buffer: once more with room for all of it.
        buffer = [CChar](repeating: 0, count: needed + 1)
        return withVaList(arguments) { again in
            _ = vsnprintf(&buffer, buffer.count, format, again)
            return String(cString: buffer)
        }
    }
}

extension String {
    /// The string cut or padded with spaces to `width` characters.
    func padded(to width: Int) -> String {
        count >= width ? String(prefix(width)) : self + String(repeating: " ", count: width - count)
    }
}
