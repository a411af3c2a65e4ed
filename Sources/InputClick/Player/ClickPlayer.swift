import Synchronization

/// Plays the clicks an ``InputClickGate`` lets through on an ``AudioOutput``, keeping the device open exactly
/// while a click-enabled keyboard is visible (then for ``ClickPlayerConfiguration/lingerNanoseconds``). It is
/// the gate's ``ClickSink`` and one of its ``InputViewVisibilityObserver``s:
///
/// ```swift
/// let player = ClickPlayer(output: output, sounds: { request in try makeBank(request) })
/// let gate = InputClickGate(sink: player)
/// gate.setVisibleInputViews([keyboard])   // the stream opens now, before the first tap
/// gate.playInputClick()
/// ```
///
/// Every decision about opening, closing, lingering, retrying, holding taps and counting lost clicks is made
/// by a ``PlayerLifecycle`` value; the player carries out its effects on the control queue. A tap reads one
/// atomic ``TapRoute`` and does what it says. See README, *The player's lifecycle*.
///
/// Thread context: submitting, ``isAcceptingClicks``, ``refusal`` and ``state`` from any thread, lock-free and
/// allocation-free. The other methods hand their work to the control queue and return, except the waits
/// (``shutdown()``, ``flushControlQueue()``, the `waitUntil` family, ``drain(timeout:)``), which block (up to
/// their timeout) and must not be called from the control queue's own work (an event or warning handler).
public final class ClickPlayer: ClickSink, InputViewVisibilityObserver, @unchecked Sendable {
    public let output: any AudioOutput
    public let configuration: ClickPlayerConfiguration
    /// The latency of every click played (``LatencyRecord``).
    public let latency: LatencyRecorder
    /// The one clock the player runs on (``ControlScheduler/clock``): the gate stamps taps with it; the
    /// lifecycle, the hold, the suspect check, the mixers and the streams read it.
    public let clock: ClickClock
    let scheduler: any ControlScheduler

    // Read by any thread, lock-free.
    let route: TapRoute
    /// Taps that came while the stream was opening.
    let hold: ClickHold
    /// A suspect device makes taps report ``ClickDecision/suspect``, not ``ClickDecision/plays``.
    let heartbeat = RenderHeartbeat()
    /// Posted as the render side moves on, and when a stream closes: what ``drain(timeout:)`` waits on.
    let renderProgress = RenderProgressSignal()
    let counts = PlayerStatisticsAccumulator()
    let publishedState = PublishedState(ClickPlayerState.closed.rawValue)
    // Read by any thread, behind a lock; written on the control queue.
    let shared = Mutex(PlayerSharedState())

    // Touched only by work on the control queue (checked in debug builds: ``assertOnControlQueue()``).
    private(set) var lifecycle: PlayerLifecycle
    /// Events that arrived while another's effects ran.
    private var pendingEvents: [PlayerLifecycle.Event] = []
    private var isHandlingEvents = false
    var stream: (any AudioOutputStream)?
    var activeSlot: MixerSlot?
    /// The mixer of the stream closed last, whose queued clicks are still to be counted.
    var closedMixer: Mixer?
    let mixers: MixerCache
    let opener: StreamOpener

    /// Opens nothing until a click-enabled view is visible.
    ///
    /// - Parameters:
    ///   - scheduler: where control work runs, and the clock; a private serial queue on real time when `nil`.
    ///   - sounds: makes sound banks at a stream's actual format.
    public init(output: any AudioOutput, configuration: ClickPlayerConfiguration = ClickPlayerConfiguration(),
                settings: ClickSettings = ClickSettings(), scheduler: (any ControlScheduler)? = nil,
                sounds: @escaping SoundBankProvider) {
        let scheduler = scheduler ?? DispatchControlScheduler()
        self.output = output
        self.configuration = configuration
        self.latency = LatencyRecorder(capacity: configuration.latencyCapacity)
        self.scheduler = scheduler
        self.clock = scheduler.clock
        self.lifecycle = PlayerLifecycle(deviceName: output.name, lingerNanoseconds: configuration.lingerNanoseconds,
                                         retry: configuration.retry,
                                         healthyRunNanoseconds: configuration.liveness.healthyRunNanoseconds)
        self.hold = ClickHold(limitNanoseconds: configuration.liveness.holdLimitNanoseconds)
        self.route = TapRoute(hold: hold, heartbeat: heartbeat, statistics: counts, clock: clock)
        var mixerConfiguration = configuration.mixer
        mixerConfiguration.staleClickLimitNanoseconds = configuration.liveness.staleClickLimitNanoseconds
        mixerConfiguration.clock = mixerConfiguration.clock ?? scheduler.clock.mixerClock
        self.mixers = MixerCache(sounds: sounds, mixerConfiguration: mixerConfiguration, settings: settings,
                                 warningHandler: configuration.warningHandler)
        self.opener = StreamOpener(output: output, scheduler: scheduler, configuration: configuration)
    }

    deinit {
        route.set(.refuse(.noOutput))
        stream?.close()
    }

    // MARK: ClickSink (any thread, lock-free)

