#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An error an alsa-lib call returned: a negative errno, with the name of
/// the call that failed.
///
/// Compare errors with the named values (`error == .noDevice`); the call name
/// does not take part in equality. ``message`` is alsa-lib's own text
/// (`snd_strerror`).
///
/// Making and throwing an `ALSAError` allocates nothing, so the render thread
/// can use it; only ``message`` and ``description`` build strings.
///
/// Thread context: the initializers and `==` allocate nothing, so the render
/// thread may use them; ``message`` and ``description`` allocate.
public struct ALSAError: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The negative errno alsa-lib returned.
    public let rawValue: Int32
    /// The alsa-lib function that returned it, or `""` when unknown.
    public let call: StaticString

    /// Wraps a negative errno with no call name.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
        self.call = ""
    }

    /// Wraps a negative errno returned by `call`.
    public init(_ rawValue: Int32, call: StaticString) {
        self.rawValue = rawValue
        self.call = call
    }

    /// Equal when the codes are equal, whichever call returned them.
    public static func == (lhs: ALSAError, rhs: ALSAError) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Hashes the code only.
    ///
    /// Pure.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public var callName: String { call.description }

    /// alsa-lib's text for the code (`snd_strerror`). C: `snd_strerror`.
    public var message: String { ALSACalls.errorText(rawValue) }

    /// For example `snd_pcm_open: No such file or directory (-2)`.
    public var description: String {
        callName.isEmpty ? "\(message) (\(rawValue))" : "\(callName): \(message) (\(rawValue))"
    }

    // MARK: Named codes
    // Computed, not stored: using one on the render thread runs no one-time initializer.

    /// -EPIPE: an underrun; the device ran out of queued audio. Recovered in place.
    public static var underrun: ALSAError { ALSAError(rawValue: -EPIPE) }
    /// -ESTRPIPE: the device was suspended (the system slept). Recovered in place.
    public static var suspended: ALSAError { ALSAError(rawValue: -ESTRPIPE) }
    /// -ENODEV: the device is gone (unplugged).
    public static var noDevice: ALSAError { ALSAError(rawValue: -ENODEV) }
    /// -EBADFD: the stream is in a state that no longer allows the call (device disconnected).
    public static var badState: ALSAError { ALSAError(rawValue: -EBADFD) }
    /// -EIO: an input/output error, such as a sound server that went away.
    public static var ioError: ALSAError { ALSAError(rawValue: -EIO) }
    /// -ENOENT: no such PCM, card, or sound server.
    public static var notFound: ALSAError { ALSAError(rawValue: -ENOENT) }
    /// -EBUSY: the device is held by another program.
    public static var busy: ALSAError { ALSAError(rawValue: -EBUSY) }
    /// -EINVAL: the device refused a parameter.
    public static var invalidArgument: ALSAError { ALSAError(rawValue: -EINVAL) }
    /// -EAGAIN: non-blocking call with nothing to do now.
    public static var wouldBlock: ALSAError { ALSAError(rawValue: -EAGAIN) }
    /// -EINTR: interrupted by a signal.
    public static var interrupted: ALSAError { ALSAError(rawValue: -EINTR) }
    /// -ETIMEDOUT: the device stopped consuming audio.
    public static var timedOut: ALSAError { ALSAError(rawValue: -ETIMEDOUT) }
    /// -EBADF: a closed or invalid handle: a bug in this library.
    public static var badHandle: ALSAError { ALSAError(rawValue: -EBADF) }
    /// -EFAULT: a bad address: a bug in this library.
    public static var badAddress: ALSAError { ALSAError(rawValue: -EFAULT) }

    /// Whether the code says the device went away (ENODEV, EBADFD, EIO,
    /// ENOENT, ENXIO, ESHUTDOWN, ENOTCONN, ECONNRESET, EPIPE after failed recovery…).
    public var meansDeviceLost: Bool {
        switch -rawValue {
        case ENODEV, EBADFD, EIO, ENOENT, ENXIO, ESHUTDOWN, ENOTCONN, ECONNRESET, ECONNREFUSED: return true
        default: return false
        }
    }

    /// Whether the code can only come from a bug in this library (a bad handle or address).
    public var meansProgrammingError: Bool {
        rawValue == -EBADF || rawValue == -EFAULT
    }
}
