import Foundation
import InputClick
import InputClickALSA
import InputClickTesting
import Synchronization
import TestSupport

/// A gate and a player on a real ALSA device, with what the player reported.
final class SinkRig: Sendable {
    let output: ALSAOutput
    let player: ClickPlayer
    let gate: InputClickGate
    let keyboard = OptedInInputView()
    let capturePath: String?
    let settings: ClickSettings
    private let reported = Reports()

    var warnings: [String] { reported.storage.withLock { $0.warnings } }

    /// The warnings but those for taps held while a stream opened and dropped
    /// because the open took longer than the hold limit (a loaded machine),
    /// and whether those are at most one and name no more taps than the
    /// player counted dropped from the hold.
    var warningsBesidesHeldDrops: (others: [String], heldDropsAccounted: Bool) {
        let all = warnings
        let held = all.filter(Self.isHeldDrop)
        let named = held.compactMap { Int($0.prefix { $0.isNumber }) }.reduce(0, +)
        return (all.filter { !held.contains($0) }, held.count <= 1 && named <= player.statistics.heldClicksDropped)
    }
    var events: [String] { reported.storage.withLock { $0.events } }
    /// The clicks ``tap(_:)`` got through the gate, in order, and whether each was held or suspect.
    var accepted: [(kind: ClickKind, held: Bool)] { reported.accepted.withLock { $0 } }

    private final class Reports: Sendable {
        let storage = Mutex<(warnings: [String], events: [String])>(([], []))
        let accepted = Mutex<[(kind: ClickKind, held: Bool)]>([])
        /// Signalled at each warning.
        let warned = DispatchSemaphore(value: 0)
    }

    /// Waits until the player has given `count` warnings, woken by each; whether it had within `seconds`.
    func waitForWarnings(_ count: Int, seconds: Double = 10) -> Bool {
        waitForWarnings(seconds: seconds) { $0.count >= count }
    }

    /// Waits, woken at each warning, until the warnings so far satisfy `enough`.
    func waitForWarnings(seconds: Double = 10, until enough: ([String]) -> Bool) -> Bool {
        let deadline = DispatchTime.now() + seconds
        while !enough(warnings) {
            if reported.warned.wait(timeout: deadline) == .timedOut { return enough(warnings) }
        }
        return true
    }

    /// Whether `warning` is the one said of taps held while a stream opened and then dropped.
    static func isHeldDrop(_ warning: String) -> Bool { warning.contains(" held while the audio device ") }

    /// - Parameters:
    ///   - device: The PCM; by default the sink, or the capture PCM when `capture` is set.
    ///   - capture: Save what is played to a fresh WAV file (``capturePath``).
    ///   - scheduling: The scheduling to ask for; ``SchedulingPreference/append``
    ///     keeps the stream running, so a capture's frames follow the wall clock.
    ///   - closeTimeoutMilliseconds: How long the player waits for a close
    ///     before abandoning it; `nil`: its default.
    init(device: String? = nil, capture: Bool = false, lingerMilliseconds: UInt64 = 200,
         scheduling: SchedulingPreference = .automatic, stallMilliseconds: UInt64 = 2_000,
         formats: [SampleFormat] = [.float32, .signed32, .signed16], settings: ClickSettings = ClickSettings(),
         rateLimit: ClickRateLimit = .default, closeTimeoutMilliseconds: UInt64? = nil) throws {
        TestEnvironment.prepare()
        self.settings = settings
        capturePath = capture ? TestEnvironment.temporaryFile("capture", extension: "wav") : nil
        let name = device ?? capturePath.map(VirtualSink.captureDevice) ?? VirtualSink.device
        // A 2 s stall timeout: the JACK sink runs without real-time priority
        // and may pause under load; a pause must not count as a lost device.
        output = try ALSAOutput(device: name, renderPriority: nil, stallTimeoutNanoseconds: stallMilliseconds * 1_000_000)
        let box = reported
        var configuration = ClickPlayerConfiguration(
            stream: OutputStreamRequest(sampleFormats: formats, scheduling: scheduling),
            lingerNanoseconds: lingerMilliseconds * 1_000_000,
            retry: RetryBackoff(initialNanoseconds: 50_000_000, maximumNanoseconds: 400_000_000),
            warningHandler: { text in
                box.storage.withLock { $0.warnings.append(text) }
                box.warned.signal()
            },
            eventHandler: { event in box.storage.withLock { $0.events.append(event.description) } })
        if let closeTimeoutMilliseconds { configuration.closeTimeoutNanoseconds = closeTimeoutMilliseconds * 1_000_000 }
        player = ClickPlayer(output: output, configuration: configuration, settings: settings,
                             sounds: SyntheticClickSounds.provider)
        gate = InputClickGate(sink: player, settings: settings, rateLimit: rateLimit)
    }

    deinit {
        if let capturePath { try? FileManager.default.removeItem(atPath: capturePath) }
    }

    /// Shows the keyboard and waits until clicks can play.
    func showAndWaitUntilRunning(seconds: Double = 10) -> Bool {
        gate.setVisibleInputViews([keyboard])
        return player.waitUntil(.running, timeout: .seconds(seconds)) == .reached
    }

    /// Hides the keyboard and waits until the stream has closed after the linger.
    func hideAndWaitUntilClosed(seconds: Double = 10) -> Bool {
        gate.setVisibleInputViews([])
        // The stream is closed before `closed` is published.
        return player.waitUntil(.closed, timeout: .seconds(seconds)) == .reached && player.statistics.format == nil
    }

