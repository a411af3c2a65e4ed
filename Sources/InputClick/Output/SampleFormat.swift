/// How one sample is stored in a device's buffer (native byte order). The mixer renders 32-bit float; an
/// output converts as it writes.
public enum SampleFormat: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Full scale ±1.
    case float32 = 0
    case signed32 = 1
    case signed16 = 2

    public var bytesPerSample: Int {
        switch self {
        case .float32, .signed32: return 4
        case .signed16: return 2
        }
    }

    /// `FLOAT`, `S32` or `S16`.
    public var description: String {
        switch self {
        case .float32: return "FLOAT"
        case .signed32: return "S32"
        case .signed16: return "S16"
        }
    }

    /// Converts `count` float samples into `destination` (`count × bytesPerSample` bytes), clamping to ±1, NaN to
    /// 0. Real-time safe.
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
