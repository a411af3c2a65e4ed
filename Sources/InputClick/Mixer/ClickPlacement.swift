/// Where a click sits between the speakers, how loud it is, and whether ``ClickVariation`` applies.
/// The default, ``center``, plays the sound sample for sample. A plain value.
public struct ClickPlacement: Sendable, Hashable, BitwiseCopyable {
    /// −1 (left) … 1 (right), clamped; non-finite means 0. Linear balance keeping the near channel at full
    /// level (*p* > 0 scales the left by 1 − *p*). Stereo output only.
    public var pan: Float
    /// In dB (0 = as is), clamped to −60…+12; non-finite means 0.
    public var gainDecibels: Float
    /// The gate turns it off during secure text entry.
    public var varies: Bool
    /// A key's release: the bank's release sound for the kind when it has one (a pack's `key-up` file),
    /// else the press sound ``releaseFallbackGainDecibels`` quieter; ``gainDecibels`` applies on top.
    public var isRelease: Bool

    /// How much quieter a release plays when the bank has no release sound.
    public static let releaseFallbackGainDecibels: Float = -10

    public init(pan: Float = 0, gainDecibels: Float = 0, varies: Bool = true, isRelease: Bool = false) {
        self.pan = pan
        self.gainDecibels = gainDecibels
        self.varies = varies
        self.isRelease = isRelease
    }

    public static let center = ClickPlacement()

    /// (left, right), after clamping.
    var panGains: (left: Float, right: Float) {
        let p = pan.isFinite ? min(max(pan, -1), 1) : 0
        return (p > 0 ? 1 - p : 1, p < 0 ? 1 + p : 1)
    }

    /// Exactly 1 at 0 dB.
    var linearGain: Float {
        guard gainDecibels.isFinite, gainDecibels != 0 else { return 1 }
        return Float(Decibels.toGain(Double(min(max(gainDecibels, -60), 12))))
    }
}
