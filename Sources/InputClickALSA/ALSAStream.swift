import CALSA
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InputClick

/// The ``RenderDevice`` over one ALSA PCM: each method one or two ``ALSACalls``. An open
/// ALSA stream is a ``RenderStream`` over it. Used by the render thread alone between
/// start and close; made and closed on the player's control queue.
///
/// # Real-time context
/// Allocates nothing and takes no lock of its own; only
/// ``wait(forRoom:wakeup:timeoutMilliseconds:)`` blocks, in `poll`. alsa-lib's own mutex
/// stays unless ``ALSAOutput/disableLibraryLocking()``; its jack plugin locks in start and drop.
struct ALSARenderDevice: RenderDevice {
    let pcm: PCMHandle
    let counters: OutputCounters
    /// ``ALSAOutput/libraryMessageHandler``, for the close.
    let libraryMessageHandler: (@Sendable (String) -> Void)?
    let descriptors: UnsafeMutablePointer<pollfd>
    let descriptorCapacity: Int
    /// The player's clock, from the stream's request (real time unless a test simulates it).
    let clock: ClickClock
    /// ``ALSANegotiation/transferCycleFrames(_:chain:format:)``, at most a period.
    let transferCycleFrames: Int?

    init(pcm: PCMHandle, counters: OutputCounters, clock: ClickClock, transferCycleFrames: Int? = nil,
         libraryMessageHandler: (@Sendable (String) -> Void)?) {
        self.pcm = pcm
        self.clock = clock
        self.transferCycleFrames = transferCycleFrames
        self.counters = counters
        self.libraryMessageHandler = libraryMessageHandler
        // The device's descriptors, and one more for the wake-up. (Made here,
        // on the control thread, which also gives a debug build pollfd's type
        // metadata before the render thread needs it.)
        descriptorCapacity = ALSACalls.pollDescriptorCount(pcm) + 1
        descriptors = .allocate(capacity: descriptorCapacity)
        descriptors.initialize(repeating: pollfd(), count: descriptorCapacity)
    }

    func close() {
        ALSACalls.routingMessages(to: libraryMessageHandler) {
            ALSACalls.drop(pcm)
            ALSACalls.close(pcm)
        }
        descriptors.deallocate()
    }

    var now: UInt64 { clock.now() }

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

extension ALSAError: RenderFailure {
    /// ``timedOut``.
    public static func stalled(milliseconds: Int) -> (any Error & Sendable)? { ALSAError.timedOut }
}
