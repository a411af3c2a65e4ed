/// How one sample is stored in a device's buffer. The mixer always renders
/// 32-bit float; an output converts to the device's format as it writes.
public enum SampleFormat: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// 32-bit IEEE float, native byte order, full scale ±1.
    case float32 = 0
    /// Signed 32-bit integer, native byte order.
    case signed32 = 1
    /// Signed 16-bit integer, native byte order.
    case signed16 = 2

    public var bytesPerSample: Int {
        switch self {
        case .float32, .signed32: return 4
        case .signed16: return 2
        }
    }

    /// The conventional short name: `FLOAT`, `S32` or `S16`.
    public var description: String {
        switch self {
        case .float32: return "FLOAT"
        case .signed32: return "S32"
        case .signed16: return "S16"
        }
    }

    /// Converts `count` float samples into this format at `destination`, which
    /// must hold `count × bytesPerSample` bytes. Samples outside ±1 are clamped;
    /// NaN becomes 0.
    ///
    /// # Real-time context
    /// Allocates nothing, takes no lock, does no I/O; safe on the render thread.
    public func convert(_ source: UnsafePointer<Float>, count: Int, into destination: UnsafeMutableRawPointer) {
        switch self {
        case .float32:
            let out = destination.assumingMemoryBound(to: Float.self)
            for i in 0..<count {
                let x = source[i]
                out[i] = x.isNaN ? 0 : min(1, max(-1, x))
            }
        case .signed32:
            let out = destination.assumingMemoryBound(to: Int32.self)
            for i in 0..<count {
                let x = source[i]
                let clamped = x.isNaN ? 0 : Double(min(1, max(-1, x)))
                out[i] = Int32((clamped * 2_147_483_647).rounded())
            }
        case .signed16:
            let out = destination.assumingMemoryBound(to: Int16.self)
            for i in 0..<count {
                let x = source[i]
                let clamped = x.isNaN ? 0 : min(1, max(-1, x))
                out[i] = Int16((clamped * 32_767).rounded())
            }
        }
    }
}
