#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The name of the directory entry `entry` that `readdir` returned, as the
/// bytes before its NUL.
///
/// The name is read where it lies, up to its NUL: a copy of the whole
/// `dirent` (`entry.pointee.d_name` as a value) reads `d_name`'s full 256
/// bytes, past the end of the last, shorter record of the directory's
/// buffer (AddressSanitizer found it with a pack of a thousand files).
///
/// `entry` is valid until the next `readdir`
/// on its stream.
public func directoryEntryName(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
    withUnsafeMutablePointer(to: &entry.pointee.d_name) { name in
        let start = UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)
        return Array(UnsafeRawBufferPointer(start: start, count: strlen(start)))
    }
}
