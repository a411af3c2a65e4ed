import Synchronization

/// Mixes click sounds and host streams into output frames.
///
/// - **Clicks** arrive from any thread through ``submitClick(_:requestedAt:)``
///   (normally from ``InputClickGate``) and wait in a preallocated lock-free
///   ring until the next ``render(into:frameCount:)``. Each plays on a voice of
///   a fixed pool. When every voice is busy, the oldest is stolen with a short
///   fade, so a new click is never dropped and no old one is cut off with a
///   step. (A burst of more than twice the pool within one fade waits a
///   period for the fades to finish.) A new click lowers the clicks still
///   sounding (−6 dB by default), so each onset stays distinct when typing is fast.
///   A click may be panned and given its own gain (``ClickPlacement``), and
///   a seeded variation of gain and pitch (``ClickVariation``) may vary each
///   one a little.
/// - **Clicks given to a suspect device** never play late: with a clock (``MixerConfiguration/clock``),
///   read once per render, a click submitted as expiring when stale (one its
///   caller was told is suspect) and taken from the queue more than
///   ``staleClickLimitNanoseconds`` after its `requestedAt` is dropped and
///   counted (``staleClicksDropped``). Any other queued click plays, late if
///   the device stalled. Taking it is final, like a start, so a
///   rewind never brings it back, and a click that started is never dropped.
/// - **Host streams** (``HostStream``) are mixed in under the clicks and
///   ducked while clicks sound (``DuckingParameters``).
/// - The click volume applies to clicks only. Then the master volume
///   (``setMasterVolume(_:)``) scales the whole mix, clicks and streams, and
///   a zero-latency peak limiter is the last stage: the output never exceeds
///   its ceiling, however many clicks and streams coincide.
///
/// # Real-time context
/// The render side, a ``RenderSide`` (rendering, ``renderedFrames``,
/// ``isIdle``, ``earliestRewindFrame(atOrAfter:)``, rewinding and
/// ``forgetHistory()``), is used by one render thread at a time. It allocates
/// no memory, takes no lock, does no I/O or logging, never blocks, and holds
/// no reference counts on the banks and streams it reads: objects it stops
/// using travel back through a lock-free ring and are released on the next
/// control call (``collectGarbage()``).
///
/// Thread context: ``submitClick(_:requestedAt:)``, ``submitClick(_:requestedAt:placement:)``,
/// ``setClickGain(_:)``, ``setMasterVolume(_:)``, ``setVariation(_:)`` and
/// ``setDucking(_:)`` from any thread, lock-free. ``install(_:)``,
/// ``attach(_:)``, ``detach(_:)`` and ``collectGarbage()`` from any thread
/// except the render thread (they may release memory).
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
    /// The variation's seed and its two ranges (gain dB in the high half,
    /// pitch fraction in the low half, as float bits); ranges 0 means off.
    private let variationSeed = Atomic<UInt64>(0)
    private let variationRanges = Atomic<UInt64>(0)
    /// Clicks dropped as stale; the render thread counts, any thread reads.
    private let staleDropped = Atomic<Int>(0)
    /// ``MixerConfiguration/clock`` taken apart, so that reading it on the
    /// render thread switches on no enum payload and touches no reference
    /// count (the configuration keeps a manual clock alive).
    private let clockSource: ClockSource
    private let clockOrigin: UInt64
    private let manualClock: Unmanaged<SimulatedClock>?
    private enum ClockSource { case none, monotonic, frames, manual }
    /// Ducking parameters, for the render thread to pick up at its next
    /// block without waiting for a writer.
    private let ducking: SequenceLocked<DuckingParameters>
    private let state: UnsafeMutablePointer<RenderState>
    /// One thread at a time renders, rewinds and forgets (checked in debug builds).
    private let renderSide = RenderSide()
    /// Checkpoints for rewinding; replaced only while no thread renders.
    private var history: MixerHistory
    private let voices: VoicePool
    private let duckGains: UnsafeMutablePointer<Float>
    /// The host streams being mixed, and the sound banks that voices play
    /// from: the current one, and older ones until their last voice ends.
    private let streams: RetiringSlots
    private let banks: RetiringSlots
    /// The streams attached or about to be, as the control side sees them.
    private let attachedStreams = Mutex<[ObjectIdentifier]>([])

    /// Wakes a render thread that sleeps while the mixer is idle: every
    /// click, bank and stream sent to the mixer signals it. `nil` only if
    /// the system refused an `eventfd`, in which case a render loop must
    /// poll instead of sleeping.
    public let wakeup: RenderWakeup?

    /// The standard stale limit (``LivenessPolicy/staleClickLimitNanoseconds``);
    /// a mixer applies its configuration's (``MixerConfiguration/staleClickLimitNanoseconds``).
    public static let staleClickLimitNanoseconds: UInt64 = LivenessPolicy.standard.staleClickLimitNanoseconds

    /// Clicks that expire when stale dropped because they were more than
    /// ``staleClickLimitNanoseconds`` old when a render took them (a device
    /// that stalled, then recovered).
    ///
    /// Lock-free.
    public var staleClicksDropped: Int { staleDropped.load(ordering: .relaxed) }

    /// ``ClickPlacement/releaseFallbackGainDecibels`` as a linear gain,
    /// computed once so the render thread never initializes a global.
    private let releaseFallbackGain = Float(Decibels.toGain(Double(ClickPlacement.releaseFallbackGainDecibels)))

    /// The most host streams attached at once.
    public static let maxStreams = 8
    private static let bankSlots = 4

    /// Everything only the render thread touches. A plain value, so that
    /// ``MixerHistory`` can copy it into a checkpoint.
    struct RenderState {
        /// Frames rendered so far: the mixer's own frame clock.
        var frame: Int64 = 0
        var currentBank = 0
        /// The start order of the click started last (``Voice/serial``).
        var serial: UInt64 = 0
        var clickGain: Float = 1
        /// The master gain the last block ended on; NaN before the first block,
        /// which starts at the volume in force instead of ramping from unity.
        var masterGain: Float = .nan
        var duckingGeneration: UInt64 = 0
        var envelope = DuckingEnvelope()
        var limiter: Limiter
        /// A control message that could not complete yet; it goes first next block.
        var pendingControl: ControlMessage?
    }

    /// Builds a mixer for `configuration`, playing the sounds of `bank`.
    ///
    /// Out-of-range or non-finite configuration values are brought into range
    /// first (``MixerConfiguration/validated()``); ``configuration`` holds the
    /// values in force.
    ///
    /// - Precondition: the bank's rate and channel count equal the (validated) configuration's.
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

    /// Queues a click to start at the next render. Returns `false` only if the
    /// click queue is full (nothing has rendered for a long time).
    ///
    /// Lock-free and allocation-free.
    public func submitClick(_ kind: ClickKind, requestedAt: UInt64) -> Bool {
        submitClick(kind, requestedAt: requestedAt, placement: .center)
    }

    /// Queues a click to start at the next render, placed by `placement`
    /// (pan, gain, and whether the variation applies). Returns `false` only
    /// if the click queue is full.
    ///
    /// With `expiresWhenStale`, the click is dropped and counted instead of
    /// started if the render thread takes it more than
    /// ``staleClickLimitNanoseconds`` after `requestedAt` (on a mixer with a
    /// ``MixerConfiguration/clock``): for a click whose caller was told it
    /// plays only if the device recovers in time. Without it, a queued click
    /// always plays, late if the device stalls, as its caller was promised.
    ///
    /// Lock-free and allocation-free.
    public func submitClick(_ kind: ClickKind, requestedAt: UInt64, placement: ClickPlacement,
                            expiresWhenStale: Bool = false) -> Bool {
        guard clicks.push(ClickRequest(kind: kind, requestedAt: requestedAt, placement: placement,
                                       expiresWhenStale: expiresWhenStale)) else { return false }
        wakeup?.signal()
        return true
    }

    /// Sets the per-click variation of gain and pitch for clicks that start
    /// from now on; `nil` (the default) plays every click unvaried. Each
    /// click's variation comes from the seed and its start order
    /// (``ClickVariation``), so offline renders and rewinds repeat it exactly.
    ///
    /// Lock-free. A render that starts clicks
    /// while the variation changes may use the old seed with the new ranges
    /// for those clicks: set it before clicks play.
    public func setVariation(_ variation: ClickVariation?) {
        let valid = variation?.clamped
        variationSeed.store(valid?.seed ?? 0, ordering: .relaxed)
        let ranges = valid.map { UInt64($0.gainDecibels.bitPattern) << 32 | UInt64($0.pitchFraction.bitPattern) } ?? 0
        variationRanges.store(ranges, ordering: .releasing)
    }

    /// The variation in force (``setVariation(_:)``), or `nil` when off.
    ///
    /// Lock-free.
    public var variation: ClickVariation? {
        let ranges = variationRanges.load(ordering: .acquiring)
        guard ranges != 0 else { return nil }
        return ClickVariation(seed: variationSeed.load(ordering: .relaxed),
                              gainDecibels: Float(bitPattern: UInt32(truncatingIfNeeded: ranges >> 32)),
                              pitchFraction: Float(bitPattern: UInt32(truncatingIfNeeded: ranges)))
    }

    /// Whether the click queue has room.
    ///
    /// Lock-free.
    public var isAcceptingClicks: Bool { clicks.hasRoom }

    /// A mixer refuses only when its click queue is full.
    ///
    /// Lock-free.
    public var refusal: ClickDecision { .queueFull }

    /// Sets the gain applied to clicks, linear (``ClickSettings/clickGain``).
    /// While clicks sound, the change ramps over one render block.
    ///
    /// Lock-free.
    public func setClickGain(_ gain: Float) {
        clickGainBits.store(max(0, gain.isFinite ? gain : 0).bitPattern, ordering: .relaxed)
    }

    /// Sets the master volume, a linear gain on the whole mix (clicks and
    /// host streams) before the limiter. Default 1. Negative or non-finite
    /// values mean 0. A change ramps across the next render block.
    ///
    /// Lock-free.
    public func setMasterVolume(_ gain: Float) {
        masterGainBits.store(max(0, gain.isFinite ? gain : 0).bitPattern, ordering: .relaxed)
    }

    /// Changes how host streams duck. Takes effect at the next render.
    /// Values out of range or not finite are clamped (``DuckingParameters/clamped()``).
    ///
    /// Thread context: any thread but the render thread; writers take a short
    /// lock among themselves, and the render thread never waits for it.
    public func setDucking(_ requested: DuckingParameters) {
        ducking.store(requested.clamped())
    }

    /// Makes `bank` the sounds for new clicks. Clicks already sounding finish
    /// on the old bank, which is released once none uses it.
    ///
    /// - Returns: `false` if the control queue is full, or the bank's format
    ///   does not match the mixer's.
    @discardableResult
    public func install(_ bank: SoundBank) -> Bool {
        guard bank.sampleRate == configuration.sampleRate, bank.channels == configuration.channels else { return false }
        collectGarbage()
        return send(.installBank, Unmanaged.passRetained(bank).toOpaque())
    }

    /// Starts mixing a host stream under the clicks, from the next render on.
    ///
    /// - Returns: `false` if the stream's channel count differs from the
    ///   mixer's, it is already attached, ``maxStreams`` streams are attached,
    ///   or the control queue is full.
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

    /// Stops mixing a host stream at the next render.
    ///
    /// - Returns: `false` if the stream is not attached or the control queue is full.
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

    /// Releases the banks and streams the render thread has finished with.
    /// The other control calls do this too; a player calls it now and then.
    public func collectGarbage() {
        retired.releaseAll()
    }

    /// Drops clicks queued but not yet started, for a player that reopens its
    /// stream after a pause and must not play stale clicks; returns how many.
    ///
    /// Thread context: only while no thread is rendering.
    @discardableResult
    public func discardQueuedClicks() -> Int {
        var count = 0
        while clicks.pop() != nil { count += 1 }
        return count
    }

    /// Keeps checkpoints of the last `periods` periods of `periodFrames`
    /// frames each, so that ``rewind(toFrame:)`` can go back to any of them;
    /// 0 turns the history off. Call it before a stream starts rendering.
    ///
    /// Thread context: only while no thread is rendering (it allocates;
    /// debug builds check that none is).
    public func prepareHistory(periods: Int) {
        renderSide.enter()
        defer { renderSide.leave() }
        let template = state.pointee
        history = MixerHistory(capacity: max(0, periods), voiceSlots: voices.slotCount,
                               streamSlots: Self.maxStreams, template: template)
        history.clear(barrier: template.frame)
    }

    // MARK: Rewind (the render thread)

    /// Frames rendered so far: the mixer's frame clock, which a rewind moves back.
    public var renderedFrames: Int64 { state.pointee.frame }

    /// Whether a click waits to start.
    ///
    /// Thread context: the render thread (a hint from any other).
    public var hasQueuedClicks: Bool { !clicks.isEmpty }

    /// Whether the mixer would render silence from now on until sent
    /// something: no voice sounds, no host stream is attached, and no click
    /// or control message waits.
    public var isIdle: Bool {
        if voices.anyActive || state.pointee.pendingControl != nil || !clicks.isEmpty || !control.isEmpty { return false }
        return streams.isEmpty
    }

    /// The earliest frame at or after `frame` that ``rewind(toFrame:)`` can
    /// go back to: a checkpoint after anything a rewind could not undo.
    public func earliestRewindFrame(atOrAfter frame: Int64) -> Int64? {
        history.earliestCheckpoint(atOrAfter: frame)
    }

    /// Puts the mixer back as it was when it had rendered `frame` frames,
    /// so that rendering again from there repeats what was rendered, exactly,
    /// except for clicks queued since, which start at `frame`. Returns
    /// `false`, changing nothing, if `frame` is not a checkpoint (see
    /// ``earliestRewindFrame(atOrAfter:)``).
    public func rewind(toFrame frame: Int64) -> Bool {
        renderSide.visit { history.restore(frame: frame, state: state, voices: voices, streams: streams) }
    }

    /// Forgets every checkpoint: the device dropped what was queued (it
    /// stopped or recovered from an underrun), so nothing before now can be
    /// rewound to.
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

    /// Renders `frameCount` interleaved frames into `buffer`, overwriting it.
    public func render(into buffer: UnsafeMutablePointer<Float>, frameCount: Int) {
        _ = render(into: buffer, frameCount: frameCount, onsets: UnsafeMutableBufferPointer(start: nil, count: 0))
    }

    /// Renders like ``render(into:frameCount:)`` and records the clicks that
    /// started, up to `onsets.count` of them.
    ///
    /// - Returns: how many onsets were written to `onsets`.
    public func render(into buffer: UnsafeMutablePointer<Float>, frameCount: Int,
                       onsets: UnsafeMutableBufferPointer<ClickOnset>) -> Int {
        render(into: buffer, frameCount: frameCount, onsets: onsets, startingClicks: true)
    }

    /// Renders like ``render(into:frameCount:onsets:)``; with
    /// `startingClicks` false, queued clicks wait (a render loop that
    /// inserts clicks by rewinding tops its buffer up this way, and starts
    /// clicks only where it rewound to). With a history
    /// (``prepareHistory(periods:)``), a checkpoint is kept at the start.
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

    /// Renders one block of at most ``MixerConfiguration/maxFramesPerRender``
    /// frames, stage by stage. Returns how many onsets it recorded in
    /// `onsets` from `onsetStart` on.
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

    /// Applies queued control messages in order. One that cannot complete
    /// this block (every bank slot still sounding, the release ring full) is
    /// kept and tried first next block, and the messages behind it wait, so
    /// none is lost and none overtakes another.
    /// Returns whether any message was applied or is still pending.
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

    /// Applies one control message; `false` if it must wait for a later block.
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

    /// Reconfigures the ducking envelope if new parameters were published;
    /// while a writer is mid-update, keeps the old ones until the next block.
    private func refreshDucking() {
        guard let (parameters, generation) = ducking.load(newerThan: state.pointee.duckingGeneration) else { return }
        state.pointee.envelope.configure(parameters, sampleRate: configuration.sampleRate)
        state.pointee.duckingGeneration = generation
    }

    /// Starts queued clicks on the current bank, each on a free voice slot,
    /// and records the onsets of as many as fit in `onsets`, from
    /// `onsetStart` on, at `frameBase`. Returns how many started. With a
    /// clock reading (`now`), a click that expires when stale and is older than
    /// ``staleClickLimitNanoseconds`` is dropped and counted instead: no audio,
    /// so nothing to rewind.
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

    /// The clock reading for this render, or `nil` when the mixer checks no age.
    private func clockNow() -> UInt64? {
        switch clockSource {
        case .none: return nil
        case .monotonic: return MonotonicClock.now()
        case .manual: return manualClock?._withUnsafeGuaranteedRef { $0.now }
        case .frames:
            let rate = UInt64(configuration.sampleRate)
            let frames = UInt64(max(0, state.pointee.frame))
            let (seconds, rest) = frames.quotientAndRemainder(dividingBy: rate)
            return clockOrigin &+ seconds &* 1_000_000_000 &+ rest &* 1_000_000_000 / rate
        }
    }

    /// Mixes every voice into `output` at the click volume. A change of
    /// volume ramps across the block if voices were sounding before it
    /// (`hadVoices`), and applies at once otherwise.
    /// Returns how long the longest voice still had to sound (``VoicePool/mix(into:frames:channels:scale:scaleStep:)``).
    private func mixVoices(into output: UnsafeMutablePointer<Float>, frames: Int, hadVoices: Bool) -> Int {
        let newGain = Float(bitPattern: clickGainBits.load(ordering: .relaxed))
        let oldGain = hadVoices ? state.pointee.clickGain : newGain
        state.pointee.clickGain = newGain
        return voices.mix(into: output, frames: frames, channels: configuration.channels,
                          scale: oldGain, scaleStep: (newGain - oldGain) / Float(frames))
    }

    /// Mixes every host stream into `output` under the ducking envelope,
    /// which clicks sounding for the block's first `clickFrames` frames hold down.
    private func mixHostStreams(into output: UnsafeMutablePointer<Float>, frames: Int, clickFrames: Int) {
        state.pointee.envelope.fill(duckGains, frameCount: frames, clickFrames: min(clickFrames, frames))
        for slot in 0..<streams.count {
            guard let raw = streams[slot] else { continue }
            Unmanaged<HostStream>.fromOpaque(raw)._withUnsafeGuaranteedRef {
                $0.mix(into: output, frameCount: frames, gains: duckGains)
            }
        }
    }

    /// Scales the block by the master volume, ramping from the last block's
    /// gain to the current one; nothing to do at a steady unity gain.
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

    /// Sends banks that are neither current nor used by any voice back to be
    /// released; returns whether it sent any.
    private func retireUnusedBanks() -> Bool {
        var sent = false
        for slot in 0..<banks.count where slot != state.pointee.currentBank && banks[slot] != nil {
            if !voices.isUsing(bankSlot: slot) && banks.retire(slot) { sent = true }
        }
        return sent
    }

    /// Lets each host stream's writer reuse the frames no rewind can reach.
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
