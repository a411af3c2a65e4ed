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
/// - anything else means ``ClickScheduling/onDemand``: `pulse` (its plugin
///   has already sent the audio to the server), `null` (its rewindable is
///   fake), `rate` (its rewind is approximate), and every layer not known.
///
/// Thread context: a plain value; any thread.
struct ALSADeviceChain: Equatable {
    /// One layer of the chain, from the device opened to its end.
    enum Layer: Equatable {
        case hardware, dmix, jack, pipewire
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
        if line.hasPrefix("Route conversion PCM") { return .route }
        if line.hasPrefix("Soft volume PCM") { return .softvol }
        if line.hasPrefix("Linear conversion PCM") || line.hasPrefix("Linear Integer <-> Linear Float conversion PCM")
            || line.hasPrefix("Linear Float conversion PCM") { return .conversion }
        if line.hasPrefix("File PCM") || line.hasPrefix("Final file PCM") { return .file }
        return .other(line)
    }

    /// The scheduling this chain allows under `preference`.
    func scheduling(preferring preference: SchedulingPreference) -> ClickScheduling {
        switch preference {
        case .append: return .append
        case .onDemand: return .onDemand
        case .automatic:
            guard let first = layers.first(where: { !$0.isTransparent }), first.rewindsTruly else { return .onDemand }
            return .rewind
        }
    }
}
