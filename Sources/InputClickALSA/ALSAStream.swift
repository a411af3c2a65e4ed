import CALSA
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InputClick
import Synchronization

/// One open ALSA playback stream: the PCM, kept open while a keyboard is
/// visible, and a render thread running the shared ``RenderLoop`` over it
/// (``ALSARenderDevice``). The loop stops the PCM while silent and starts it
/// on a tap, and inserts clicks by rewind where the device's rewind is real
/// (``scheduling``).
///
/// # Real-time context
/// The render thread allocates nothing (every buffer is made at open),
/// takes no lock of its own and logs nothing. alsa-lib takes an uncontended
/// mutex inside each call unless ``ALSAOutput/disableLibraryLocking()`` was
/// called, and its jack plugin takes one in `snd_pcm_start` and `snd_pcm_drop`.
/// How the loop ended is reported by its ``RenderThreadHost``, after the
/// thread has left the loop.
///
/// Thread context: ``start(rendering:onFault:)`` and ``close()`` on the
/// player's control queue; the PCM is used by the render thread alone
/// between them.
final class ALSAStream: AudioOutputStream, @unchecked Sendable {
    let format: OutputFormat
    let counters = OutputCounters()
    let scheduling: ClickScheduling
    /// Whether the PCM runs from the first write until close (see ``RenderLoop/keepsRunning``).
    let keepsRunning: Bool
    /// The room at which the device wakes the render loop (see ``RenderLoop``'s `refillRoomFrames`).
    let refillRoomFrames: Int?

    private let pcm: PCMHandle
    private let device: String
    private let priority: Int32?
    private let safeguardFrames: Int
    private let stallTimeoutNanoseconds: UInt64
    /// Where alsa-lib's messages of the close go (``ALSAOutput/libraryMessageHandler``).
    private let libraryMessageHandler: (@Sendable (String) -> Void)?
    private let isClosed = Atomic<Bool>(false)
    private let host = Mutex<RenderThreadHost<ALSARenderDevice>?>(nil)
    private let floatBuffer: UnsafeMutablePointer<Float>
    private let deviceBuffer: UnsafeMutableRawPointer
    private let ownsDeviceBuffer: Bool
    private let pollDescriptors: UnsafeMutablePointer<pollfd>
    private let pollCapacity: Int

    init(pcm: PCMHandle, device: String, format: OutputFormat, scheduling: ClickScheduling, keepsRunning: Bool = false,
         refillRoomFrames: Int? = nil,
         safeguardFrames: Int,
         priority: Int32?, stallTimeoutNanoseconds: UInt64,
         libraryMessageHandler: (@Sendable (String) -> Void)? = nil) throws(ALSAOutputError) {
        self.pcm = pcm
        self.libraryMessageHandler = libraryMessageHandler
        self.device = device
        self.format = format
        self.scheduling = scheduling
        self.keepsRunning = keepsRunning
        self.refillRoomFrames = refillRoomFrames
        self.safeguardFrames = safeguardFrames
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
        // The device's descriptors, and one more for the wake-up. (Made here,
        // on the control thread, which also gives a debug build pollfd's type
        // metadata before the render thread needs it.)
        pollCapacity = ALSACalls.pollDescriptorCount(pcm) + 1
        pollDescriptors = .allocate(capacity: pollCapacity)
        pollDescriptors.initialize(repeating: pollfd(), count: pollCapacity)
    }

    deinit {
        close()
        if ownsDeviceBuffer { deviceBuffer.deallocate() }
        floatBuffer.deallocate()
        pollDescriptors.deallocate()
    }

    var isRealtime: Bool { host.withLock { $0?.isRealtime ?? false } }

