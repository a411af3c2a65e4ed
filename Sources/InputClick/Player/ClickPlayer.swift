import Synchronization

/// Plays the clicks an ``InputClickGate`` lets through on an ``AudioOutput``,
/// keeping the device open exactly while a click-enabled keyboard is visible.
///
/// The player is both the gate's ``ClickSink`` and one of its
/// ``InputViewVisibilityObserver``s:
///
/// ```swift
/// let player = ClickPlayer(output: output, sounds: { request in try makeBank(request) })
/// let gate = InputClickGate(sink: player)
/// gate.setVisibleInputViews([keyboard])   // the stream opens now, before the first tap
/// gate.playInputClick()
/// ```
///
/// - **Lifecycle.** When a click-enabled view becomes visible, the player
///   opens a stream on its control queue (the reporting thread never waits),
///   builds a mixer at the stream's *actual* rate and channel count, asks the
///   ``SoundBankProvider`` for sounds at that format, and starts rendering.
///   When the last such view hides, the stream keeps running for the linger
///   (``ClickPlayerConfiguration/lingerNanoseconds``), then closes: while no
///   keyboard is visible the player holds no device and runs no thread.
///   Show and hide may come from any thread, in any order, any number of times.
///   Every decision about opening, closing, lingering and retrying is made
///   by a ``PlayerLifecycle`` value from events; the player only carries out
///   the effects it returns, and keeps its mixers in a ``MixerCache``.
/// - **Clicks** play while a stream runs. A tap while it is still opening is
///   held (``ClickDecision/held``) and plays once it runs, if within 100 ms
///   (``LivenessPolicy/holdLimitNanoseconds``; the player's limits are
///   ``ClickPlayerConfiguration/liveness``). Otherwise ``submit(_:requestedAt:)`` refuses
///   at once and says why (``ClickDecision/noOutput``, ``ClickDecision/deviceLost``).
/// - **Waiting.** ``waitUntil(_:timeout:)`` blocks until a state is published;
///   ``drain(timeout:)`` until every accepted click has sounded out.
/// - **Faults.** When opening fails or the running stream stops with a fault,
///   clicks are dropped and opening is retried with backoff while a keyboard
///   is visible. One warning per episode says why.
/// - **Latency.** Each click's two latency figures go into ``latency``, a
///   lock-free ring with percentiles (see ``LatencyRecord``).
/// - **Settings** arrive through ``apply(_:)``: click volume, ducking, and the
///   sound pack, which reloads the bank.
///
/// Thread context: ``submitClick(_:requestedAt:)``, ``isAcceptingClicks`` and
/// ``state`` from any thread, lock-free and allocation-free. The other methods
/// from any thread; they hand their work to the control queue and return,
/// except ``shutdown()`` and ``flushControlQueue()``, which wait for it.
public final class ClickPlayer: ClickSink, InputViewVisibilityObserver, @unchecked Sendable {
    /// The output streams are opened on.
    public let output: any AudioOutput
    /// The configuration the player was made with.
    public let configuration: ClickPlayerConfiguration
    /// The latency of every click played, with percentiles.
    public let latency: LatencyRecorder

    /// The one clock the player runs on: its scheduler's (``ControlScheduler/clock``).
    /// The gate stamps taps with it; the lifecycle, the hold, the suspect
    /// check, the mixers and the streams all read it.
    public let clock: ClickClock
    private let scheduler: any ControlScheduler

