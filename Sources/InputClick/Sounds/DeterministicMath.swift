/// Sine, cosine and exponential from IEEE-754 arithmetic only, so the bundled sounds are bit-identical
/// on every C library (a last-bit difference in libm can flip a rounded 16-bit sample). Accurate to a
/// few ulps.
enum DeterministicMath {
    static let pi = 3.141592653589793
    static let twoPi = 6.283185307179586
    static let ln2 = 0.6931471805599453
    static let ln10 = 2.302585092994046

    /// Of `x` radians.
    static func sin(_ x: Double) -> Double {
        // Reduce to [-π, π], then to [-π/2, π/2] by sin(π − y) = sin(y).
        var y = x - twoPi * (x / twoPi).rounded()
        if y > pi / 2 { y = pi - y } else if y < -pi / 2 { y = -pi - y }
        // Taylor series; |y| ≤ π/2 makes the 23rd-order term negligible.
        let y2 = y * y
        var term = y
        var sum = y
        var n = 1.0
        for _ in 0..<11 {
            term = -term * y2 / ((n + 1) * (n + 2))
            sum += term
            n += 2
        }
        return sum
    }

    static func cos(_ x: Double) -> Double { sin(x + pi / 2) }

    /// 0 below −700.
    static func exp(_ x: Double) -> Double {
        if x < -700 { return 0 }
        precondition(x < 700, "exponent out of range")
        // x = k·ln2 + r with |r| ≤ ln2/2, so eˣ = 2ᵏ·eʳ.
        let k = (x / ln2).rounded()
        let r = x - k * ln2
        var term = 1.0
        var sum = 1.0
        for n in 1...18 {
            term = term * r / Double(n)
            sum += term
        }
        return Double(sign: .plus, exponent: Int(k), significand: sum)
    }

    /// The linear gain of a level in dB.
    static func gain(decibels: Double) -> Double { exp(decibels / 20 * ln10) }
}
