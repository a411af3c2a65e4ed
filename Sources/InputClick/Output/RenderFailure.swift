/// What a device's error says about the device, for ``RenderStream``'s fault report: the one part of the
/// fault mapping that belongs to the backend.
public protocol RenderFailure: Error, Sendable {
    /// Whether the device is gone (unplugged, server stopped): ``OutputFault/Kind/deviceLost``, not `failed`.
    var meansDeviceLost: Bool { get }

    /// The error a stall is reported with (``OutputFault/underlying``); default `nil`.
    static func stalled(milliseconds: Int) -> (any Error & Sendable)?
}

extension RenderFailure {
    public static func stalled(milliseconds: Int) -> (any Error & Sendable)? { nil }
}

/// A device that cannot fail (a test double, the null device).
extension Never: RenderFailure {
    public var meansDeviceLost: Bool { switch self {} }
}
