/// One decoded click sound at the bank's rate and channel count: a view into memory its ``SoundBank``
/// owns, valid while the bank is alive. Reading it is real-time safe.
public struct ClickSound: @unchecked Sendable {
    /// Interleaved, `frameCount × channels` of them.
    public let samples: UnsafePointer<Float>
    public let frameCount: Int
}

/// The five click sounds, one per ``ClickKind``, at one output rate and channel count, plus release
/// sounds for kinds that have one (``ClickPlacement/isRelease``).
///
/// Immutable; everything expensive happens when it is made, never at tap time. The mixer reads it on its
/// render thread without retaining it: hand it to ``Mixer/install(_:)``, which keeps it alive.
///
/// Thread context: make it on any thread but the render thread; then any thread may read it.
public final class SoundBank: @unchecked Sendable {
    public let sampleRate: Int
    public let channels: Int
    /// A file path, or `bundled`.
    public let origins: [ClickKind: String]
    private let storage: UnsafeMutablePointer<ClickSound>
    private let releaseStorage: UnsafeMutablePointer<ClickSound?>

    /// - Precondition: every kind is in `sounds`, `channels ≥ 1`, and each array's count is a non-zero
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

    /// Real-time safe (no allocation, no reference counting).
    @inline(__always)
    public func sound(_ kind: ClickKind) -> ClickSound { storage[Int(kind.rawValue)] }

    /// `nil` when the bank has none (a release then plays ``sound(_:)``, quieter). Real-time safe.
    @inline(__always)
    public func releaseSound(_ kind: ClickKind) -> ClickSound? { releaseStorage[Int(kind.rawValue)] }

    /// In frames: how long a click may go on sounding after it starts.
    public var longestFrameCount: Int {
        ClickKind.allCases.map { max(sound($0).frameCount, releaseSound($0)?.frameCount ?? 0) }.max() ?? 0
    }

    /// A copy, for tests and tools.
    public func samples(_ kind: ClickKind) -> [Float] {
        let s = sound(kind)
        return Array(UnsafeBufferPointer(start: s.samples, count: s.frameCount * channels))
    }

    /// A copy; `nil` when the kind has none.
    public func releaseSamples(_ kind: ClickKind) -> [Float]? {
        releaseSound(kind).map { Array(UnsafeBufferPointer(start: $0.samples, count: $0.frameCount * channels)) }
    }
}
