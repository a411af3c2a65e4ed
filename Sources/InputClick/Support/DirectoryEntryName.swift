#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The name of the `readdir` entry `entry` (valid until the next `readdir` on its stream), as the bytes
/// before its NUL, read where it lies: copying the `dirent` would read `d_name`'s full 256 bytes, past the
/// end of a directory buffer's last, shorter record (AddressSanitizer found it).
public func directoryEntryName(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
    withUnsafeMutablePointer(to: &entry.pointee.d_name) { name in
        let start = UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)
        return Array(UnsafeRawBufferPointer(start: start, count: strlen(start)))
    }
}