    /// Taps `kind` through the gate, and keeps the click in ``accepted`` if
    /// the gate let it through: answered ``ClickDecision/plays``, or
    /// ``ClickDecision/held`` or ``ClickDecision/suspect`` (a busy machine can stall the sink long enough
    /// for the player to stop promising; see ``accountsForEveryClick(_:)``).
    @discardableResult
    func tap(_ kind: ClickKind) -> ClickDecision {
        let decision = gate.playInputClick(kind)
        if decision.isAccepted {
            reported.accepted.withLock { $0.append((kind, decision != .plays)) }
        }
        return decision
    }

    /// Waits until every click in ``accepted`` has been written to the
    /// device or dropped as stale.
    func waitForAcceptedClicks(seconds: Double = 10) -> Bool {
        let count = accepted.count
        return player.waitForRenderProgress(timeout: .seconds(seconds)) {
            player.latency.count + player.statistics.staleClicksDropped >= count
        }
    }

    /// Whether the clicks written (`records`, in order) are the clicks in
    /// ``accepted`` but for as many held ones as the player dropped as stale:
    /// every click answered `plays` was written, and a held one written or
    /// counted, none silently absent.
    func accountsForEveryClick(_ records: [LatencyRecord]) -> Bool {
        let taps = accepted
        guard records.count + player.statistics.staleClicksDropped == taps.count else { return false }
        var next = 0
        for tap in taps {
            if next < records.count && records[next].kind == tap.kind {
                next += 1
            } else if !tap.held {
                return false
            }
        }
        return next == records.count
    }

    /// Waits until `count` clicks have been written to the device.
    func waitForWrittenClicks(_ count: Int, seconds: Double = 10) -> Bool {
        player.waitForRenderProgress(timeout: .seconds(seconds)) { player.latency.count >= count }
    }

    /// The audio the capture PCM saved, in `format` (the stream's); call after the stream closed.
    func capturedAudio(_ format: SampleFormat) throws -> CapturedAudio {
        guard let capturePath else { throw CapturedAudio.Malformed(description: "this rig does not capture") }
        return try CapturedAudio(path: capturePath, float32: format == .float32)
    }

    /// What the player should have written: `frames` frames of a render with
    /// each of `records`' clicks at its recorded frame (and `host` from frame
    /// 0), through a mixer set up as the player's. The stream is continuous
    /// (a rewind writes frames again, an underrun drops what the device held
    /// but not what was written), so what the capture PCM saved equals it.
    func expectedAudio(_ records: [LatencyRecord], frames: Int, host: [Float]? = nil) -> [Float] {
        var configuration = MixerConfiguration(sampleRate: 48_000, channels: 2)
        configuration.ducking = settings.ducking
        let mixer = Mixer(configuration: configuration, bank: SyntheticClickSounds.bank())
        mixer.setClickGain(settings.clickGain)
        return ReferenceRender.render(records, frames: frames, host: host, through: mixer)
    }

    /// The player's counts that say where clicks went, for failure messages.
    var accounting: String {
        let statistics = player.statistics
        return "underruns \(statistics.underruns), lost with the device \(statistics.clicksLostWithDevice), "
            + "stale \(statistics.staleClicksDropped), held \(statistics.heldClicks) (dropped \(statistics.heldClicksDropped)), suspect \(statistics.suspectClicks), "
            + "starts \(statistics.starts), rewinds \(statistics.rewinds), queued behind \(statistics.queuedBehind)"
    }

    /// The threads (TIDs) of this process named like the render thread.
    /// Tests in other modules of the same test process that run a
    /// ``NullOutput`` name its thread otherwise, so only the ALSA streams'
    /// threads are counted.
    static func renderThreads() -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { Int32($0) }.filter { threadName($0) == RealtimeThread.renderThreadName }
    }

    static func renderThreadCount() -> Int { renderThreads().count }

    /// The name of this process's thread `thread` (`/proc/self/task/TID/comm`), `nil` once it is gone.
    private static func threadName(_ thread: Int32) -> String? {
        (try? String(contentsOfFile: "/proc/self/task/\(thread)/comm", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A watch on the end of the one render thread that runs (its pidfd), or
    /// `nil` if not exactly one runs or the system has no thread pidfds (Linux 6.9).
    static func watchRenderThread() -> ProcessExitWatch? {
        let threads = renderThreads()
        guard threads.count == 1, let watch = ProcessExitWatch(thread: threads[0]) else { return nil }
        // Still named so once the pidfd holds it: the watch is on the render
        // thread (winding down, it takes the finished name), not on a thread
        // that got its TID after it ended.
        let name = threadName(threads[0])
        guard name == RealtimeThread.renderThreadName || name == RealtimeThread.finishedThreadName else { return nil }
        return watch
    }

    /// The render thread's CPU time (ns, from the scheduler's own account)
    /// and how often it has woken (voluntary context switches), or `nil`
    /// if no render thread runs.
    static func renderThreadActivity() -> (cpuNanoseconds: UInt64, wakeups: Int)? {
        for task in renderThreads() {
            guard let schedstat = try? String(contentsOfFile: "/proc/self/task/\(task)/schedstat", encoding: .utf8),
                  let status = try? String(contentsOfFile: "/proc/self/task/\(task)/status", encoding: .utf8),
                  let cpu = schedstat.split(separator: " ").first.flatMap({ UInt64($0) }),
                  let line = status.split(separator: "\n").first(where: { $0.hasPrefix("voluntary_ctxt_switches:") }),
                  let wakeups = Int(line.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? "")
            else { continue }
            return (cpu, wakeups)
        }
        return nil
    }

    /// The JACK ports this process owns (the ALSA jack plugin names its client after the process ID).
    static func ownJackPorts() -> [String] {
        VirtualSink.ports().filter { $0.contains("\(getpid())") }
    }
}
