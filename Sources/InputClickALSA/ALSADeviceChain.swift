import InputClick

/// What an ALSA device is made of, read from alsa-lib's own description of
/// its plugin chain (`snd_pcm_dump`), and which click scheduling it allows.
///
/// Rewind is used only where it is real, because a fake rewind doubles or
/// loses audio:
/// - the first layer that is not a plain pass-through must be a sound card
///   (`hw`), `dmix`, `jack` or `pipewire`, whose rewinds take back audio not
///   yet played (what lies below it, such as dmix's card, is its own affair);
/// - the layers above it may only be `plug`, `route`, `softvol`, sample
///   format conversions, or `file` (which keeps a buffer's worth of audio
///   unsaved and takes rewinds out of it, so the file gets what played);
/// - a chain that ends in `pulse` means ``ClickScheduling/append``: the
///   stream runs while open. Its plugin sends what is written to the server
///   at once, so a rewind cannot take it back; and starting and stopping
///   per click loses clicks without an error: every click plays on a new
///   server stream, and a stop corks and flushes it, dropping what the
///   server took but had not yet played. Through a real PulseAudio 16 (scripts/pulseaudio-sink.sh),
///   on-demand starts left 1 click of 60 heard, every write a success; the
///   stream kept running, 60 of 60. Periods are at least
///   ``minimumPeriodFrames(atSampleRate:)``, and the start threshold is set
///   for the plugin (see ``endsInPulseAudio``);
/// - anything else means ``ClickScheduling/onDemand``: `null` (its
///   rewindable is fake), `rate` (its rewind is approximate), and every layer
///   not known.
struct ALSADeviceChain: Equatable {
    /// One layer of the chain, from the device opened to its end.
    enum Layer: Equatable {
        case hardware, dmix, jack, pipewire, pulse
        case plug, route, softvol, conversion, file
        case other(String)

        /// Ends a chain whose rewind is real.
        var rewindsTruly: Bool { [.hardware, .dmix, .jack, .pipewire].contains(self) }
        /// Passes rewinds through exactly.
        var isTransparent: Bool { [.plug, .route, .softvol, .conversion, .file].contains(self) }
    }

    /// The layers, outermost first.
    let layers: [Layer]

    /// Reads the layers from `snd_pcm_dump` text.
    init(dump: String) {
        var layers: [Layer] = []
        for rawLine in dump.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let first = rawLine.first, first != " ", first != "\t" else { continue }
            var line = Substring(rawLine)
            while line.hasPrefix("Slave: ") { line = line.dropFirst("Slave: ".count) }
            guard line.contains("PCM") else { continue }
            // "Plug PCM: X" is the plug layer, then X on the same line.
            if line.hasPrefix("Plug PCM") {
                layers.append(.plug)
                line = line.dropFirst("Plug PCM".count)
                if line.hasPrefix(": ") { line = line.dropFirst(2) }
                guard !line.isEmpty else { continue }
            }
            layers.append(Self.layer(String(line)))
        }
        self.layers = layers
    }

    private static func layer(_ line: String) -> Layer {
        if line.hasPrefix("Hardware PCM") { return .hardware }
        if line.hasPrefix("Direct Stream Mixing PCM") { return .dmix }
        if line.contains("<-> JACK PCM I/O Plugin") { return .jack }
        if line.contains("<-> PipeWire PCM I/O Plugin") { return .pipewire }
        if line.contains("<-> PulseAudio PCM I/O Plugin") { return .pulse }
        if line.hasPrefix("Route conversion PCM") { return .route }
        if line.hasPrefix("Soft volume PCM") { return .softvol }
        if line.hasPrefix("Linear conversion PCM") || line.hasPrefix("Linear Integer <-> Linear Float conversion PCM")
            || line.hasPrefix("Linear Float conversion PCM") { return .conversion }
        if line.hasPrefix("File PCM") || line.hasPrefix("Final file PCM") { return .file }
        return .other(line)
    }

    /// Whether the chain ends in ALSA's `pulse` plugin. The plugin makes a
    /// new server stream at every prepare (after each underrun, and after
    /// each stop, ready for the next start) and hands it the start threshold as its prebuffer
    /// (`prebuf`, in bytes, a 32-bit field). alsa-lib's boundary, which the
    /// render loop sets elsewhere to mean "never start by yourself", comes
    /// out there as 0: the server then plays the stream as soon as it
    /// connects and, after an underflow, moves its read position on and
    /// drops the audio written behind it. Kept running with 64-frame periods,
    /// every stream after the first had `prebuf=0` in the server's log, and
    /// 35 to 51 clicks of 60 were heard. A threshold of the buffer plus a
    /// period never starts the device either, and the server trims the
    /// prebuffer it makes to the buffer less a period: after an underflow it
    /// waits for audio instead of skipping it.
    var endsInPulseAudio: Bool { layers.contains(.pulse) }

    /// The shortest period this chain is asked for, whatever the latency
    /// profile: 4 ms on a chain that ends in `pulse`, else no floor. Each
    /// period there is a request and an answer through the server's
    /// protocol and the client library's own thread, at normal priority;
    /// with the stream kept running (``ClickScheduling/append``) on a
    /// loaded 2-core machine, 64-frame periods (a 192-frame buffer, the
    /// plugin's 3 periods at least) underran 25 to 116 times in 6 s, and
    /// every underrun is a new server stream, with silence and what the old
    /// one held lost; 192-frame periods underran 0 to 3 times.
    func minimumPeriodFrames(atSampleRate rate: Int) -> Int {
        endsInPulseAudio ? rate * 4 / 1000 : 0
    }

    /// Whether a stream on this chain is kept running from open to close,
    /// never stopped while silent: under ``SchedulingPreference/automatic``,
    /// where the first layer that is not a pass-through is `pipewire`. Each
    /// start and stop of a PipeWire stream re-times the server's whole graph
    /// (its quantum follows the active streams' latencies): a stream started
    /// and stopped per click changed the quantum twice per tap and broke up
    /// music playing alongside. Kept running, it asks its latency
    /// (``OutputStreamRequest/serverLatency``) once, at open.
    func keepsRunning(preferring preference: SchedulingPreference) -> Bool {
        guard preference == .automatic, let first = layers.first(where: { !$0.isTransparent }) else { return false }
        return first == .pipewire
    }

    /// The scheduling this chain allows under `preference`.
    func scheduling(preferring preference: SchedulingPreference) -> ClickScheduling {
        switch preference {
        case .append: return .append
        case .onDemand: return .onDemand
        case .automatic:
            // Whatever lies above it, a chain that ends in the server loses
            // what a stop takes back.
            if endsInPulseAudio { return .append }
            guard let first = layers.first(where: { !$0.isTransparent }), first.rewindsTruly else { return .onDemand }
            return .rewind
        }
    }
}