    // Read by any thread, lock-free.
    private let currentMixer = Atomic<UnsafeMutableRawPointer?>(nil)
    let publishedState = PublishedState(ClickPlayerState.closed.rawValue)
    /// Clicks queued on a mixer since the player was made.
    let accepted = Atomic<Int>(0)
    /// Taps that came while the stream was opening, waiting for it to run.
    private let hold: ClickHold
    /// Whether taps are being held while the stream opens (for ``drain(timeout:)``).
    var isHoldingTaps: Bool { hold.isHolding }
    private let lostWithDevice = Atomic<Int>(0)
    /// The running stream's render loop's heartbeat: a device that stopped
    /// making progress makes taps report ``ClickDecision/held``, not ``ClickDecision/plays``.
    private let heartbeat = RenderHeartbeat()
    /// Posted by the running stream's render thread as it moves on, and by
    /// the control queue when a stream closes: what ``drain(timeout:)`` waits on.
    let renderProgress = RenderProgressSignal()
    private let dropped = Atomic<Int>(0)
    private let queueFull = Atomic<Int>(0)
    /// Set while the player waits for a device that failed under an open stream.
    private let deviceLost = Atomic<Bool>(false)
    // Read by any thread, behind a lock; written on the control queue.
    let shared: Mutex<PlayerSharedState>

    // Touched only by work on the control queue.
    /// Where the stream is; every decision about opening and closing is its.
    private var lifecycle: PlayerLifecycle
    /// Events waiting for ``lifecycle``, when one arrives while another's effects run.
    private var pendingEvents: [PlayerLifecycle.Event] = []
    private var isHandlingEvents = false
    private var stream: (any AudioOutputStream)?
    private var activeSlot: MixerSlot?
    private let mixers: MixerCache
    /// Opens and closes that may wait on a sound server, run on threads of their own.
    private let deviceCalls = BoundedDeviceCalls()
    /// The open under way on its own thread, if any.
    private var pendingOpen: (attempt: Int, call: BoundedDeviceCalls.Call<OpenedStream>)?
    private var openAttempts = 0

    /// Creates a player. It opens nothing until a click-enabled view is visible.
    ///
    /// - Parameters:
    ///   - output: Where streams open.
    ///   - configuration: Stream request, linger, retry backoff, handlers.
    ///   - settings: The settings in force until ``apply(_:)``.
    ///   - scheduler: Where control work runs; a private serial queue when `nil`.
    ///   - sounds: Makes sound banks at a stream's actual format.
    ///
    /// Thread context: any thread.
    public init(output: any AudioOutput, configuration: ClickPlayerConfiguration = ClickPlayerConfiguration(),
                settings: ClickSettings = ClickSettings(), scheduler: (any ControlScheduler)? = nil,
                sounds: @escaping SoundBankProvider) {
        self.output = output
        self.configuration = configuration
        self.latency = LatencyRecorder(capacity: configuration.latencyCapacity)
        let scheduler = scheduler ?? DispatchControlScheduler()
        self.scheduler = scheduler
        self.clock = scheduler.clock
        self.lifecycle = PlayerLifecycle(deviceName: output.name, lingerNanoseconds: configuration.lingerNanoseconds,
                                         retry: configuration.retry,
                                         healthyRunNanoseconds: configuration.liveness.healthyRunNanoseconds)
        self.hold = ClickHold(limitNanoseconds: configuration.liveness.holdLimitNanoseconds)
        var mixerConfiguration = configuration.mixer
        mixerConfiguration.staleClickLimitNanoseconds = configuration.liveness.staleClickLimitNanoseconds
        mixerConfiguration.clock = mixerConfiguration.clock ?? scheduler.clock.mixerClock
        self.mixers = MixerCache(sounds: sounds, mixerConfiguration: mixerConfiguration, settings: settings,
                                 warningHandler: configuration.warningHandler)
        self.shared = Mutex(PlayerSharedState())
    }

    deinit {
        currentMixer.store(nil, ordering: .releasing)
        stream?.close()
    }

    // MARK: ClickSink (any thread, lock-free)

    /// The standard hold limit (``LivenessPolicy/holdLimitNanoseconds``);
    /// a player applies its configuration's.
    public static let holdLimitNanoseconds: UInt64 = LivenessPolicy.standard.holdLimitNanoseconds
    /// How many taps the hold keeps; more while opening are refused as ``ClickDecision/noOutput``.
    public static let holdCapacity = ClickHold.capacity