    func start(rendering renderer: OutputRenderer, onFault: @escaping @Sendable (OutputFault) -> Void) throws {
        precondition(renderer.format.sampleRate == format.sampleRate && renderer.format.channels == format.channels,
                     "the renderer's format must match the stream's")
        precondition(host.withLock { $0 == nil } && !isClosed.load(ordering: .acquiring), "an ALSA stream starts once")
        let period = max(1, format.periodFrames)
        // Checkpoints for every queued period, and one for the period being rendered.
        renderer.mixer.prepareHistory(periods: scheduling == .rewind ? format.bufferFrames / period + 1 : 0)
        let stop = StopFlag(wakeup: renderer.mixer.wakeup)
        let device = ALSARenderDevice(pcm: pcm, counters: counters, descriptors: pollDescriptors,
                                      descriptorCapacity: pollCapacity)
        let loop = RenderLoop(device: device, renderer: renderer, scheduling: scheduling, format: format,
                          fillFrames: format.bufferFrames, safeguardFrames: safeguardFrames,
                          stallTimeoutNanoseconds: stallTimeoutNanoseconds, counters: counters, stopRequested: stop,
                          keepsRunning: keepsRunning, refillRoomFrames: refillRoomFrames,
                          floatBuffer: floatBuffer, deviceBuffer: deviceBuffer)
        let name = self.device, milliseconds = stallTimeoutNanoseconds / 1_000_000
        let started = try RenderThreadHost.start(loop: loop, stop: stop, priority: priority, describe: { end in
            switch end {
            case .stopRequested:
                return nil
            case .stalled:
                return OutputFault(kind: .stalled, message: "ALSA device '\(name)' stopped consuming audio for \(milliseconds) ms",
                                   underlying: ALSAError.timedOut)
            case .failed(let error):
                return OutputFault(kind: error.meansDeviceLost ? .deviceLost : .failed,
                                   message: "ALSA device '\(name)' failed: \(error)", underlying: error)
            }
        }, onFault: onFault)
        host.withLock { $0 = started }
    }

    func close() {
        guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        host.withLock { $0 }?.stop()
        ALSACalls.routingMessages(to: libraryMessageHandler) {
            ALSACalls.drop(pcm)
            ALSACalls.close(pcm)
        }
    }
}

/// The ``RenderDevice`` skin over one ALSA PCM: each method one or two
/// ``ALSACalls``, with underruns and suspends recovered in place.
///
/// # Real-time context
/// Allocates nothing and takes no lock of its own; the poll descriptors are
/// preallocated by the stream. Only ``wait(forRoom:wakeup:timeoutMilliseconds:)``
/// blocks, in `poll`.
///
/// Thread context: the render thread alone.
struct ALSARenderDevice: RenderDevice {
    let pcm: PCMHandle
    let counters: OutputCounters
    let descriptors: UnsafeMutablePointer<pollfd>
    let descriptorCapacity: Int

    var now: UInt64 { MonotonicClock.now() }

    func availableFrames() throws(ALSAError) -> Int? {
        guard case .value(let frames) = try ALSACalls.availableFrames(pcm, counters: counters) else { return nil }
        return frames
    }

    func write(_ buffer: UnsafeRawPointer, frames: Int) throws(ALSAError) -> Int? {
        guard case .value(let written) = try ALSACalls.writeInterleaved(pcm, buffer, frames: frames, counters: counters)
        else { return nil }
        return written
    }

    func queuedFrames() -> Int? { ALSACalls.delay(pcm) }

    func start() throws(ALSAError) {
        // An underrun between the last write and the start leaves the device
        // prepared and empty; the loop finds it so at its next look.
        _ = try ALSACalls.start(pcm, counters: counters)
    }

    func stop() throws(ALSAError) { try ALSACalls.stopAndPrepare(pcm) }

    func rewindableFrames() -> Int { ALSACalls.rewindable(pcm) }

    func rewind(_ frames: Int) -> Int { ALSACalls.rewind(pcm, frames: frames) }

    func forward(_ frames: Int) -> Int { ALSACalls.forward(pcm, frames: frames) }

    func wait(forRoom: Bool, wakeup: Int32, timeoutMilliseconds: Int32) throws(ALSAError) -> RenderDeviceWait? {
        var count = 0
        if forRoom {
            count = ALSACalls.pollDescriptors(pcm, into: descriptors, count: descriptorCapacity - 1)
        }
        let wakeIndex = count
        if wakeup >= 0 {
            descriptors[count] = pollfd(fd: wakeup, events: Int16(POLLIN), revents: 0)
            count += 1
        }
        guard count > 0 else {
            // Nothing to poll: just let the time pass.
            _ = poll(nil, 0, timeoutMilliseconds)
            return .timedOut
        }
        let ready = poll(descriptors, nfds_t(count), timeoutMilliseconds)
        // EINTR counts as a timeout: the loop looks at everything again.
        guard ready > 0 else { return .timedOut }
        var room = false
        if wakeIndex > 0 {
            // Always ask the device: it also drains its plugin's wake-up pipe.
            let events = ALSACalls.pollEvents(pcm, descriptors, count: wakeIndex)
            if events & UInt16(POLLERR) != 0 {
                // An underrun: recover it now, so the loop restarts the device.
                guard try availableFrames() != nil else { return nil }
            }
            room = events & UInt16(POLLOUT) != 0
        }
        if wakeup >= 0 && descriptors[wakeIndex].revents != 0 { return .woken }
        return room ? .room : .timedOut
    }
}