    /// The standard hold limit; a player applies its configuration's.
    public static let holdLimitNanoseconds: UInt64 = LivenessPolicy.standard.holdLimitNanoseconds
    /// How many taps the hold keeps; more while opening are refused as ``ClickDecision/noOutput``.
    public static let holdCapacity = ClickHold.capacity

    /// Queues a click on the running stream's mixer (``ClickDecision/plays``), holds it while the stream opens
    /// (``ClickDecision/held``), or refuses it at once, counting the drop. While the device is suspect
    /// (``RenderHeartbeat``) the click is queued but reported ``ClickDecision/suspect``; if the stream then
    /// fails, it counts in
    /// ``ClickPlayerStatistics/clicksLostWithDevice``.
    public func submit(_ kind: ClickKind, requestedAt: UInt64, placement: ClickPlacement) -> ClickDecision {
        route.submit(ClickRequest(kind: kind, requestedAt: requestedAt, placement: placement))
    }

    /// ``submit(_:requestedAt:placement:)`` centred, `true` for a click that plays, is held or is suspect.
    public func submitClick(_ kind: ClickKind, requestedAt: UInt64) -> Bool {
        submitClick(kind, requestedAt: requestedAt, placement: .center)
    }

    /// `true` for a click that plays, is held or is given to a suspect device.
    public func submitClick(_ kind: ClickKind, requestedAt: UInt64, placement: ClickPlacement) -> Bool {
        submit(kind, requestedAt: requestedAt, placement: placement).isAccepted
    }

    /// Whether a click submitted now would be queued to play.
    public var isAcceptingClicks: Bool { route.isAcceptingClicks }

    /// Why a click would be refused now: ``ClickDecision/queueFull`` while a stream is open
    /// (``ClickDecision/suspect`` while its device is suspect), ``ClickDecision/held`` while it opens,
    /// ``ClickDecision/deviceLost`` while the player waits for a device that failed under an open stream, else
    /// ``ClickDecision/noOutput``.
    public var refusal: ClickDecision { route.refusal }

    public var state: ClickPlayerState {
        ClickPlayerState(rawValue: publishedState.value) ?? .closed
    }

    // MARK: Visibility (any thread, returns at once)

    /// Opens the stream when `visible` becomes `true`; starts the linger when `false`. Returns at once.
    public func clickEnabledInputViewVisibilityChanged(_ visible: Bool) {
        // A closed player holds taps from now, not once its control queue runs the open.
        if visible { route.holdIfClosed() }
        scheduler.execute { [self] in handle(visible ? .shown : .hidden) }
    }

    // MARK: Shutdown

    /// Closes the stream now and never opens again. Waits for the control queue.
    public func shutdown() {
        scheduler.executeAndWait { [self] in handle(.shutDown) }
    }

    /// Waits until the control work queued so far has run.
    public func flushControlQueue() {
        scheduler.executeAndWait {}
    }

    // MARK: Control queue: the effects runner

    /// Hands `event` to the lifecycle and carries out its effects; an event an effect brings about (an open's
    /// result) waits until the effects before it have run.
    func handle(_ event: PlayerLifecycle.Event) {
        assertOnControlQueue()
        pendingEvents.append(event)
        guard !isHandlingEvents else { return }
        isHandlingEvents = true
        while !pendingEvents.isEmpty {
            let next = pendingEvents.removeFirst()
            for effect in lifecycle.handle(next) { perform(effect) }
        }
        isHandlingEvents = false
    }

    /// Stops a debug build when control-queue state is touched from another thread.
    @inline(__always)
    func assertOnControlQueue(_ caller: StaticString = #function) {
        assert(scheduler.isRunningControlWork, "ClickPlayer.\(caller) runs only on the player's control queue")
    }

    private func perform(_ effect: PlayerLifecycle.Effect) {
        switch effect {
        case .holdTaps:
            route.set(.hold(whenFull: refusalWithoutStream))
        case .open:
            // The request of this open: the configuration's, with the user's server latency unless the host fixed one.
            var request = configuration.stream
            if configuration.serverLatencyFollowsSettings { request.serverLatency = mixers.settings.serverLatency }
            request.clock = clock
            opener.open(request) { [weak self] in self?.startRendering($0) }
        case .settleHeldTaps:
            settleHeldTaps()
        case .close:
            closeStream()
        case .discardQueuedClicks:
            counts.countLostWithDevice(closedMixer?.discardQueuedClicks() ?? 0)
            closedMixer = nil
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
            route.set(destination(for: state))
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

    var refusalWithoutStream: ClickDecision { lifecycle.isDeviceLost ? .deviceLost : .noOutput }

    private func destination(for state: ClickPlayerState) -> TapRoute.Destination {
        switch state {
        case .running, .lingering: return activeSlot.map { .mixer($0.mixer) } ?? .refuse(.noOutput)
        case .closed: return .closed
        case .waitingForDevice: return .refuse(refusalWithoutStream)
        case .shutDown: return .refuse(.noOutput)
        }
    }

    func emit(_ event: ClickPlayerEvent) {
        configuration.eventHandler?(event)
    }
}