    /// Queues a click on the running stream's mixer (``ClickDecision/plays``);
    /// while the stream is opening, holds it to play once the stream runs
    /// (``ClickDecision/held``); else refuses it at once, counting the drop.
    ///
    /// A click is reported as playing only when it will be written. While the
    /// running device is *suspect* (its render loop has seen no progress for
    /// longer than it ever waits, see ``RenderHeartbeat``), the click is still
    /// queued, to play if the device recovers, but reported
    /// ``ClickDecision/held``; should the stream then fail, it is counted in
    /// ``ClickPlayerStatistics/clicksLostWithDevice``.
    ///
    /// Thread context: any thread; lock-free and allocation-free.
    public func submit(_ kind: ClickKind, requestedAt: UInt64, placement: ClickPlacement) -> ClickDecision {
        if let raw = currentMixer.load(ordering: .acquiring) {
            return submit(to: raw, kind, requestedAt: requestedAt, placement: placement)
        }
        guard hold.hold(ClickRequest(kind: kind, requestedAt: requestedAt, placement: placement)) else {
            // The stream may have started, and the hold closed, since the first load.
            if let raw = currentMixer.load(ordering: .acquiring) {
                return submit(to: raw, kind, requestedAt: requestedAt, placement: placement)
            }
            dropped.add(1, ordering: .relaxed)
            return deviceLost.load(ordering: .acquiring) ? .deviceLost : .noOutput
        }
        // The stream may have started between the two loads, after the
        // control queue emptied the hold: then hand the hold over from here.
        if currentMixer.load(ordering: .acquiring) != nil || !hold.isHolding {
            _ = releaseHeldClicks(now: clock.now())
        }
        return .held
    }

    /// Queues a click on the running stream's mixer at `raw`: ``ClickDecision/plays``,
    /// or ``ClickDecision/held`` while its device is suspect.
    ///
    /// Thread context: any thread; lock-free and allocation-free.
    private func submit(to raw: UnsafeMutableRawPointer, _ kind: ClickKind, requestedAt: UInt64,
                        placement: ClickPlacement) -> ClickDecision {
        let suspect = heartbeat.isSuspect(now: clock.now())
        // A click given to a suspect device is held: it plays only if the
        // render thread takes it within 100 ms of the tap.
        guard Unmanaged<Mixer>.fromOpaque(raw)._withUnsafeGuaranteedRef({
            $0.submitClick(kind, requestedAt: requestedAt, placement: placement, expiresWhenStale: suspect)
        })
        else {
            queueFull.add(1, ordering: .relaxed)
            return .queueFull
        }
        accepted.add(1, ordering: .relaxed)
        guard !suspect else {
            hold.countHeld()
            return .held
        }
        return .plays
    }

    /// ``submit(_:requestedAt:placement:)`` centred, `true` for a click that plays or is held.
    ///
    /// Thread context: any thread; lock-free and allocation-free.
    public func submitClick(_ kind: ClickKind, requestedAt: UInt64) -> Bool {
        submitClick(kind, requestedAt: requestedAt, placement: .center)
    }

    /// ``submit(_:requestedAt:placement:)``, `true` for a click that plays or is held.
    ///
    /// Thread context: any thread; lock-free and allocation-free.
    public func submitClick(_ kind: ClickKind, requestedAt: UInt64, placement: ClickPlacement) -> Bool {
        let decision = submit(kind, requestedAt: requestedAt, placement: placement)
        return decision == .plays || decision == .held
    }

    /// Empties the hold: each held click younger than ``holdLimitNanoseconds``
    /// goes to the running stream's mixer; the others, or all when no stream
    /// runs, are dropped and counted. Returns how many were dropped.
    ///
    /// Thread context: any thread; lock-free and allocation-free.
    private func releaseHeldClicks(now: UInt64) -> Int {
        hold.release(now: now) { request in
            guard let raw = currentMixer.load(ordering: .acquiring),
                  Unmanaged<Mixer>.fromOpaque(raw)._withUnsafeGuaranteedRef({
                      $0.submitClick(request.kind, requestedAt: request.requestedAt, placement: request.placement,
                                     expiresWhenStale: true)
                  }) else { return false }
            accepted.add(1, ordering: .relaxed)
            return true
        }
    }

