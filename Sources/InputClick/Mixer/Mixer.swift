import Synchronization

/// Mixes click sounds and host streams into output frames.
///
/// - **Clicks** arrive from any thread through ``submitClick(_:requestedAt:)`` and wait in a preallocated
///   lock-free ring until the next render. Each plays on a voice of a fixed pool; when every voice is busy
///   the oldest is stolen with a short fade, so a new click is never dropped. A new click lowers the clicks
///   still sounding (−6 dB by default). ``ClickPlacement`` pans and scales a click, ``ClickVariation`` varies it.
/// - **Clicks given to a suspect device** never play late: with a ``MixerConfiguration/clock``, a click
///   submitted as expiring when stale and taken more than ``staleClickLimitNanoseconds`` after `requestedAt`
///   is dropped and counted (``staleClicksDropped``). Any other click plays, late if the device stalled.
/// - **Host streams** (``HostStream``) are mixed under the clicks and ducked while clicks sound.
/// - The click volume applies to clicks only; the master volume scales the whole mix, and a zero-latency
///   peak limiter is the last stage, so the output never exceeds its ceiling.
///
/// # Real-time context
/// The render side (rendering, ``renderedFrames``, ``isIdle``, rewinding, ``forgetHistory()``) is used by
/// one render thread at a time. It allocates nothing, takes no lock, does no I/O, never blocks, and holds no
/// reference counts on the banks and streams it reads: they travel back through a lock-free ring and are
/// released on the next control call (``collectGarbage()``).
///
/// Thread context: submitting clicks and the `set…` calls are lock-free, from any thread. ``install(_:)``,
/// ``attach(_:)``, ``detach(_:)`` and ``collectGarbage()`` from any thread but the render thread.
public final class Mixer: ClickSink, @unchecked Sendable {
    public let configuration: MixerConfiguration

    // Each mechanism lives in its own type: the rings that bring clicks and
    // control messages in (CommandRing), the sequence-locked ducking
    // parameters (SequenceLocked), the voices (VoicePool), the bank and
    // stream slots with their way back to a control thread (RetiringSlots,
    // RetiredObjects), and the rewind checkpoints (MixerHistory). This class
    // wires them together and runs the render pipeline (renderBlock).

    private let clicks: CommandRing<ClickRequest>
    private let control: CommandRing<ControlMessage>
    /// Banks and streams the render thread has let go of, waiting to be released.
    private let retired: RetiredObjects
    private let clickGainBits: Atomic<UInt32>
    private let masterGainBits = Atomic<UInt32>(Float(1).bitPattern)
    /// Variation seed and ranges (gain dB high half, pitch fraction low half, as float bits); 0 ranges = off.
    private let variationSeed = Atomic<UInt64>(0)
    private let variationRanges = Atomic<UInt64>(0)
    /// Clicks dropped as stale; the render thread counts, any thread reads.
    private let staleDropped = Atomic<Int>(0)
    /// ``MixerConfiguration/clock`` taken apart, so the render thread reads it without an enum payload or
    /// reference count.
    private let clockSource: ClockSource
    private let clockOrigin: UInt64
    private let manualClock: Unmanaged<SimulatedClock>?
    private enum ClockSource { case none, monotonic, frames, manual }
    private let ducking: SequenceLocked<DuckingParameters>
    private let state: UnsafeMutablePointer<RenderState>
    /// One thread at a time renders, rewinds and forgets (checked in debug builds).
    private let renderSide = RenderSide()
    /// Checkpoints for rewinding; replaced only while no thread renders.
    private var history: MixerHistory
    private let voices: VoicePool
    private let duckGains: UnsafeMutablePointer<Float>
    /// The host streams, and the sound banks voices play from (current, and older ones until their last voice ends).
    private let streams: RetiringSlots
    private let banks: RetiringSlots
    private let attachedStreams = Mutex<[ObjectIdentifier]>([])

    /// Wakes a render thread sleeping while the mixer is idle; `nil` if the system refused an `eventfd`
    /// (the render loop must then poll).
    public let wakeup: RenderWakeup?

    /// The standard stale limit; a mixer applies its configuration's.
    public static let staleClickLimitNanoseconds: UInt64 = LivenessPolicy.standard.staleClickLimitNanoseconds

