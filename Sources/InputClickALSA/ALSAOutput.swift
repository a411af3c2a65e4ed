#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InputClick

/// An ``AudioOutput`` on an ALSA PCM, opened by name: `default`, `hw:X,Y`, `plughw:…`,
/// `dmix`, or any PCM the ALSA configuration defines, including the PipeWire and
/// PulseAudio plugins.
///
/// ```swift
/// let output = try ALSAOutput(device: "default")   // throws for a name that does not exist
/// let player = ClickPlayer(output: output, sounds: provider)
/// ```
///
/// Each stream takes the nearest format, rate and sizes to the request the device allows
/// (``AudioOutputStream/format`` says which). Underruns and suspends are recovered and
/// counted; a device that disappears (ENODEV, EBADFD, EIO, a server gone) or stalls for
/// ``stallTimeoutNanoseconds`` ends the stream with an ``OutputFault``.
public final class ALSAOutput: AudioOutput {
    public let name: String
    /// The SCHED_FIFO priority the render thread asks for; `nil` for normal scheduling.
    public let renderPriority: Int32?
    /// How long the device may go without consuming queued audio before the stream counts
    /// as lost; default 130 ms, so a dead device is declared within 200 ms. A device that
    /// only underruns consumes nothing. At least twice the buffer plus a period.
    public let stallTimeoutNanoseconds: UInt64
    /// Where alsa-lib's messages go, as alsa-lib would print them, after the call that
    /// caused them (the device check, ``openStream(_:)`` and the close; not the render
    /// thread). `nil`: standard error, unless ``silenceLibraryMessages()``. A process that
    /// installed its own `snd_lib_error_set_handler` keeps getting every message there.
    public let libraryMessageHandler: (@Sendable (String) -> Void)?

    /// Checks the name against the ALSA configuration; nothing is opened until a stream is.
    ///
    /// - Throws: ``ALSAOutputError/unknownDevice(name:)``, ``ALSAOutputError/unknownCard(name:card:)``
    ///   for a `hw:`/`plughw:` name's missing card, ``ALSAOutputError/emptyDeviceName``,
    ///   ``ALSAOutputError/unreadableConfiguration(problem:_:)``. A device that cannot be
    ///   opened now (busy, no card, server down) is not an error here: the player retries.
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

    /// `true`: the sound servers' plugins wait on the socket in `snd_pcm_open` and
    /// `snd_pcm_close`, for ever when the server is frozen.
    public var callsMayBlock: Bool { true }

    /// Opens without waiting for a busy device and negotiates the format and sizes.
    ///
    /// - Throws: ``ALSAOutputError/openFailed(device:_:)``, ``ALSAOutputError/missingPlugin(device:library:reason:)``
    ///   (then the player retries only rarely), ``ALSAOutputError/configurationFailed(device:_:)``
    ///   or ``ALSAOutputError/noUsableFormat(device:tried:)``.
    public func openStream(_ request: OutputStreamRequest) throws -> any AudioOutputStream {
        try ALSACalls.routingMessages(to: libraryMessageHandler) { () throws -> any AudioOutputStream in
            try openRoutedStream(request)
        }
    }

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
            let cycleFrames = ALSANegotiation.transferCycleFrames(pcm, chain: chain, format: format)
            let counters = OutputCounters()
            let device = ALSARenderDevice(pcm: pcm, counters: counters, clock: request.clock,
                                          transferCycleFrames: cycleFrames.map { min($0, format.periodFrames) },
                                          libraryMessageHandler: libraryMessageHandler)
            return RenderStream(device: device, deviceName: "ALSA device '\(name)'", format: format, counters: counters,
                                scheduling: scheduling, keepsRunning: keepsRunning, refillRoomFrames: wake,
                                safeguardFrames: request.rewindSafeguardFrames,
                                stallTimeoutNanoseconds: stallTimeoutNanoseconds, priority: renderPriority)
        } catch {
            ALSACalls.close(pcm)
            throw error
        }
    }

    /// Turns off alsa-lib's per-call mutex for PCMs opened afterwards (sets
    /// `LIBASOUND_THREAD_SAFE=0` unless already set), so the render thread takes no lock.
    /// Safe because one thread at a time uses a stream's PCM; process-wide, so a host that
    /// shares a PCM handle between threads must not call it. Call at start-up, before other
    /// threads run and before any PCM is opened.
    public static func disableLibraryLocking() {
        setenv("LIBASOUND_THREAD_SAFE", "0", 0)
    }

    /// Tells the `pulse` and `pipewire` PCMs opened afterwards the streams' role, name and
    /// icon (``ALSAStreamProperties``) through `PIPEWIRE_ALSA`, `PULSE_PROP` and
    /// `PULSE_PROP_OVERRIDE`, each unless already set. Process-wide (libpulse applies
    /// `PULSE_PROP` to every client of the process). Call at start-up, before other threads run.
    public static func announceStreams(_ properties: ALSAStreamProperties = ALSAStreamProperties()) {
        for variable in properties.environment {
            setenv(variable.name, variable.value, 0)
        }
    }

    /// Stops alsa-lib printing diagnostics (`ALSA lib confmisc.c:855:(parse_card) …`, at
    /// every failed open) to standard error; the player reports each problem once itself.
    /// Replaces alsa-lib's handler process-wide. Call at start-up, before other threads use ALSA.
    public static func silenceLibraryMessages() {
        ALSACalls.silenceLibraryMessages()
    }

    /// Such as `1.2.8`.
    public static var libraryVersion: String { ALSACalls.libraryVersion() }

    /// `hw:1,0` → `1`, `hw:CARD=PCH` → `PCH`; `nil` for other names.
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
