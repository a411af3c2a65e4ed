import InputClick

/// What an ALSA device is made of, read from `snd_pcm_dump`, and which click scheduling
/// it allows (see README, *How a click is scheduled*). Rewind only where it is real (a
/// fake rewind doubles or loses audio): the first layer not a pass-through is a card,
/// `dmix`, `jack` or `pipewire`. A chain ending in `pulse` appends: its plugin sends
/// writes to the server at once, and a stop corks and flushes, losing clicks silently.
struct ALSADeviceChain: Equatable {
    enum Layer: Equatable {
        case hardware, dmix, jack, pipewire, pulse
        case plug, route, softvol, conversion, file
        case other(String)

        /// Ends a chain whose rewind is real.
        var rewindsTruly: Bool { [.hardware, .dmix, .jack, .pipewire].contains(self) }
        var isTransparent: Bool { [.plug, .route, .softvol, .conversion, .file].contains(self) }
    }

    let layers: [Layer]

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

    /// Whether the device takes its audio a whole server cycle at a time, copied out in the server's thread:
    /// the first layer not a pass-through is `jack`, whose periods are whole multiples of the server's cycle
    /// (so its smallest period is the cycle) unless its `align_psize` is turned off; then the smallest period
    /// is 128 bytes, and the cycle assumed smaller than it is only makes ``TransferCycle`` say less.
    var takesWholeCycles: Bool { layers.first(where: { !$0.isTransparent }) == .jack }

    /// Whether the chain ends in `pulse`. Its plugin makes a new server stream at each
    /// prepare and hands it the start threshold as `prebuf` (a 32-bit byte count): the
    /// boundary comes out as 0 and the server skips audio after an underflow. The render
    /// loop sets the buffer plus a period instead, which the server trims and then waits.
    var endsInPulseAudio: Bool { layers.contains(.pulse) }

    /// 4 ms on a chain ending in `pulse`, else no floor: each period there is a round trip
    /// at normal priority, and every underrun a new server stream; shorter ones underran.
    func minimumPeriodFrames(atSampleRate rate: Int) -> Int {
        endsInPulseAudio ? rate * 4 / 1000 : 0
    }

    /// Kept running from open to close under ``SchedulingPreference/automatic`` on
    /// `pipewire`: each start and stop re-times the server's graph (its quantum) and broke
    /// up music alongside. Kept running, it asks its latency once, at open.
    func keepsRunning(preferring preference: SchedulingPreference) -> Bool {
        guard preference == .automatic, let first = layers.first(where: { !$0.isTransparent }) else { return false }
        return first == .pipewire
    }

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