    /// Clicks that expire when stale dropped because they were too old when a render took them.
    public var staleClicksDropped: Int { staleDropped.load(ordering: .relaxed) }

    /// Computed once so the render thread never initializes a global.
    private let releaseFallbackGain = Float(Decibels.toGain(Double(ClickPlacement.releaseFallbackGainDecibels)))

    public static let maxStreams = 8
    private static let bankSlots = 4

    /// Everything only the render thread touches; a value so ``MixerHistory`` can copy it.
    struct RenderState {
        var frame: Int64 = 0
        var currentBank = 0
        var serial: UInt64 = 0
        var clickGain: Float = 1
        /// NaN before the first block, which starts at the volume in force instead of ramping from unity.
        var masterGain: Float = .nan
        var duckingGeneration: UInt64 = 0
        var envelope = DuckingEnvelope()
        var limiter: Limiter
        /// A control message that could not complete yet; it goes first next block.
        var pendingControl: ControlMessage?
    }

    /// Out-of-range configuration values are brought into range first (``MixerConfiguration/validated()``).
    ///
    /// - Precondition: the bank's rate and channel count equal the validated configuration's.
    public init(configuration requested: MixerConfiguration = MixerConfiguration(), bank: SoundBank) {
        let configuration = requested.validated()
        precondition(bank.sampleRate == configuration.sampleRate && bank.channels == configuration.channels,
                     "the sound bank's format (\(bank.sampleRate) Hz, \(bank.channels) ch) must match the mixer's "
                     + "(\(configuration.sampleRate) Hz, \(configuration.channels) ch)")
        self.configuration = configuration
        switch configuration.clock {
        case nil: (clockSource, clockOrigin, manualClock) = (.none, 0, nil)
        case .monotonic: (clockSource, clockOrigin, manualClock) = (.monotonic, 0, nil)
        case .frames(let origin): (clockSource, clockOrigin, manualClock) = (.frames, origin, nil)
        case .manual(let clock): (clockSource, clockOrigin, manualClock) = (.manual, 0, Unmanaged.passUnretained(clock))
        }
        clicks = CommandRing(minimumCapacity: configuration.clickQueueCapacity)
        control = CommandRing(minimumCapacity: 64)
        retired = RetiredObjects(minimumCapacity: 64)
        clickGainBits = Atomic(Float(1).bitPattern)
        ducking = SequenceLocked(configuration.ducking.clamped())
        voices = VoicePool(
            voiceCount: configuration.voiceCount,
            fadeFrames: max(configuration.frames(max(1, configuration.stealFadeMilliseconds)),
                            (configuration.sampleRate + 999) / 1000),
            duckGain: Float(Decibels.toGain(min(configuration.clickOnClickDuckingDecibels, 0))),
            duckFrames: configuration.frames(configuration.clickOnClickRampMilliseconds))
        state = .allocate(capacity: 1)
        state.initialize(to: RenderState(
            limiter: Limiter(ceilingDecibels: configuration.limiterCeilingDecibels,
                             releaseMilliseconds: configuration.limiterReleaseMilliseconds,
                             sampleRate: configuration.sampleRate)))
        state.pointee.envelope.configure(configuration.ducking, sampleRate: configuration.sampleRate)
        history = MixerHistory(capacity: 0, voiceSlots: voices.slotCount, streamSlots: Self.maxStreams,
                               template: state.pointee)
        wakeup = try? RenderWakeup()
        duckGains = .allocate(capacity: configuration.maxFramesPerRender)
        duckGains.initialize(repeating: 1, count: configuration.maxFramesPerRender)
        streams = RetiringSlots(count: Self.maxStreams, retiringInto: retired)
        banks = RetiringSlots(count: Self.bankSlots, retiringInto: retired)
        _ = banks.occupy(Unmanaged.passRetained(bank).toOpaque())   // slot 0, the current bank
        state.pointee.duckingGeneration = ducking.generation
        setVariation(configuration.variation)
    }

