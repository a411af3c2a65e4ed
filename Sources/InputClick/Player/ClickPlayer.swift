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
///   Every decision about opening, closing, lingering, retrying, holding
///   taps and counting the clicks a closed stream never took is made by a
///   ``PlayerLifecycle`` value from events; the player only carries out the
///   effects it returns (here and in `ClickPlayer+Stream.swift`), keeps its
///   mixers in a ``MixerCache`` and its counts in one accumulator.
///   A tap reads one atomic ``TapRoute`` (mixer, hold, or refusal) and does
///   what it says.
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
/// hand their work to the control queue and return, except the waits
/// (``shutdown()``, ``flushControlQueue()``, ``waitUntil(_:timeout:)``,
/// ``waitUntil(anyOf:timeout:)``, ``drain(timeout:)``,
/// ``waitForRenderProgress(timeout:until:)``), which block, up to their
/// timeout if they take one, and never from the control queue's own work
/// (an event or warning handler).
public final class ClickPlayer: ClickSink, InputViewVisibilityObserver, @unchecked Sendable {
    /// The output streams are opened on.
    public let output: any AudioOutput
    public let configuration: ClickPlayerConfiguration
    /// The latency of every click played, with percentiles.
    public let latency: LatencyRecorder
    /// The one clock the player runs on: its scheduler's (``ControlScheduler/clock``).
    /// The gate stamps taps with it; the lifecycle, the hold, the suspect
    /// check, the mixers and the streams all read it.
    public let clock: ClickClock
    let scheduler: any ControlScheduler

    // Read by any thread, lock-free.
    /// Where a tap goes: the running stream's mixer, the hold, or a refusal.
    let route: TapRoute
    /// Taps that came while the stream was opening, waiting for it to run.
    let hold: ClickHold
    /// The running stream's render loop's heartbeat: a device that stopped
    /// making progress makes taps report ``ClickDecision/suspect``, not ``ClickDecision/plays``.
    let heartbeat = RenderHeartbeat()
    /// Posted by the running stream's render thread as it moves on, and by
    /// the control queue when a stream closes: what ``drain(timeout:)`` waits on.
    let renderProgress = RenderProgressSignal()
    /// Every count behind ``statistics``.
    let counts = PlayerStatisticsAccumulator()
    let publishedState = PublishedState(ClickPlayerState.closed.rawValue)
    // Read by any thread, behind a lock; written on the control queue.
    let shared = Mutex(PlayerSharedState())

    // Touched only by work on the control queue.
    /// Where the stream is; every decision about opening, closing and holding is its.
    private(set) var lifecycle: PlayerLifecycle
    /// Events waiting for ``lifecycle``, when one arrives while another's effects run.
    private var pendingEvents: [PlayerLifecycle.Event] = []
    private var isHandlingEvents = false
    var stream: (any AudioOutputStream)?
    var activeSlot: MixerSlot?
    /// The mixer of the stream closed last, whose queued clicks are still to be counted.
    var closedMixer: Mixer?
    let mixers: MixerCache
    /// Opens and closes that may wait on a sound server, bounded in time.
    let opener: StreamOpener

    /// Creates a player. It opens nothing until a click-enabled view is visible.
    ///
    /// - Parameters:
    ///   - output: Where streams open.
    ///   - configuration: Stream request, linger, retry backoff, handlers.
    ///   - settings: The settings in force until ``apply(_:)``.
    ///   - scheduler: Where control work runs, and the clock; a private
    ///     serial queue on real time when `nil`.
    ///   - sounds: Makes sound banks at a stream's actual format.
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

    /// The standard hold limit (``LivenessPolicy/holdLimitNanoseconds``);
    /// a player applies its configuration's.
    public static let holdLimitNanoseconds: UInt64 = LivenessPolicy.standard.holdLimitNanoseconds
    /// How many taps the hold keeps; more while opening are refused as ``ClickDecision/noOutput``.
    public static let holdCapacity = ClickHold.capacity

    /// Queues a click on the running stream's mixer (``ClickDecision/plays``);
    /// while the stream is opening, holds it to play once the stream runs
    /// (``ClickDecision/held``); else refuses it at once, counting the drop.
    /// The tap reads the player's ``TapRoute`` and does what it says.
    ///
    /// A click is reported as playing only when it will be written. While the
    /// running device is *suspect* (its render loop has seen no progress for
    /// longer than it ever waits, see ``RenderHeartbeat``), the click is still
    /// queued, to play if the device recovers, but reported
    /// ``ClickDecision/suspect``; should the stream then fail, it is counted in
    /// ``ClickPlayerStatistics/clicksLostWithDevice``.
    ///
    /// Lock-free and allocation-free.
    public func submit(_ kind: ClickKind, requestedAt: UInt64, placement: ClickPlacement) -> ClickDecision {
        route.submit(ClickRequest(kind: kind, requestedAt: requestedAt, placement: placement))
    }

    /// ``submit(_:requestedAt:placement:)`` centred, `true` for a click that plays or is held.
    ///
    /// Lock-free and allocation-free.
    public func submitClick(_ kind: ClickKind, requestedAt: UInt64) -> Bool {
        submitClick(kind, requestedAt: requestedAt, placement: .center)
    }

    /// ``submit(_:requestedAt:placement:)``, `true` for a click that plays, is held or given to a suspect device.
    ///
    /// Lock-free and allocation-free.
    public func submitClick(_ kind: ClickKind, requestedAt: UInt64, placement: ClickPlacement) -> Bool {
        submit(kind, requestedAt: requestedAt, placement: placement).isAccepted
    }

    /// Whether a click submitted now would be queued to play.
    ///
    /// Lock-free.
    public var isAcceptingClicks: Bool { route.isAcceptingClicks }

    /// Why a click would be refused now: ``ClickDecision/queueFull`` while a
    /// stream is open (``ClickDecision/suspect`` while its device is suspect), ``ClickDecision/held`` while it opens (the click would
    /// be held), ``ClickDecision/deviceLost`` while the player waits
    /// for a device that failed under an open stream, else
    /// ``ClickDecision/noOutput`` (still opening, or never opened).
    ///
    /// Lock-free.
    public var refusal: ClickDecision { route.refusal }

    /// Where the player is: closed, running, lingering, waiting for a device, or shut down.
    ///
    /// Lock-free.
    public var state: ClickPlayerState {
        ClickPlayerState(rawValue: publishedState.value) ?? .closed
    }

    // MARK: Visibility (any thread, returns at once)

    /// Opens the stream when `visible` becomes `true`; starts the linger
    /// before closing when it becomes `false`. The work happens on the control
    /// queue; this returns at once.
    ///
    /// Returns without waiting for the device.
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

    /// Hands `event` to the lifecycle and carries out the effects it returns.
    /// An event that an effect brings about (an open's result) waits until
    /// the effects before it have run.
    func handle(_ event: PlayerLifecycle.Event) {
        pendingEvents.append(event)
        guard !isHandlingEvents else { return }
        isHandlingEvents = true
        while !pendingEvents.isEmpty {
            let next = pendingEvents.removeFirst()
            for effect in lifecycle.handle(next) { perform(effect) }
        }
        isHandlingEvents = false
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

    /// Why a tap finds no stream: the device failed under one, or none is open.
    var refusalWithoutStream: ClickDecision { lifecycle.isDeviceLost ? .deviceLost : .noOutput }

    /// Where taps go once `state` is published.
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
