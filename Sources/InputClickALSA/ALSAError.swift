#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A negative errno an alsa-lib call returned, with the call's name. Compare with the
/// named values (`error == .noDevice`); the call takes no part in equality.
///
/// Real-time context: making, throwing and comparing allocate nothing; only
/// ``message`` and ``description`` build strings.
public struct ALSAError: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32
    /// `""` when unknown.
    public let call: StaticString

    public init(rawValue: Int32) {
        self.rawValue = rawValue
        self.call = ""
    }

    public init(_ rawValue: Int32, call: StaticString) {
        self.rawValue = rawValue
        self.call = call
    }

    public static func == (lhs: ALSAError, rhs: ALSAError) -> Bool { lhs.rawValue == rhs.rawValue }

    /// The code only.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public var callName: String { call.description }

    /// C: `snd_strerror`.
    public var message: String { ALSACalls.errorText(rawValue) }

    /// `snd_pcm_open: No such file or directory (-2)`.
    public var description: String {
        callName.isEmpty ? "\(message) (\(rawValue))" : "\(callName): \(message) (\(rawValue))"
    }

    // MARK: Named codes
    // Computed, not stored: using one on the render thread runs no one-time initializer.

    /// -EPIPE: the device ran out of queued audio. Recovered in place.
    public static var underrun: ALSAError { ALSAError(rawValue: -EPIPE) }
    /// -ESTRPIPE: the system slept. Recovered in place.
    public static var suspended: ALSAError { ALSAError(rawValue: -ESTRPIPE) }
    /// -ENODEV: unplugged.
    public static var noDevice: ALSAError { ALSAError(rawValue: -ENODEV) }
    /// -EBADFD: the state no longer allows the call (device disconnected).
    public static var badState: ALSAError { ALSAError(rawValue: -EBADFD) }
    /// -EIO: such as a sound server that went away.
    public static var ioError: ALSAError { ALSAError(rawValue: -EIO) }
    /// -ENOENT: no such PCM, card, or sound server.
    public static var notFound: ALSAError { ALSAError(rawValue: -ENOENT) }
    /// -EBUSY: held by another program.
    public static var busy: ALSAError { ALSAError(rawValue: -EBUSY) }
    /// -EINVAL: the device refused a parameter.
    public static var invalidArgument: ALSAError { ALSAError(rawValue: -EINVAL) }
    /// -EAGAIN: non-blocking call with nothing to do now.
    public static var wouldBlock: ALSAError { ALSAError(rawValue: -EAGAIN) }
    /// -EINTR.
    public static var interrupted: ALSAError { ALSAError(rawValue: -EINTR) }
    /// -ETIMEDOUT: the device stopped consuming audio.
    public static var timedOut: ALSAError { ALSAError(rawValue: -ETIMEDOUT) }
    /// -EBADF: a bug in this library.
    public static var badHandle: ALSAError { ALSAError(rawValue: -EBADF) }
    /// -EFAULT: a bug in this library.
    public static var badAddress: ALSAError { ALSAError(rawValue: -EFAULT) }

    /// ENODEV, EBADFD, EIO, ENOENT, ENXIO, ESHUTDOWN, ENOTCONN, ECONNRESET, ECONNREFUSED.
    public var meansDeviceLost: Bool {
        switch -rawValue {
        case ENODEV, EBADFD, EIO, ENOENT, ENXIO, ESHUTDOWN, ENOTCONN, ECONNRESET, ECONNREFUSED: return true
        default: return false
        }
    }

    /// A bad handle or address.
    public var meansProgrammingError: Bool {
        rawValue == -EBADF || rawValue == -EFAULT
    }
}
