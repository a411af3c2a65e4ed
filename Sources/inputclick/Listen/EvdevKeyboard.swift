import CEvdev
#if canImport(Glibc)
import Glibc
#endif
import InputClickListen

/// One open evdev device, read through libevdev: the only file that calls
/// libevdev. It opens, reads and closes, nothing more; discovery and
/// hotplug are ``KeyboardSet``'s.
///
/// It keeps no key code: each event becomes a ``KeyAction`` (kind and pan)
/// as it is read.
///
/// Thread context: one thread (the listener's).
final class EvdevKeyboard {
    /// The device node, e.g. `/dev/input/event3`.
    let path: String
    /// The device's name, as the kernel gives it.
    let name: String
    /// The open descriptor, for `poll`.
    let descriptor: Int32
    private let device: OpaquePointer

    /// Why a device could not be opened.
    enum OpenFailure: Error {
        /// `open` refused for want of permission (EACCES, EPERM).
        case permission(String)
        /// It is not an evdev device, or it vanished, or another error.
        case other(String)
    }

    /// Opens `path` read-only and non-blocking.
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

    /// Whether it has letter keys (Q, A and Z): what makes it a keyboard for `listen`.
    var hasLetterKeys: Bool {
        KeyCodes.letterProbe.allSatisfy { libevdev_has_event_code(device, UInt32(EV_KEY), UInt32($0)) == 1 }
    }

    /// What reading found.
    enum ReadOutcome {
        /// Everything pending was read.
        case drained
        /// The device is gone (unplugged) or failed; close it.
        case gone
    }

    /// Reads every pending event, handing each key action to `action`.
    /// Events lost to a full kernel buffer are skipped (libevdev's sync):
    /// clicks for keys pressed in a stall would only arrive late.
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
