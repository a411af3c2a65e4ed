#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InputClick

/// An ``AudioOutput`` on an ALSA PCM, opened by name: `default`, `hw:X,Y`,
/// `plughw:…`, `dmix`, or any PCM the ALSA configuration defines, including
/// the PipeWire and PulseAudio plugins.
///
/// ```swift
/// let output = try ALSAOutput(device: "default")   // throws for a name that does not exist
/// let player = ClickPlayer(output: output, sounds: provider)
/// ```
///
/// Each stream negotiates S16, S32 or float, the channels and the rate (48 kHz
/// preferred), and the period and buffer of the request's
/// ``LatencyProfile``, taking the nearest the device allows; the stream's
/// ``AudioOutputStream/format`` reports what it got. A dedicated render
/// thread named `inputclick-rt` renders one period at a time, asks for
/// SCHED_FIFO and quietly keeps normal scheduling when refused.
///
/// Underruns and suspends are recovered in place and counted. A device that
/// disappears (ENODEV, EBADFD, EIO, a sound server gone) or stops consuming
/// audio for ``stallTimeoutNanoseconds`` ends the stream with an
/// ``OutputFault``; the player then retries with backoff.
public final class ALSAOutput: AudioOutput {
    /// The PCM name.
    public let name: String
    /// The SCHED_FIFO priority the render thread asks for; `nil` for normal scheduling.
    public let renderPriority: Int32?
    /// How long the device may go without consuming audio before the stream
    /// counts as lost. Default 130 ms (``LivenessPolicy/stallTimeoutNanoseconds``
    /// of the standard policy), so that with the loop's last look and the
    /// control queue's answer a dead device is declared within 200 ms: a stream stopped while silent proves
    /// nothing, so this runs only while audio is queued, and a device that
    /// only ever underruns counts as consuming nothing. A stream with long periods waits at
    /// least twice the time of its buffer plus one period, so that a device
    /// that is merely slow to take a whole buffer never counts as lost.
    public let stallTimeoutNanoseconds: UInt64
    /// Where alsa-lib's own messages go while the output calls it: each, as
    /// alsa-lib would print it (`ALSA lib confmisc.c:855:(parse_card) cannot
    /// find card '0'`), after the call that caused it returned. `nil`: they go
    /// to standard error as alsa-lib prints them (unless
    /// ``silenceLibraryMessages()`` was called).
    ///
    /// It covers the device check in ``init(device:renderPriority:stallTimeoutNanoseconds:libraryMessageHandler:)``,
    /// ``openStream(_:)`` and the stream's close, on the threads that make
    /// them; not the render thread, whose rare messages alsa-lib's handler
    /// takes. alsa-lib's handler itself is left alone: the messages are
    /// caught with alsa-lib's thread-local handler, which its default
    /// handler calls, so a process that installed its own handler
    /// (`snd_lib_error_set_handler`) keeps getting every message there, and
    /// none reach this one.
    public let libraryMessageHandler: (@Sendable (String) -> Void)?

