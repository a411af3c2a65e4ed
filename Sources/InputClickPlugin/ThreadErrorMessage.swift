#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The detailed message of the last call that failed on each thread, which
/// `inputclick_last_error_message` copies out (the way `errno` and
/// `dlerror` work: per thread, so concurrent hosts never see each other's).
///
/// Each thread's message lives in a box reached through a pthread key; the
/// key's destructor frees the box when the thread exits.
///
/// Each thread sees only its own message.
enum ThreadErrorMessage {
    /// Holds one thread's message.
    private final class Box {
        var text: String
        init(_ text: String) { self.text = text }
    }

    /// The pthread key, created once.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<Box>.fromOpaque(pointer).release()
        }
        precondition(status == 0, "inputclick: pthread_key_create failed (\(status)): out of thread-specific keys")
        return key
    }()

    /// Records `message` as the calling thread's last error.
    static func set(_ message: String) {
        if let pointer = pthread_getspecific(key) {
            Unmanaged<Box>.fromOpaque(pointer).takeUnretainedValue().text = message
        } else {
            let box = Unmanaged.passRetained(Box(message))
            if pthread_setspecific(key, box.toOpaque()) != 0 { box.release() }
        }
    }

    /// The calling thread's last error message; empty when no call failed on it yet.
    static var current: String {
        guard let pointer = pthread_getspecific(key) else { return "" }
        return Unmanaged<Box>.fromOpaque(pointer).takeUnretainedValue().text
    }
}
