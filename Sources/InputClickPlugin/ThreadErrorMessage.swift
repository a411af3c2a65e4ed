#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Each thread's message of its last failed call, for `inputclick_last_error_message`
/// (per thread, as `errno`), in a box a pthread key's destructor frees at thread exit.
enum ThreadErrorMessage {
    private final class Box {
        var text: String
        init(_ text: String) { self.text = text }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<Box>.fromOpaque(pointer).release()
        }
        precondition(status == 0, "inputclick: pthread_key_create failed (\(status)): out of thread-specific keys")
        return key
    }()

    static func set(_ message: String) {
        if let pointer = pthread_getspecific(key) {
            Unmanaged<Box>.fromOpaque(pointer).takeUnretainedValue().text = message
        } else {
            let box = Unmanaged.passRetained(Box(message))
            if pthread_setspecific(key, box.toOpaque()) != 0 { box.release() }
        }
    }

    /// Empty when no call failed on this thread yet.
    static var current: String {
        guard let pointer = pthread_getspecific(key) else { return "" }
        return Unmanaged<Box>.fromOpaque(pointer).takeUnretainedValue().text
    }
}