    /// Checks the device name against the ALSA configuration and makes an output for it.
    /// Nothing is opened until a stream is.
    ///
    /// - Throws: ``ALSAOutputError/unknownDevice(name:)`` when no PCM of that
    ///   name is defined, ``ALSAOutputError/unknownCard(name:card:)`` when a
    ///   `hw:`/`plughw:` name refers to a card that does not exist, and
    ///   ``ALSAOutputError/emptyDeviceName``, and
    ///   ``ALSAOutputError/unreadableConfiguration(problem:_:)`` when the ALSA
    ///   configuration has a syntax error. A device that exists but cannot be
    ///   opened now (busy, no card behind `default`, sound server down) is not
    ///   an error here: the player warns and retries.
    ///
    /// Reads the ALSA configuration.
    public init(device: String = "default", renderPriority: Int32? = RealtimeThread.defaultPriority,
                stallTimeoutNanoseconds: UInt64 = LivenessPolicy.standard.stallTimeoutNanoseconds,
                libraryMessageHandler: (@Sendable (String) -> Void)? = nil) throws(ALSAOutputError) {
        let trimmed = device.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .emptyDeviceName }
        try ALSACalls.routingMessages(to: libraryMessageHandler) { () throws(ALSAOutputError) in
            let defined: Bool
            do throws(ALSACallFailure) {
                defined = try ALSACalls.isPCMDefined(trimmed)
            } catch {
                throw .unreadableConfiguration(problem: ALSALibraryMessages.configurationProblem(in: error.messages), error.error)
            }
            guard defined else { throw .unknownDevice(name: trimmed) }
            if let card = Self.cardArgument(of: trimmed), ALSACalls.cardIndex(card) == nil {
                throw .unknownCard(name: trimmed, card: card)
            }
        }
        name = trimmed
        self.libraryMessageHandler = libraryMessageHandler
        self.renderPriority = renderPriority
        self.stallTimeoutNanoseconds = max(LivenessPolicy.minimumStallTimeoutNanoseconds, stallTimeoutNanoseconds)
    }

    /// `true`: alsa-lib's plugins for sound servers (jack, pipewire, pulse)
    /// wait on the server's socket in `snd_pcm_open` and `snd_pcm_close`,
    /// for ever when the server is frozen.
    public var callsMayBlock: Bool { true }

    /// Opens the PCM, negotiates the format and sizes, and returns the stream.
    ///
    /// - Throws: ``ALSAOutputError/openFailed(device:_:)`` when the device
    ///   cannot be opened now, ``ALSAOutputError/missingPlugin(device:library:reason:)``
    ///   when its definition names a plugin whose library cannot be loaded
    ///   (the player then retries only rarely), ``ALSAOutputError/configurationFailed(device:_:)``
    ///   or ``ALSAOutputError/noUsableFormat(device:tried:)`` when it refuses
    ///   every configuration.
    ///
    /// It does not wait for a busy device.
    public func openStream(_ request: OutputStreamRequest) throws -> any AudioOutputStream {
        try ALSACalls.routingMessages(to: libraryMessageHandler) { () throws -> any AudioOutputStream in
            try openRoutedStream(request)
        }
    }

    /// ``openStream(_:)``'s work, with alsa-lib's messages routed.
    private func openRoutedStream(_ request: OutputStreamRequest) throws -> any AudioOutputStream {
        let pcm: PCMHandle
        do {
            pcm = try ALSACalls.open(name)
        } catch {
            if let missing = ALSALibraryMessages.missingLibrary(in: error.messages) {
                throw ALSAOutputError.missingPlugin(device: name, library: missing.library, reason: missing.reason)
            }
            throw ALSAOutputError.openFailed(device: name, error.error)
        }
        do {
            let chain = ALSADeviceChain(dump: ALSACalls.chainDescription(pcm))
            let scheduling = chain.scheduling(preferring: request.scheduling)
            let keepsRunning = chain.keepsRunning(preferring: request.scheduling)
            let format = try ALSANegotiation.negotiate(pcm, device: name, request: request, scheduling: scheduling,
                                                       chain: chain)
            let wake = ALSANegotiation.wakeFrames(period: format.periodFrames, buffer: format.bufferFrames, scheduling: scheduling,
                                                  keepsRunning: keepsRunning,
                                                  serverLatency: request.serverLatency.frames(atSampleRate: format.sampleRate))
            let counters = OutputCounters()
            let device = ALSARenderDevice(pcm: pcm, counters: counters, libraryMessageHandler: libraryMessageHandler)
            return RenderStream(device: device, deviceName: "ALSA device '\(name)'", format: format, counters: counters,
                                scheduling: scheduling, keepsRunning: keepsRunning, refillRoomFrames: wake,
                                safeguardFrames: request.rewindSafeguardFrames,
                                stallTimeoutNanoseconds: stallTimeoutNanoseconds, priority: renderPriority)
        } catch {
            ALSACalls.close(pcm)
            throw error
        }
    }

    /// Turns off alsa-lib's internal per-call mutex for every PCM opened
    /// afterwards, so the render thread takes no lock at all, by setting
    /// `LIBASOUND_THREAD_SAFE=0` unless the environment already sets it.
    ///
    /// Safe because a stream's PCM is only ever used by one thread at a time:
    /// the control queue opens and configures it, then the render thread
    /// alone uses it, and the control queue closes it after joining that
    /// thread. It also affects PCMs the host opens itself, so a host that
    /// shares one PCM handle between threads must not call this.
    ///
    /// Thread context: call at start-up, before other threads run and before
    /// any PCM is opened (alsa-lib reads the variable once).
    public static func disableLibraryLocking() {
        setenv("LIBASOUND_THREAD_SAFE", "0", 0)
    }

    /// Tells the `pulse` and `pipewire` PCMs opened afterwards what the
    /// streams are: their role (`event`), the application's name and its
    /// icon (see ``ALSAStreamProperties``). Sets `PIPEWIRE_ALSA`,
    /// `PULSE_PROP` and `PULSE_PROP_OVERRIDE`, each unless the environment
    /// already sets it, so a user's own choice wins. Other devices ignore them.
    ///
    /// The variables are process-wide: PCMs the host opens itself carry the
    /// same properties, and libpulse applies `PULSE_PROP` to every PulseAudio
    /// client of the process.
    ///
    /// Thread context: call at start-up, before other threads run (setting
    /// the environment is not safe while another thread reads it).
    public static func announceStreams(_ properties: ALSAStreamProperties = ALSAStreamProperties()) {
        for variable in properties.environment {
            setenv(variable.name, variable.value, 0)
        }
    }

    /// Stops alsa-lib from printing its own diagnostics to standard error
    /// (lines such as `ALSA lib confmisc.c:855:(parse_card) cannot find card '0'`,
    /// repeated at every attempt to open a device that is not there). The
    /// player already reports each problem once, in its own words. This
    /// replaces alsa-lib's error handler for the whole process.
    ///
    /// Thread context: call at start-up, before other threads use ALSA.
    public static func silenceLibraryMessages() {
        ALSACalls.silenceLibraryMessages()
    }

    /// The alsa-lib version in use, such as `1.2.8`.
    public static var libraryVersion: String { ALSACalls.libraryVersion() }

    /// The card part of a `hw:`/`plughw:` name (`hw:1,0` → `1`, `hw:CARD=PCH` → `PCH`), if any.
    static func cardArgument(of name: String) -> String? {
        guard let colon = name.firstIndex(of: ":") else { return nil }
        let kind = name[..<colon]
        guard kind == "hw" || kind == "plughw" else { return nil }
        let arguments = name[name.index(after: colon)...].split(separator: ",")
        guard let first = arguments.first else { return nil }
        if let named = arguments.first(where: { $0.hasPrefix("CARD=") }) {
            return String(named.dropFirst(5))
        }
        return first.contains("=") ? nil : String(first)
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
