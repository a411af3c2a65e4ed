/// One decoded click sound, ready to mix: interleaved 32-bit float frames at
/// the bank's rate and channel count.
///
/// A `ClickSound` is a view into memory its ``SoundBank`` owns; it is valid
/// while the bank is alive.
///
/// Thread context: a plain value; reading it is real-time safe.
public struct ClickSound: @unchecked Sendable {
    /// Interleaved samples, `frameCount × channels` of them.
    public let samples: UnsafePointer<Float>
    /// The number of frames (one sample per channel).
    public let frameCount: Int
}

/// The five click sounds, one per ``ClickKind``, converted to one output
/// rate and channel count, and for any kind a release sound (a sound pack's
/// `key-up.wav`), played for a key's release (``ClickPlacement/isRelease``).
///
/// A bank is immutable once made. Everything expensive (decoding, rate
/// conversion, channel mapping) happens when it is made, never at tap time.
/// The mixer reads a bank on its render thread without retaining it; hand it
/// to ``Mixer/install(_:)``, which keeps it alive until the render thread is
/// done with it.
///
/// Thread context: make it on any thread except the render thread; once made,
/// any thread may read it.
public final class SoundBank: @unchecked Sendable {
    /// Frames per second of every sound.
    public let sampleRate: Int
    /// Channels per frame of every sound.
    public let channels: Int
    /// Where each sound came from, for diagnostics (a file path, or `bundled`).
    public let origins: [ClickKind: String]
    private let storage: UnsafeMutablePointer<ClickSound>
    private let releaseStorage: UnsafeMutablePointer<ClickSound?>

    /// Makes a bank from interleaved float samples, one array per kind, and
    /// release sounds for the kinds in `releaseSounds`.
    ///
    /// - Precondition: every kind is present in `sounds`, `channels ≥ 1`, and
    ///   each array's count (in `sounds` and `releaseSounds`) is a non-zero
    ///   multiple of `channels`.
    public init(sampleRate: Int, channels: Int, sounds: [ClickKind: [Float]],
                origins: [ClickKind: String] = [:], releaseSounds: [ClickKind: [Float]] = [:]) {
        precondition(sampleRate > 0 && channels > 0, "SoundBank needs a positive rate and channel count")
        self.sampleRate = sampleRate
        self.channels = channels
        self.origins = origins
        func copy(_ samples: [Float]) -> ClickSound {
            let buffer = UnsafeMutablePointer<Float>.allocate(capacity: samples.count)
            samples.withUnsafeBufferPointer { buffer.initialize(from: $0.baseAddress!, count: samples.count) }
            return ClickSound(samples: UnsafePointer(buffer), frameCount: samples.count / channels)
        }
        storage = .allocate(capacity: ClickKind.count)
        releaseStorage = .allocate(capacity: ClickKind.count)
        for kind in ClickKind.allCases {
            guard let samples = sounds[kind], !samples.isEmpty, samples.count % channels == 0 else {
                preconditionFailure("SoundBank needs whole frames for every kind; \(kind) is missing or ragged")
            }
            (storage + Int(kind.rawValue)).initialize(to: copy(samples))
            let release = releaseSounds[kind]
            if let release {
                precondition(!release.isEmpty && release.count % channels == 0,
                             "SoundBank needs whole frames for a release sound; \(kind)'s is empty or ragged")
            }
            (releaseStorage + Int(kind.rawValue)).initialize(to: release.map(copy))
        }
    }

    deinit {
        for i in 0..<ClickKind.count {
            UnsafeMutablePointer(mutating: storage[i].samples).deallocate()
            if let release = releaseStorage[i] { UnsafeMutablePointer(mutating: release.samples).deallocate() }
        }
        storage.deinitialize(count: ClickKind.count)
        storage.deallocate()
        releaseStorage.deinitialize(count: ClickKind.count)
        releaseStorage.deallocate()
    }

    /// The sound for a kind.
    ///
    /// Real-time safe (no allocation, no reference counting).
    @inline(__always)
    public func sound(_ kind: ClickKind) -> ClickSound { storage[Int(kind.rawValue)] }

    /// The release sound for a kind, or `nil` when the bank has none (a
    /// release then plays ``sound(_:)``, quieter).
    ///
    /// Real-time safe (no allocation, no reference counting).
    @inline(__always)
    public func releaseSound(_ kind: ClickKind) -> ClickSound? { releaseStorage[Int(kind.rawValue)] }

    /// The length of the longest sound in the bank, in frames: how long a
    /// click may go on sounding after it starts.
    public var longestFrameCount: Int {
        ClickKind.allCases.map { max(sound($0).frameCount, releaseSound($0)?.frameCount ?? 0) }.max() ?? 0
    }

    /// A copy of one sound's samples, for tests and tools.
    public func samples(_ kind: ClickKind) -> [Float] {
        let s = sound(kind)
        return Array(UnsafeBufferPointer(start: s.samples, count: s.frameCount * channels))
    }

    /// A copy of one release sound's samples, or `nil` when the kind has none.
    public func releaseSamples(_ kind: ClickKind) -> [Float]? {
        releaseSound(kind).map { Array(UnsafeBufferPointer(start: $0.samples, count: $0.frameCount * channels)) }
    }
}
