import CEvdev
#if canImport(Glibc)
import Glibc
#endif
import InputClickListen

/// One open evdev device on the listener's thread: the only file that calls libevdev. It
/// keeps no key code: each event becomes a ``KeyAction`` (kind and pan) as it is read.
final class EvdevKeyboard {
    /// E.g. `/dev/input/event3`.
    let path: String
    /// As the kernel gives it.
    let name: String
    /// For `poll`.
    let descriptor: Int32
    private let device: OpaquePointer

    enum OpenFailure: Error {
        /// EACCES or EPERM.
        case permission(String)
        /// Not an evdev device, vanished, or another error.
        case other(String)
    }

    /// Read-only and non-blocking.
    init(path: String) throws(OpenFailure) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            let text = String(cString: strerror(code))
            if code == EACCES || code == EPERM { throw .permission("\(path): \(text)") }
            throw .other("\(path): \(text)")
        }
        var handle: OpaquePointer?
        let rc = libevdev_new_from_fd(fd, &handle)
        guard rc == 0, let handle else {
            close(fd)
            throw .other("\(path): not an input event device (\(String(cString: strerror(-rc))))")
        }
        self.path = path
        descriptor = fd
        device = handle
        name = libevdev_get_name(handle).map { String(cString: $0) } ?? "(unnamed)"
    }

    deinit {
        libevdev_free(device)
        close(descriptor)
    }

    /// Q, A and Z: what makes it a keyboard for `listen`.
    var hasLetterKeys: Bool {
        KeyCodes.letterProbe.allSatisfy { libevdev_has_event_code(device, UInt32(EV_KEY), UInt32($0)) == 1 }
    }

    enum ReadOutcome {
        case drained
        /// Unplugged or failed; close it.
        case gone
    }

    /// Events lost to a full kernel buffer are skipped (libevdev's sync): clicks for keys
    /// pressed in a stall would only arrive late.
    func readPending(_ action: (KeyAction) -> Void) -> ReadOutcome {
        var event = input_event()
        var flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
        while true {
            let rc = libevdev_next_event(device, flags, &event)
            if rc == -EAGAIN {
                if flags == LIBEVDEV_READ_FLAG_SYNC.rawValue { flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue; continue }
                return .drained
            }
            if rc == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) {
                flags = LIBEVDEV_READ_FLAG_SYNC.rawValue
                continue
            }
            if rc < 0 { return .gone }
            if flags == LIBEVDEV_READ_FLAG_SYNC.rawValue { continue }
            if let keyAction = KeyAction(time: 0, type: event.type, code: event.code, value: event.value) {
                action(keyAction)
            }
        }
    }
}