    /// Whether a click submitted now would be queued to play.
    ///
    /// Thread context: any thread; lock-free.
    public var isAcceptingClicks: Bool {
        guard let raw = currentMixer.load(ordering: .acquiring), !heartbeat.isSuspect(now: clock.now()) else { return false }
        return Unmanaged<Mixer>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.isAcceptingClicks }
    }

    /// Why a click would be refused now: ``ClickDecision/queueFull`` while a
    /// stream is open, ``ClickDecision/held`` while it opens (the click would
    /// be held), ``ClickDecision/deviceLost`` while the player waits
    /// for a device that failed under an open stream, else
    /// ``ClickDecision/noOutput`` (still opening, or never opened).
    ///
    /// Thread context: any thread; lock-free.
    public var refusal: ClickDecision {
        if let raw = currentMixer.load(ordering: .acquiring) {
            let hasRoom = Unmanaged<Mixer>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.isAcceptingClicks }
            return hasRoom && heartbeat.isSuspect(now: clock.now()) ? .held : .queueFull
        }
        if hold.wouldHold { return .held }
        return deviceLost.load(ordering: .acquiring) ? .deviceLost : .noOutput
    }

    /// Where the player is: closed, running, lingering, waiting for a device, or shut down.
    ///
    /// Thread context: any thread; lock-free.
    public var state: ClickPlayerState {
        ClickPlayerState(rawValue: publishedState.value) ?? .closed
    }

    // MARK: Visibility (any thread, returns at once)

    /// Opens the stream when `visible` becomes `true`; starts the linger
    /// before closing when it becomes `false`. The work happens on the control
    /// queue; this returns at once.
    ///
    /// Thread context: any thread; returns without waiting for the device.
    public func clickEnabledInputViewVisibilityChanged(_ visible: Bool) {
        // From now until the open succeeds or fails, taps are held rather than refused.
        if visible && currentMixer.load(ordering: .acquiring) == nil && state == .closed { hold.start() }
        scheduler.execute { [self] in handle(visible ? .shown : .hidden) }
    }

    // MARK: Settings

    /// Applies the click volume and profile gain, the ducking, and — when the
    /// sound-pack directory changed — reloads the sounds. Whether clicks play at
    /// all is the gate's business (``InputClickGate/apply(_:)``).
    ///
    /// Thread context: any thread; the work happens on the control queue.
    public func apply(_ settings: ClickSettings) {
        scheduler.execute { [self] in
            if mixers.apply(settings), let activeSlot { reloadBank(activeSlot) }
        }
    }

    /// Sets the master volume of every mix this player renders: a linear gain
    /// on clicks and host streams together, before the limiter. Default 1;
    /// it stays in force across stream reopens. Unlike the user's click
    /// volume (``ClickSettings/volume``), it is the host's control.
    ///
    /// Thread context: any thread; the work happens on the control queue.
    public func setMasterVolume(_ gain: Float) {
        scheduler.execute { [self] in mixers.setMasterVolume(gain) }
    }

    /// Asks the sound bank provider again for the current sounds, for example
    /// after the files of the sound pack changed.
    ///
    /// Thread context: any thread; the work happens on the control queue.
    public func reloadSounds() {
        scheduler.execute { [self] in
            mixers.markAllForReload()
            if let activeSlot { reloadBank(activeSlot) }
        }
    }

    // MARK: Host streams

    /// Mixes a host stream (music, speech) under the clicks, ducked while they
    /// sound, on the running stream and every stream opened later whose
    /// channel count matches the host stream's. Write it at the running
    /// stream's rate (``statistics``' `format`).
    ///
    /// Host streams play while the player's stream is open, that is, while a
    /// click-enabled keyboard is visible and for the linger after.
    ///
    /// Thread context: any thread; the work happens on the control queue.
    public func attach(_ stream: HostStream) {
        scheduler.execute { [self] in
            guard mixers.addHostStream(stream) else { return }
            if let activeSlot { mixers.syncHostStreams(activeSlot) }
        }
    }

    /// Stops mixing a host stream attached with ``attach(_:)``.
    ///
    /// Thread context: any thread; the work happens on the control queue.
    public func detach(_ stream: HostStream) {
        scheduler.execute { [self] in
            mixers.removeHostStream(stream)
            if let activeSlot { mixers.syncHostStreams(activeSlot) }
        }
    }

    // MARK: Shutdown and introspection

    /// Closes the stream now and never opens again. Waits for the control queue.
    ///
    /// Thread context: any thread except the control queue's own work (an
    /// event or warning handler).
    public func shutdown() {
        scheduler.executeAndWait { [self] in handle(.shutDown) }
    }

    /// Waits until the control work queued so far has run.
    ///
    /// Thread context: any thread except the control queue's own work.
    public func flushControlQueue() {
        scheduler.executeAndWait {}
    }

    /// Opens, faults, recovered underruns and suspends, dropped clicks, and
    /// the current stream's format.
    ///
    /// Thread context: any thread; takes a short lock.
    public var statistics: ClickPlayerStatistics {
        let droppedClicks = dropped.load(ordering: .relaxed)
        let queueFullClicks = queueFull.load(ordering: .relaxed)
        return shared.withLock { state in
            ClickPlayerStatistics(
                opens: state.opens, faults: state.faults,
                underruns: state.pastUnderruns + (state.stream?.counters.underruns ?? 0),
                suspends: state.pastSuspends + (state.stream?.counters.suspends ?? 0),
                droppedClicks: droppedClicks, format: state.stream?.format,
                isRealtime: state.stream?.isRealtime ?? false, scheduling: state.stream?.scheduling,
                keepsRunning: state.stream?.keepsRunning,
                starts: state.pastStarts + (state.stream?.counters.starts ?? 0),
                rewinds: state.pastRewinds + (state.stream?.counters.rewinds ?? 0),
                queuedBehind: state.pastQueuedBehind + (state.stream?.counters.queuedBehind ?? 0),
                queueFullClicks: queueFullClicks,
                heldClicks: hold.held, heldClicksDropped: hold.dropped,
                clicksLostWithDevice: lostWithDevice.load(ordering: .relaxed) + (state.renderer?.clicksLost ?? 0),
                staleClicksDropped: state.mixers.reduce(0) { $0 + $1.staleClicksDropped },
                abandonedDeviceCalls: deviceCalls.abandonedTotal)
        }
    }

    /// How many frames the render thread has written to the open stream so
    /// far, counted like ``LatencyRecord/streamFrame``; `nil` while no stream
    /// is open. A host that wants a click to sound out before it hides the
    /// keyboard can wait until this passes the click's frame plus
    /// ``longestSoundFrames`` and the stream's buffer.
    ///
    /// Thread context: any thread; takes a short lock.
    public var framesWritten: Int64? {
        shared.withLock { $0.renderer?.streamPosition }
    }

    /// Whether the open stream's render loop has stopped the device because
    /// everything written has sounded out (``OutputRenderer/isStoppedWhileSilent``);
    /// `nil` when no stream is open. A host that waits for its last click to
    /// sound out can stop waiting once this is `true` after the click was
    /// written (its ``LatencyRecord`` exists): a stopped stream writes no more.
    ///
    /// Thread context: any thread; takes a short lock.
    public var isStoppedWhileSilent: Bool? {
        shared.withLock { $0.renderer?.isStoppedWhileSilent }
    }

    /// The length, in frames, of the longest sound the open stream plays
    /// (the user's sound pack or the bundled sounds): how long after its
    /// ``LatencyRecord/streamFrame`` a click may still sound. `nil` while no
    /// stream is open.
    ///
    /// Thread context: any thread; takes a short lock.
    public var longestSoundFrames: Int? {
        shared.withLock { $0.renderer == nil ? nil : $0.longestSoundFrames }
    }

    // MARK: Control queue: the effects runner

    /// Hands `event` to the lifecycle and carries out the effects it returns.
    /// An event that an effect brings about (an open's result) waits until
    /// the effects before it have run.
    private func handle(_ event: PlayerLifecycle.Event) {
        pendingEvents.append(event)
        guard !isHandlingEvents else { return }
        isHandlingEvents = true
        while !pendingEvents.isEmpty {
            let next = pendingEvents.removeFirst()
            for effect in lifecycle.handle(next) { perform(effect) }
        }
        isHandlingEvents = false
        if lifecycle.phase != .opening { settleHeldClicks() }
    }

    /// Ends holding: held taps play on the running stream if still young
    /// enough, or are dropped, counted and reported.
    private func settleHeldClicks() {
        hold.stop()
        let droppedNow = releaseHeldClicks(now: clock.now())
        // When no stream opened, the open failure's one warning of the episode
        // says why; the held taps are counted in the statistics.
        guard droppedNow > 0, stream != nil else { return }
        let why = "the stream took longer than \(hold.limitNanoseconds / 1_000_000) ms to open"
        let text = "\(droppedNow) tap\(droppedNow == 1 ? "" : "s") held while the audio device '\(output.name)' opened did not play: \(why)"
        configuration.warningHandler(text)
        emit(.warning(text))
    }

    private func perform(_ effect: PlayerLifecycle.Effect) {
        switch effect {
        case .open:
            // Every open holds taps until it has succeeded or failed: the first
            // (started on the showing thread too, before this work runs) and
            // each retry's, while a device that failed comes back.
            hold.start()
            openStream()
        case .close:
            closeStream()
        case .schedule(let timer, let nanoseconds):
            // Weak: the player owns its scheduler, and a player dropped while a
            // timer is pending must not keep itself alive (its deinit closes the stream).
            scheduler.execute(afterNanoseconds: nanoseconds) { [weak self] in
                guard let self else { return }
                handle(timer.event(deviceProven: heartbeat.isProven))
            }
        case .publish(let state):
            // Taps go to a mixer only while a stream runs: a failed stream's
            // taps are refused from the moment its failure is published, not
            // once its close has returned.
            if state != .running && state != .lingering { currentMixer.store(nil, ordering: .releasing) }
            // Taps held while opening are settled before anyone can see the new
            // state, so a tap after a wait for it is never held by a stale hold.
            if lifecycle.phase != .opening { settleHeldClicks() }
            deviceLost.store(lifecycle.isDeviceLost, ordering: .releasing)
            publishedState.publish(state.rawValue)
        case .warn(let text):
            configuration.warningHandler(text)
            emit(.warning(text))
        case .note(let text):
            (configuration.noteHandler ?? configuration.warningHandler)(text)
        case .reportOpened:
            if let stream { emit(.opened(stream.format)) }
        case .reportOpenFailed(let message, let retryAfter):
            emit(.openFailed(message: message, retryAfterNanoseconds: retryAfter))
        case .reportClosed:
            emit(.closed)
        }
    }

    /// Opens a stream, builds or reuses the mixer for its actual format, and
    /// starts rendering; tells the lifecycle how it went.
    ///
    /// An output whose calls may wait on a sound server
    /// (``AudioOutput/callsMayBlock``) opens on a thread of its own, and the
    /// control queue goes on meanwhile: an open that has not returned within
    /// ``ClickPlayerConfiguration/openTimeoutNanoseconds`` fails and is
    /// abandoned (a stream it opens after all is closed at once), and while
    /// an abandoned call has not returned no new open starts.
    private func openStream() {
        // The request of this open: the configuration's, with the user's server latency unless the host fixed one.
        var streamRequest = configuration.stream
        if configuration.serverLatencyFollowsSettings { streamRequest.serverLatency = mixers.settings.serverLatency }
        streamRequest.clock = clock
        guard output.callsMayBlock else {
            startRendering(Result { try output.openStream(streamRequest) })
            return
        }
        guard deviceCalls.abandonedInFlight == 0 else {
            handle(.openFailed(message: "cannot open audio device '\(output.name)': it does not answer (an earlier call to it has not returned)"))
            return
        }
        openAttempts &+= 1
        let attempt = openAttempts
        let target = output, request = streamRequest, scheduler = self.scheduler
        let call = deviceCalls.start({ OpenedStream(result: Result { try target.openStream(request) }) },
                                     whenReturned: { [weak self] in
                                         scheduler.execute { [weak self] in self?.openReturned(attempt) }
                                     },
                                     whenAbandoned: { if case .success(let late) = $0.result { late.close() } })
        pendingOpen = (attempt, call)
        scheduler.execute(afterNanoseconds: configuration.openTimeoutNanoseconds) { [weak self] in
            self?.openReturned(attempt)
        }
    }

    /// The open on its own thread returned, or its time is up: whichever
    /// comes first takes the result, or abandons the call.
    private func openReturned(_ attempt: Int) {
        guard let pending = pendingOpen, pending.attempt == attempt else { return }
        pendingOpen = nil
        guard let opened = pending.call.result(waitingAtMost: 0) else {
            let milliseconds = configuration.openTimeoutNanoseconds / 1_000_000
            handle(.openFailed(message: "cannot open audio device '\(output.name)': it did not answer within \(milliseconds) ms"))
            return
        }
        startRendering(opened.result)
    }

    /// Starts rendering on a stream just opened, or tells the lifecycle why not.
    private func startRendering(_ result: Result<any AudioOutputStream, any Error>) {
        let opened: any AudioOutputStream
        switch result {
        case .success(let stream):
            opened = stream
        case .failure(let error):
            handle(.openFailed(message: "cannot open audio device '\(output.name)': \(error)",
                               isPersistent: (error as? any PersistentOutputError)?.isPersistent ?? false))
            return
        }
        // Shut down while the open was under way: not wanted.
        guard lifecycle.phase != .shutDown else {
            _ = closeWithinLimit(opened) {}
            return
        }
        do {
            let slot = try mixers.slot(for: opened.format)
            // Clicks a tap queued as the last stream failed or closed, after its render thread stopped.
            let stale = slot.mixer.discardQueuedClicks()
            if stale > 0 { lostWithDevice.add(stale, ordering: .relaxed) }
            slot.mixer.collectGarbage()
            mixers.syncHostStreams(slot)
            // Reopened after the device failed under a stream, taps are held
            // until it consumes audio: a frozen server accepts connections too.
            heartbeat.arm(suspectAfterNanoseconds: configuration.liveness.suspectAfterNanoseconds(for: opened.format),
                          requiringProof: lifecycle.isDeviceLost)
            let renderer = OutputRenderer(mixer: slot.mixer, latency: latency, format: opened.format, heartbeat: heartbeat,
                                          progress: renderProgress)
            let identifier = ObjectIdentifier(opened)
            try opened.start(rendering: renderer) { [weak self] fault in
                guard let self else { return }
                self.scheduler.execute { self.streamFaulted(identifier, fault) }
            }
            stream = opened
            activeSlot = slot
            shared.withLock {
                $0.stream = opened
                $0.renderer = renderer
                $0.longestSoundFrames = slot.longestSoundFrames
                $0.opens += 1
                $0.acceptedAtOpen = accepted.load(ordering: .acquiring)
                $0.staleAtOpen = slot.mixer.staleClicksDropped
                if !$0.mixers.contains(where: { $0 === slot.mixer }) { $0.mixers.append(slot.mixer) }
            }
            currentMixer.store(Unmanaged.passUnretained(slot.mixer).toOpaque(), ordering: .releasing)
        } catch {
            _ = closeWithinLimit(opened) {}
            handle(.openFailed(message: "cannot start audio device '\(output.name)': \(error)"))
            return
        }
        handle(.opened(at: clock.now()))
    }

    /// Closes `closing`, waiting at most ``ClickPlayerConfiguration/closeTimeoutNanoseconds``
    /// when the output's calls may block; returns whether it closed. A close
    /// not waited for goes on on a thread of its own, which runs
    /// `afterAbandonedClose` once it returns (the stream's render thread has
    /// then stopped).
    private func closeWithinLimit(_ closing: any AudioOutputStream,
                                  afterAbandonedClose: @escaping @Sendable () -> Void) -> Bool {
        guard output.callsMayBlock else {
            closing.close()
            return true
        }
        let call = deviceCalls.start({ closing.close() }, whenAbandoned: { afterAbandonedClose() })
        return call.result(waitingAtMost: configuration.closeTimeoutNanoseconds) != nil
    }

    private func streamFaulted(_ identifier: ObjectIdentifier, _ fault: OutputFault) {
        guard let current = stream, ObjectIdentifier(current) == identifier else { return }
        shared.withLock { $0.faults += 1 }
        emit(.fault(fault))
        let faultedMixer = activeSlot?.mixer
        handle(.faulted(message: fault.message, kind: fault.kind, at: clock.now()))
        // The stream is closed: clicks its render thread never took are lost with the device, and counted.
        if stream == nil, let faultedMixer {
            let lost = faultedMixer.discardQueuedClicks()
            if lost > 0 { lostWithDevice.add(lost, ordering: .relaxed) }
        }
    }

    private func closeStream() {
        currentMixer.store(nil, ordering: .releasing)
        guard let closing = stream else { return }
        let slot = activeSlot
        stream = nil
        activeSlot = nil
        // Once its render thread has stopped, clicks it never took are counted,
        // not left for a later stream of the same format (which may never open).
        let mixer = slot?.mixer
        let countLost: @Sendable () -> Void = { [self] in
            if let lost = mixer?.discardQueuedClicks(), lost > 0 { lostWithDevice.add(lost, ordering: .relaxed) }
        }
        if closeWithinLimit(closing, afterAbandonedClose: countLost) {
            countLost()
        } else if let slot {
            // Abandoned (and counted in the statistics): its render thread may
            // still be inside the mixer, so no other stream gets that mixer.
            mixers.retire(slot)
        }
        shared.withLock {
            // Clicks its render thread started but could not write are lost with it too.
            if let lost = $0.renderer?.clicksLost, lost > 0 { lostWithDevice.add(lost, ordering: .relaxed) }
            $0.pastUnderruns += closing.counters.underruns
            $0.pastSuspends += closing.counters.suspends
            $0.pastStarts += closing.counters.starts
            $0.pastRewinds += closing.counters.rewinds
            $0.pastQueuedBehind += closing.counters.queuedBehind
            $0.stream = nil
            $0.renderer = nil
        }
        // A drain waiting on this stream's clicks learns that they will not sound.
        renderProgress.signal()
        mixers.collectGarbage()
    }

    private func reloadBank(_ slot: MixerSlot) {
        if let longest = mixers.reloadBank(slot), slot === activeSlot {
            shared.withLock { $0.longestSoundFrames = longest }
        }
    }

    private func emit(_ event: ClickPlayerEvent) {
        configuration.eventHandler?(event)
    }
}

/// What other threads may read about a ``ClickPlayer``, behind its lock.
struct PlayerSharedState: @unchecked Sendable {
    var stream: (any AudioOutputStream)?
    var renderer: OutputRenderer?
    /// The longest sound of the bank the open stream's mixer plays.
    var longestSoundFrames = 0
    /// ``ClickPlayer``'s accepted count when the open stream started.
    var acceptedAtOpen = 0
    /// The stream's mixer's ``Mixer/staleClicksDropped`` when the stream opened.
    var staleAtOpen = 0
    var opens = 0
    var faults = 0
    var pastUnderruns = 0
    var pastSuspends = 0
    var pastStarts = 0
    var pastRewinds = 0
    var pastQueuedBehind = 0
    /// Every mixer a stream has rendered, for their stale-click counts.
    var mixers: [Mixer] = []
}

/// What an open on its own thread returned.
private struct OpenedStream: @unchecked Sendable {
    /// The stream, or why it did not open.
    let result: Result<any AudioOutputStream, any Error>
}
