/// How one click sounds apart from its kind: where it sits between the
/// speakers, how loud it is, and whether the mixer's per-click variation
/// (``ClickVariation``) applies to it.
///
/// The default, ``center``, plays the sound as it is, sample for sample.
///
/// Thread context: a plain value; real-time safe.
public struct ClickPlacement: Sendable, Hashable, BitwiseCopyable {
    /// Stereo position, −1 (left) … 0 (centre) … 1 (right); out-of-range
    /// values are clamped, non-finite ones mean 0. The balance law is
    /// linear and keeps the near channel at full level: a pan *p* > 0 scales
    /// the left channel by 1 − *p*, and *p* < 0 scales the right by 1 + *p*.
    /// It applies to stereo output only.
    public var pan: Float
    /// A gain for this click, in dB (0 = as is); clamped to −60…+12,
    /// non-finite means 0.
    public var gainDecibels: Float
    /// Whether the mixer's ``ClickVariation`` (if one is set) applies to this
    /// click. The gate turns it off during secure text entry.
    public var varies: Bool
    /// Whether the click is a key's release rather than its press. The mixer
    /// then plays the bank's release sound for the kind (a sound pack's
    /// `key-up` file, see ``SoundPack``) when it has one, and otherwise the
    /// press sound ``releaseFallbackGainDecibels`` quieter. ``gainDecibels``
    /// applies on top in both cases.
    public var isRelease: Bool

    /// How much quieter a release plays when the bank has no release sound
    /// for its kind: −10 dB.
    public static let releaseFallbackGainDecibels: Float = -10

    /// Creates a placement; every argument has the neutral default.
    ///
    /// Pure.
    public init(pan: Float = 0, gainDecibels: Float = 0, varies: Bool = true, isRelease: Bool = false) {
        self.pan = pan
        self.gainDecibels = gainDecibels
        self.varies = varies
        self.isRelease = isRelease
    }

    /// Centred, at full level, with the mixer's variation.
    public static let center = ClickPlacement()

    /// The channel gains of ``pan`` (left, right), after clamping.
    var panGains: (left: Float, right: Float) {
        let p = pan.isFinite ? min(max(pan, -1), 1) : 0
        return (p > 0 ? 1 - p : 1, p < 0 ? 1 + p : 1)
    }

    /// ``gainDecibels`` as a linear gain, after clamping; exactly 1 at 0 dB.
    var linearGain: Float {
        guard gainDecibels.isFinite, gainDecibels != 0 else { return 1 }
        return Float(Decibels.toGain(Double(min(max(gainDecibels, -60), 12))))
    }
}
