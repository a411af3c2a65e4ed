import CEvdev
#if canImport(Glibc)
import Glibc
#endif
import InputClick
import InputClickListen

/// The keyboards `listen` reads, on the listener's thread: discovery in the input
/// directory, hotplug through inotify, and the `poll` loop. Named inputs (`--input`) are
/// read exactly, without hotplug; otherwise every `event*` node with letter keys, a new
/// node tried when it appears and again when udev sets its permissions. A device that
/// goes away is dropped with one line on standard error.
final class KeyboardSet {
    private let directory: String
    private let named: [String]
    private let verbose: Bool
    private var keyboards: [EvdevKeyboard] = []
    private var inotify: Int32 = -1
    /// Nodes found unreadable for want of permission, while discovering.
    private(set) var permissionDenied: [String] = []

    /// Every keyboard in `directory` when none are named.
    init(directory: String, named: [String], verbose: Bool) {
        self.directory = directory
        self.named = named
        self.verbose = verbose
    }

    deinit {
        if inotify >= 0 { close(inotify) }
    }

    /// As (path, name) pairs, for the user.
    var devices: [(path: String, name: String)] { keyboards.map { ($0.path, $0.name) } }

    /// Opens the devices. Named devices must each open and have letter keys
    /// (else ``ListenFailure``); discovered ones are kept if they have them.
    func discover() throws {
        if !named.isEmpty {
            for path in named {
                do {
                    let keyboard = try EvdevKeyboard(path: path)
                    guard keyboard.hasLetterKeys else {
                        throw ListenFailure.noKeyboard("\(path) (\(keyboard.name)) has no letter keys: it is not a keyboard")
                    }
                    keyboards.append(keyboard)
                } catch let failure as EvdevKeyboard.OpenFailure {
                    switch failure {
                    case .permission(let text): throw ListenFailure.permission(text)
                    case .other(let text): throw ListenFailure.noKeyboard(text)
                    }
                }
            }
            return
        }
        guard let dir = opendir(directory) else {
            let code = errno
            if code == EACCES || code == EPERM {
                throw ListenFailure.permission("\(directory): \(String(cString: strerror(code)))")
            }
            throw ListenFailure.noKeyboard("cannot read the input directory \(directory): \(String(cString: strerror(code)))")
        }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = String(decoding: directoryEntryName(entry), as: UTF8.self)
            if name.hasPrefix("event") { names.append(name) }
        }
        closedir(dir)
        // Watch before opening, so a keyboard plugged in meanwhile is not missed.
        inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if inotify >= 0 {
            _ = inotify_add_watch(inotify, directory, UInt32(IN_CREATE | IN_ATTRIB | IN_MOVED_TO))
        }
        for name in names.sorted(by: { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }) {
            tryAdd(directory + "/" + name, discovering: true)
        }
    }

    /// Unless already read, and if it is a keyboard.
    private func tryAdd(_ path: String, discovering: Bool) {
        guard !keyboards.contains(where: { $0.path == path }) else { return }
        do {
            let keyboard = try EvdevKeyboard(path: path)
            guard keyboard.hasLetterKeys else { return }
            keyboards.append(keyboard)
            if !discovering { writeError("listen: keyboard added: \(keyboard.name) (\(path))") }
            else if verbose { writeError("listen: reading \(keyboard.name) (\(path))") }
        } catch {
            if discovering, case .permission = error { permissionDenied.append(path) }
        }
    }

    /// Hands each key action to `action` until `stopDescriptor` becomes readable or, with
    /// named devices only, every device is gone.
    func run(stopDescriptor: Int32, _ action: (KeyAction) -> Void) {
        while true {
            var fds = [pollfd(fd: stopDescriptor, events: Int16(POLLIN), revents: 0)]
            if inotify >= 0 { fds.append(pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)) }
            let firstKeyboard = fds.count
            for keyboard in keyboards { fds.append(pollfd(fd: keyboard.descriptor, events: Int16(POLLIN), revents: 0)) }
            if keyboards.isEmpty && inotify < 0 { return }
            let rc = poll(&fds, nfds_t(fds.count), -1)
            if rc < 0 {
                if errno == EINTR { continue }
                return
            }
            if fds[0].revents != 0 { return }
            if inotify >= 0 && fds[1].revents & Int16(POLLIN) != 0 { readHotplug() }
            var gone: [String] = []
            for (offset, keyboard) in keyboards.enumerated() where firstKeyboard + offset < fds.count {
                let revents = fds[firstKeyboard + offset].revents
                guard revents != 0 else { continue }
                if revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 || keyboard.readPending(action) == .gone {
                    gone.append(keyboard.path)
                }
            }
            for path in gone {
                if let index = keyboards.firstIndex(where: { $0.path == path }) {
                    writeError("listen: keyboard removed: \(keyboards[index].name) (\(path))")
                    keyboards.remove(at: index)
                }
            }
        }
    }

    /// Reads inotify's events and tries each new or changed `event*` node.
    private func readHotplug() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (length, name) = buffer.withUnsafeBytes { raw -> (Int, String) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let start = offset + MemoryLayout<inotify_event>.size
                    let bytes = raw[start..<min(count, start + Int(event.len))]
                    return (Int(event.len), String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self))
                }
                if name.hasPrefix("event") { tryAdd(directory + "/" + name, discovering: false) }
                offset += MemoryLayout<inotify_event>.size + length
            }
        }
    }
}

enum ListenFailure: Error {
    case permission(String)
    case noKeyboard(String)
}
