import InputClick
import Synchronization

/// One open ALSA playback stream and its render loop.
///
/// The loop renders as late as it can: it waits until the device has room for
/// a period (`snd_pcm_wait`), then renders that period from the mixer,
/// converts it to the device's sample format, writes it, and records the
/// latency of the clicks it carried. A click asked for while the loop waits
/// therefore goes out in the very next period.
///
/// # Real-time context
/// The loop allocates nothing (every buffer is made at open), takes no lock
/// of its own, and logs nothing. alsa-lib takes an uncontended mutex inside
/// each call unless ``ALSAOutput/disableLibraryLocking()`` was called.
/// How the loop ended is reported from ``loopDidEnd(on:)``, after the thread
/// has left the loop.
///
/// Thread context: ``start(rendering:onFault:)`` and ``close()`` on the
/// player's control queue; the PCM is used by the render thread alone
/// between them.
final class ALSAStream: AudioOutputStream, RealtimeThreadBody, @unchecked Sendable {
    let format: OutputFormat
    let counters = OutputCounters()

    private let pcm: PCMHandle
    private let device: String
    private let priority: Int32?
    private let stallTimeoutNanoseconds: UInt64
    private let stopRequested = Atomic<Bool>(false)
    private let isClosed = Atomic<Bool>(false)
    private let threadBox = Mutex<RealtimeThread?>(nil)
    private let realtime = Atomic<Bool>(false)
    private let floatBuffer: UnsafeMutablePointer<Float>
    private let deviceBuffer: UnsafeMutableRawPointer
    private let ownsDeviceBuffer: Bool

    // Set before the thread starts; read by it.
    private var renderer: OutputRenderer?
    private var onFault: (@Sendable (OutputFault) -> Void)?
    // Written by the loop, read after it on the same thread.
    private var endError: ALSAError?
    private var stalled = false

    /// How long one `snd_pcm_wait` may sleep before the loop looks at the stop flag again.
    private static let waitSliceMilliseconds: Int32 = 20

    init(pcm: PCMHandle, device: String, format: OutputFormat, priority: Int32?, stallTimeoutNanoseconds: UInt64) {
        self.pcm = pcm
        self.device = device
        self.format = format
        self.priority = priority
        // Healthy progress takes a buffer and a period to prove; give it twice that.
        let cycle = UInt64(format.bufferFrames + format.periodFrames) * 1_000_000_000 / UInt64(max(1, format.sampleRate))
        self.stallTimeoutNanoseconds = max(stallTimeoutNanoseconds, 2 * cycle)
        let samples = format.periodFrames * format.channels
        floatBuffer = .allocate(capacity: samples)
        floatBuffer.initialize(repeating: 0, count: samples)
        if format.sampleFormat == .float32 {
            deviceBuffer = UnsafeMutableRawPointer(floatBuffer)
            ownsDeviceBuffer = false
        } else {
            deviceBuffer = .allocate(byteCount: samples * format.sampleFormat.bytesPerSample, alignment: 16)
            deviceBuffer.initializeMemory(as: UInt8.self, repeating: 0, count: samples * format.sampleFormat.bytesPerSample)
            ownsDeviceBuffer = true
        }
    }

    deinit {
        close()
        if ownsDeviceBuffer { deviceBuffer.deallocate() }
        floatBuffer.deallocate()
    }

    var isRealtime: Bool { realtime.load(ordering: .relaxed) }

    func start(rendering renderer: OutputRenderer, onFault: @escaping @Sendable (OutputFault) -> Void) throws {
        precondition(renderer.format.sampleRate == format.sampleRate && renderer.format.channels == format.channels,
                     "the renderer's format must match the stream's")
        precondition(threadBox.withLock { $0 == nil } && !isClosed.load(ordering: .acquiring), "an ALSA stream starts once")
        self.renderer = renderer
        self.onFault = onFault
        let thread = try RealtimeThread.start(priority: priority, body: self)
        realtime.store(thread.isRealtime, ordering: .relaxed)
        threadBox.withLock { $0 = thread }
    }