    deinit {
        collectGarbage()
        // Queued attaches and bank installs hold a retain; a queued detach does not.
        var queued = state.pointee.pendingControl
        while let message = queued ?? control.pop() {
            queued = nil
            if message.operation != .detachStream { RetiredObjects.release(message.object) }
        }
        // The bank and stream slots release what they hold as they go.
        duckGains.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    // MARK: Control (any thread)

    /// Queues a click for the next render; `false` only if the click queue is full.
    public func submitClick(_ kind: ClickKind, requestedAt: UInt64) -> Bool {
        submitClick(kind, requestedAt: requestedAt, placement: .center)
    }

    /// Like ``submitClick(_:requestedAt:)``, placed by `placement`.
    ///
    /// With `expiresWhenStale`, the click is dropped and counted instead of started if taken more than
    /// ``staleClickLimitNanoseconds`` after `requestedAt` (for a click whose caller was told it is held).
    public func submitClick(_ kind: ClickKind, requestedAt: UInt64, placement: ClickPlacement,
                            expiresWhenStale: Bool = false) -> Bool {
        guard clicks.push(ClickRequest(kind: kind, requestedAt: requestedAt, placement: placement,
                                       expiresWhenStale: expiresWhenStale)) else { return false }
        wakeup?.signal()
        return true
    }

    /// Sets the per-click gain and pitch variation for clicks from now on; `nil` plays clicks unvaried.
    /// Each click's variation comes from the seed and its start order, so renders and rewinds repeat it.
    /// A render racing a change may use the old seed with the new ranges: set it before clicks play.
    public func setVariation(_ variation: ClickVariation?) {
        let valid = variation?.clamped
        variationSeed.store(valid?.seed ?? 0, ordering: .relaxed)
        let ranges = valid.map { UInt64($0.gainDecibels.bitPattern) << 32 | UInt64($0.pitchFraction.bitPattern) } ?? 0
        variationRanges.store(ranges, ordering: .releasing)
    }

    public var variation: ClickVariation? {
        let ranges = variationRanges.load(ordering: .acquiring)
        guard ranges != 0 else { return nil }
        return ClickVariation(seed: variationSeed.load(ordering: .relaxed),
                              gainDecibels: Float(bitPattern: UInt32(truncatingIfNeeded: ranges >> 32)),
                              pitchFraction: Float(bitPattern: UInt32(truncatingIfNeeded: ranges)))
    }

    public var isAcceptingClicks: Bool { clicks.hasRoom }

    public var refusal: ClickDecision { .queueFull }

    /// Linear gain on clicks only; while clicks sound, a change ramps over one render block.
    public func setClickGain(_ gain: Float) {
        clickGainBits.store(max(0, gain.isFinite ? gain : 0).bitPattern, ordering: .relaxed)
    }

    /// Linear gain on the whole mix before the limiter; default 1, negative or non-finite means 0.
    /// A change ramps across the next render block.
    public func setMasterVolume(_ gain: Float) {
        masterGainBits.store(max(0, gain.isFinite ? gain : 0).bitPattern, ordering: .relaxed)
    }

    /// Takes effect at the next render; values are clamped (``DuckingParameters/clamped()``). Writers take a
    /// short lock among themselves; the render thread never waits for it.
    public func setDucking(_ requested: DuckingParameters) {
        ducking.store(requested.clamped())
    }

    /// Makes `bank` the sounds for new clicks; clicks sounding finish on the old bank.
    /// `false` if the control queue is full or the bank's format differs from the mixer's.
    @discardableResult
    public func install(_ bank: SoundBank) -> Bool {
        guard bank.sampleRate == configuration.sampleRate, bank.channels == configuration.channels else { return false }
        collectGarbage()
        return send(.installBank, Unmanaged.passRetained(bank).toOpaque())
    }

    /// `false` if the channel count differs, the stream is attached, ``maxStreams`` are attached,
    /// or the control queue is full.
    @discardableResult
    public func attach(_ stream: HostStream) -> Bool {
        guard stream.channels == configuration.channels else { return false }
        collectGarbage()
        return attachedStreams.withLock { attached in
            let id = ObjectIdentifier(stream)
            guard !attached.contains(id), attached.count < Self.maxStreams,
                  send(.attachStream, Unmanaged.passRetained(stream).toOpaque()) else { return false }
            attached.append(id)
            return true
        }
    }

    /// `false` if the stream is not attached or the control queue is full.
    @discardableResult
    public func detach(_ stream: HostStream) -> Bool {
        collectGarbage()
        return attachedStreams.withLock { attached in
            let id = ObjectIdentifier(stream)
            guard let index = attached.firstIndex(of: id),
                  control.push(ControlMessage(operation: .detachStream,
                                              object: Unmanaged.passUnretained(stream).toOpaque())) else { return false }
            wakeup?.signal()
            attached.remove(at: index)
            return true
        }
    }

    /// Releases what the render thread has finished with; the other control calls do this too.
    public func collectGarbage() {
        retired.releaseAll()
    }

    /// Drops clicks queued but not started (a player reopening after a pause); returns how many.
    /// Only while no thread is rendering.
    @discardableResult
    public func discardQueuedClicks() -> Int {
        var count = 0
        while clicks.pop() != nil { count += 1 }
        return count
    }

    /// Keeps checkpoints of the last `periods` periods so ``rewind(toFrame:)`` can reach them; 0 turns
    /// history off. Only while no thread renders (it allocates; checked in debug builds).
    public func prepareHistory(periods: Int) {
        renderSide.enter()
        defer { renderSide.leave() }
        let template = state.pointee
        history = MixerHistory(capacity: max(0, periods), voiceSlots: voices.slotCount,
                               streamSlots: Self.maxStreams, template: template)
        history.clear(barrier: template.frame)
    }

    // MARK: Rewind (the render thread)

    /// The mixer's frame clock, which a rewind moves back.
    public var renderedFrames: Int64 { state.pointee.frame }

    /// The render thread's answer; a hint from any other.
    public var hasQueuedClicks: Bool { !clicks.isEmpty }

    /// Whether the mixer renders silence until sent something.
    public var isIdle: Bool {
        if voices.anyActive || state.pointee.pendingControl != nil || !clicks.isEmpty || !control.isEmpty { return false }
        return streams.isEmpty
    }

    /// A checkpoint after anything a rewind could not undo.
    public func earliestRewindFrame(atOrAfter frame: Int64) -> Int64? {
        history.earliestCheckpoint(atOrAfter: frame)
    }

    /// Restores the state after `frame` frames, so rendering again repeats exactly, except for clicks
    /// queued since, which start at `frame`. `false`, changing nothing, if `frame` is not a checkpoint.
    public func rewind(toFrame frame: Int64) -> Bool {
        renderSide.visit { history.restore(frame: frame, state: state, voices: voices, streams: streams) }
    }

    /// Forgets every checkpoint: the device dropped what was queued (stop or underrun recovery).
    public func forgetHistory() {
        renderSide.visit { history.clear(barrier: state.pointee.frame) }
    }

    private func send(_ operation: ControlMessage.Operation, _ object: UnsafeMutableRawPointer) -> Bool {
        if control.push(ControlMessage(operation: operation, object: object)) {
            wakeup?.signal()
            return true
        }
        RetiredObjects.release(object)
        return false
    }

    // MARK: Render (the render thread)

    public func render(into buffer: UnsafeMutablePointer<Float>, frameCount: Int) {
        _ = render(into: buffer, frameCount: frameCount, onsets: UnsafeMutableBufferPointer(start: nil, count: 0))
    }

    /// Records the clicks that started, up to `onsets.count`; returns how many.
    public func render(into buffer: UnsafeMutablePointer<Float>, frameCount: Int,
                       onsets: UnsafeMutableBufferPointer<ClickOnset>) -> Int {
        render(into: buffer, frameCount: frameCount, onsets: onsets, startingClicks: true)
    }

    /// With `startingClicks` false, queued clicks wait (a render loop that inserts clicks by rewinding tops
    /// its buffer up this way). With a history, a checkpoint is kept at the start.
    public func render(into buffer: UnsafeMutablePointer<Float>, frameCount: Int,
                       onsets: UnsafeMutableBufferPointer<ClickOnset>, startingClicks: Bool) -> Int {
        renderSide.enter()
        defer { renderSide.leave() }
        history.save(frame: state.pointee.frame, state: state, voices: voices, streams: streams)
        let now = startingClicks ? clockNow() : nil
        let channels = configuration.channels
        var done = 0
        var onsetCount = 0
        while done < frameCount {
            let frames = min(configuration.maxFramesPerRender, frameCount - done)
            onsetCount += renderBlock(buffer + done * channels, frames: frames, onsets: onsets,
                                      onsetStart: onsetCount, frameBase: done, startingClicks: startingClicks, now: now)
            done += frames
        }
        releaseHostStreamFrames()
        return onsetCount
    }

    /// One block of at most ``MixerConfiguration/maxFramesPerRender`` frames; returns the onsets recorded.
    private func renderBlock(_ output: UnsafeMutablePointer<Float>, frames: Int,
                             onsets: UnsafeMutableBufferPointer<ClickOnset>, onsetStart: Int, frameBase: Int,
                             startingClicks: Bool, now: UInt64?) -> Int {
        let channels = configuration.channels
        let blockStart = state.pointee.frame
        output.update(repeating: 0, count: frames * channels)
        // A rewind cannot undo a control message, a click's start or a bank's
        // retirement: after any of them, no rewind goes back past this block's start.
        if drainControl() { history.raiseBarrier(to: blockStart + 1) }
        refreshDucking()
        let hadVoices = voices.anyActive
        let started = startingClicks ? startQueuedClicks(onsets: onsets, onsetStart: onsetStart, frameBase: frameBase, now: now) : 0
        if started > 0 { history.raiseBarrier(to: blockStart + 1) }
        let clickFrames = mixVoices(into: output, frames: frames, hadVoices: hadVoices)
        mixHostStreams(into: output, frames: frames, clickFrames: clickFrames)
        applyMasterVolume(output, frames: frames, channels: channels)
        state.pointee.limiter.process(output, frameCount: frames, channels: channels)
        if retireUnusedBanks() { history.raiseBarrier(to: blockStart + 1) }
        state.pointee.frame = blockStart + Int64(frames)
        return min(started, max(0, onsets.count - onsetStart))
    }

    /// Applies queued control messages in order. One that cannot complete this block is kept and tried
    /// first next block, with the rest waiting behind it, so none is lost or overtaken.
    private func drainControl() -> Bool {
        var touched = false
        if let pending = state.pointee.pendingControl {
            guard apply(pending) else { return true }
            state.pointee.pendingControl = nil
            touched = true
        }
        while let message = control.pop() {
            touched = true
            guard apply(message) else {
                state.pointee.pendingControl = message
                return true
            }
        }
        return touched
    }

    private func apply(_ message: ControlMessage) -> Bool {
        let object = message.object
        switch message.operation {
        case .installBank:
            guard let slot = banks.occupy(object) else { return false }
            state.pointee.currentBank = slot
        case .attachStream:
            // `attach` counts streams before sending, so a slot is free.
            guard streams.occupy(object) != nil else { return false }
            Unmanaged<HostStream>.fromOpaque(object)._withUnsafeGuaranteedRef { $0.resumeFromReleased() }
        case .detachStream:
            // A stream that is not attached is ignored (`detach` checked membership).
            guard let slot = streams.slot(of: object) else { return true }
            // Once retired, the stream may be freed at any moment: its
            // writer gets its frames back first.
            return streams.retire(slot) { stream in
                Unmanaged<HostStream>.fromOpaque(stream)._withUnsafeGuaranteedRef { $0.release(upTo: $0.renderCursor) }
            }
        }
        return true
    }

    /// While a writer is mid-update, keeps the old parameters until the next block.
    private func refreshDucking() {
        guard let (parameters, generation) = ducking.load(newerThan: state.pointee.duckingGeneration) else { return }
        state.pointee.envelope.configure(parameters, sampleRate: configuration.sampleRate)
        state.pointee.duckingGeneration = generation
    }

    /// Starts queued clicks on free voices and records their onsets; returns how many started. A click that
    /// expires when stale and is older than the limit is dropped and counted instead.
    private func startQueuedClicks(onsets: UnsafeMutableBufferPointer<ClickOnset>, onsetStart: Int, frameBase: Int,
                                   now: UInt64?) -> Int {
        var started = 0
        let bankSlot = state.pointee.currentBank
        guard let bankPointer = banks[bankSlot] else { return 0 }
        let bank = Unmanaged<SoundBank>.fromOpaque(bankPointer)
        // A click starts only into a free slot, so no voice is ever cut: when
        // a burst outruns the fades of the voices it steals (more than twice
        // the pool within one fade), the rest wait in the queue for the next
        // block, a period later.
        var stale = 0
        defer { if stale > 0 { staleDropped.add(stale, ordering: .relaxed) } }
        while let free = voices.freeSlot(), let request = clicks.pop() {
            if request.expiresWhenStale, let now, now > request.requestedAt,
               now - request.requestedAt > configuration.staleClickLimitNanoseconds {
                stale += 1
                continue
            }
            let placement = request.placement
            var level = placement.linearGain
            var sound = bank._withUnsafeGuaranteedRef { $0.sound(request.kind) }
            if placement.isRelease {
                if let release = bank._withUnsafeGuaranteedRef({ $0.releaseSound(request.kind) }) {
                    sound = release
                } else {
                    level *= releaseFallbackGain
                }
            }
            state.pointee.serial &+= 1
            var rate: Float = 1
            if placement.varies, let variation {
                let factors = variation.factors(forClick: state.pointee.serial)
                level *= factors.gain
                rate = factors.rate
            }
            voices.start(request.kind, sound, bankSlot: bankSlot, in: free, serial: state.pointee.serial,
                         level: level, pan: placement.panGains, rate: rate)
            if onsetStart + started < onsets.count {
                onsets[onsetStart + started] = ClickOnset(kind: request.kind, requestedAt: request.requestedAt,
                                                          frameOffset: frameBase)
            }
            started += 1
        }
        return started
    }

    private func clockNow() -> UInt64? {
        switch clockSource {
        case .none: return nil
        case .monotonic: return ClickClock.monotonic.now()
        case .manual: return manualClock?._withUnsafeGuaranteedRef { $0.now }
        case .frames:
            let rate = UInt64(configuration.sampleRate)
            let frames = UInt64(max(0, state.pointee.frame))
            let (seconds, rest) = frames.quotientAndRemainder(dividingBy: rate)
            return clockOrigin &+ seconds &* 1_000_000_000 &+ rest &* 1_000_000_000 / rate
        }
    }

    /// At the click volume; a change ramps across the block if voices were sounding (`hadVoices`).
    /// Returns how long the longest voice still had to sound.
    private func mixVoices(into output: UnsafeMutablePointer<Float>, frames: Int, hadVoices: Bool) -> Int {
        let newGain = Float(bitPattern: clickGainBits.load(ordering: .relaxed))
        let oldGain = hadVoices ? state.pointee.clickGain : newGain
        state.pointee.clickGain = newGain
        return voices.mix(into: output, frames: frames, channels: configuration.channels,
                          scale: oldGain, scaleStep: (newGain - oldGain) / Float(frames))
    }

    /// Under the ducking envelope, which clicks in the block's first `clickFrames` frames hold down.
    private func mixHostStreams(into output: UnsafeMutablePointer<Float>, frames: Int, clickFrames: Int) {
        state.pointee.envelope.fill(duckGains, frameCount: frames, clickFrames: min(clickFrames, frames))
        for slot in 0..<streams.count {
            guard let raw = streams[slot] else { continue }
            Unmanaged<HostStream>.fromOpaque(raw)._withUnsafeGuaranteedRef {
                $0.mix(into: output, frameCount: frames, gains: duckGains)
            }
        }
    }

    private func applyMasterVolume(_ output: UnsafeMutablePointer<Float>, frames: Int, channels: Int) {
        let target = Float(bitPattern: masterGainBits.load(ordering: .relaxed))
        let start = state.pointee.masterGain.isNaN ? target : state.pointee.masterGain
        state.pointee.masterGain = target
        if start == 1 && target == 1 { return }
        let step = (target - start) / Float(frames)
        for frame in 0..<frames {
            // Computed afresh each frame, so the block ends exactly on the target.
            let gain = frame == frames - 1 ? target : start + step * Float(frame + 1)
            for channel in 0..<channels { output[frame * channels + channel] *= gain }
        }
    }

    /// Sends banks neither current nor used by any voice back for release; whether it sent any.
    private func retireUnusedBanks() -> Bool {
        var sent = false
        for slot in 0..<banks.count where slot != state.pointee.currentBank && banks[slot] != nil {
            if !voices.isUsing(bankSlot: slot) && banks.retire(slot) { sent = true }
        }
        return sent
    }

    private func releaseHostStreamFrames() {
        for slot in 0..<streams.count {
            guard let raw = streams[slot] else { continue }
            let oldest = history.oldestCursor(slot: slot)
            Unmanaged<HostStream>.fromOpaque(raw)._withUnsafeGuaranteedRef {
                $0.release(upTo: oldest ?? $0.renderCursor)
            }
        }
    }
}
