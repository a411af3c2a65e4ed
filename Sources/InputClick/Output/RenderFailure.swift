/// What a device's error says about the device, for the fault report a
/// ``RenderStream`` makes when its device fails:
/// the one part of the fault mapping that belongs to the backend.
///
/// Thread context: a plain value; used after the render loop ended.
public protocol RenderFailure: Error, Sendable {
    /// Whether the device is gone (unplugged, its server stopped): reported
    /// as ``OutputFault/Kind/deviceLost`` rather than ``OutputFault/Kind/failed``.
    var meansDeviceLost: Bool { get }

    /// The error a stall of `milliseconds` is reported with
    /// (``OutputFault/underlying``); default `nil`.
    static func stalled(milliseconds: Int) -> (any Error & Sendable)?
}

extension RenderFailure {
    /// `nil`: a stall carries no error of the backend's.
    public static func stalled(milliseconds: Int) -> (any Error & Sendable)? { nil }
}

/// A device that cannot fail (a test double, the null device).
extension Never: RenderFailure {
    /// Never called: there is no such value.
    public var meansDeviceLost: Bool { switch self {} }
}
