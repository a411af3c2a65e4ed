#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Conversions between decibels and linear gain; pure and real-time safe.
public enum Decibels {
    /// 10^(dB/20); `-infinity` gives 0.
    @inline(__always) public static func toGain(_ decibels: Double) -> Double {
        decibels == -.infinity ? 0 : pow(10, decibels / 20)
    }
    /// 20·log10(gain); 0 gives `-infinity`.
    @inline(__always) public static func fromGain(_ gain: Double) -> Double {
        gain <= 0 ? -.infinity : 20 * Glibc.log10(gain)
    }
    /// log10 without importing Glibc into callers.
    @inline(__always) public static func log10(_ x: Double) -> Double { Glibc.log10(x) }
}
