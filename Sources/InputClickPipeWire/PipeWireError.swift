#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InputClick

/// Why a ``PipeWireOutput`` could not open a stream, or why its stream failed.
public enum PipeWireError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `libpipewire-0.3.so.0` cannot be loaded: the dynamic loader's words.
    case libraryUnavailable(reason: String)
    /// The positive errno, and its text (the server's own when it gave one).
    case callFailed(call: String, errno: Int32, text: String)
    /// The server took the connection but did not answer in time.
    case noAnswer(waitingFor: String, milliseconds: Int)

    /// `pw_context_connect failed: Host is down (errno 112); is a PipeWire server running?`.
    public var description: String {
        switch self {
        case .libraryUnavailable(let reason):
            return "libpipewire-0.3 cannot be loaded: \(reason); install libpipewire-0.3-0, or use an ALSA device"
        case .callFailed(let call, let code, let text):
            let hint = code == EHOSTDOWN || code == ECONNREFUSED || code == ENOENT ? "; is a PipeWire server running?" : ""
            return "\(call) failed: \(text) (errno \(code))\(hint)"
        case .noAnswer(let what, let milliseconds):
            return "the PipeWire server did not answer within \(milliseconds) ms (waiting for \(what))"
        }
    }

    /// `code` is an errno of either sign.
    static func failed(_ call: String, code: Int32) -> PipeWireError {
        let positive = code < 0 ? -code : code
        return .callFailed(call: call, errno: positive, text: String(cString: strerror(positive)))
    }
}

extension PipeWireError: PersistentOutputError {
    /// Only a library that cannot be loaded stays so until someone installs it.
    public var isPersistent: Bool {
        if case .libraryUnavailable = self { return true }
        return false
    }
}