    func close() {
        guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        stopRequested.store(true, ordering: .releasing)
        // Taking the thread out breaks the cycle stream → thread → body (the stream).
        let thread = threadBox.withLock { box -> RealtimeThread? in
            defer { box = nil }
            return box
        }
        thread?.join()
        ALSACalls.drop(pcm)
        ALSACalls.close(pcm)
    }

    // MARK: Render thread

    func run(on thread: RealtimeThread) {
        guard let renderer else { return }
        do throws(ALSAError) {
            try renderLoop(renderer)
        } catch {
            endError = error
        }
    }

    /// Renders and writes until asked to stop, or until the device has made
    /// no healthy progress for the stall timeout. Healthy progress is a run of
    /// more periods than the buffer holds, written without a single recovery:
    /// proof that the device consumed them. Timeouts, spurious wake-ups and
    /// underrun recoveries do not count, so a device that died while reporting
    /// underruns over and over is caught too.
    private func renderLoop(_ renderer: OutputRenderer) throws(ALSAError) {
        let period = format.periodFrames
        let healthyRun = format.bufferFrames / max(1, period) + 1
        var cleanPeriods = 0
        var lastHealthy = MonotonicClock.now()
        var recoveries = counters.underruns + counters.suspends
        while !stopRequested.load(ordering: .acquiring) {
            if MonotonicClock.now() &- lastHealthy >= stallTimeoutNanoseconds {
                stalled = true
                return
            }
            if try ALSACalls.wait(pcm, timeoutMilliseconds: Self.waitSliceMilliseconds, counters: counters) == .recovered {
                cleanPeriods = 0
                continue
            }
            guard case .value(let available) = try ALSACalls.availableFrames(pcm, counters: counters) else {
                cleanPeriods = 0
                continue
            }
            var room = available
            while room >= period && !stopRequested.load(ordering: .relaxed) {
                renderer.render(into: floatBuffer, frameCount: period)
                if format.sampleFormat != .float32 {
                    format.sampleFormat.convert(floatBuffer, count: period * format.channels, into: deviceBuffer)
                }
                try writePeriod()
                renderer.didWrite(at: MonotonicClock.now(), framesQueuedAfterWrite: ALSACalls.delay(pcm))
                room -= period
                let seen = counters.underruns + counters.suspends
                if seen != recoveries {
                    recoveries = seen
                    cleanPeriods = 0
                } else {
                    cleanPeriods += 1
                    if cleanPeriods >= healthyRun { lastHealthy = MonotonicClock.now() }
                }
            }
        }
    }

    /// Writes the whole period in `deviceBuffer`, recovering underruns in
    /// place so that no rendered click is lost.
    private func writePeriod() throws(ALSAError) {
        let period = format.periodFrames
        let frameBytes = format.channels * format.sampleFormat.bytesPerSample
        var written = 0
        var blockedSince: UInt64 = 0
        while written < period {
            switch try ALSACalls.writeInterleaved(pcm, deviceBuffer + written * frameBytes, frames: period - written,
                                                  counters: counters) {
            case .recovered:
                continue
            case .value(0):
                let now = MonotonicClock.now()
                if blockedSince == 0 { blockedSince = now }
                if now &- blockedSince >= stallTimeoutNanoseconds || stopRequested.load(ordering: .relaxed) {
                    stalled = true
                    throw ALSAError.timedOut
                }
                _ = try ALSACalls.wait(pcm, timeoutMilliseconds: Self.waitSliceMilliseconds, counters: counters)
            case .value(let frames):
                written += frames
                blockedSince = 0
            }
        }
    }

    func loopDidEnd(on thread: RealtimeThread) {
        guard !stopRequested.load(ordering: .acquiring), let onFault else { return }
        if stalled {
            let milliseconds = stallTimeoutNanoseconds / 1_000_000
            onFault(OutputFault(kind: .stalled,
                                message: "ALSA device '\(device)' stopped consuming audio for \(milliseconds) ms",
                                underlying: ALSAError.timedOut))
        } else if let endError {
            onFault(OutputFault(kind: endError.meansDeviceLost ? .deviceLost : .failed,
                                message: "ALSA device '\(device)' failed: \(endError)", underlying: endError))
        }
    }
}
