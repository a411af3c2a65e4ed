/// A failed alsa-lib call with alsa-lib's messages meanwhile (``ALSACalls/collectingMessages(_:)``).
struct ALSACallFailure: Error {
    let error: ALSAError
    /// Oldest first.
    let messages: [String]
}

/// Reads alsa-lib's messages (`dlmisc.c`, `conf.c`, 1.2.x) for the causes its codes hide:
/// a plugin library that cannot be loaded (`snd_pcm_open` says only ENXIO), and where a
/// configuration file is broken.
enum ALSALibraryMessages {
    /// The library as the configuration names it, and why, in the loader's words.
    struct MissingLibrary: Equatable {
        var library: String
        var reason: String
    }

    /// The first library alsa-lib could not load (`Cannot open shared library LIB (DLERROR)`)
    /// or that lacks the entry point (`symbol SYM is not defined inside LIB`).
    static func missingLibrary(in messages: [String]) -> MissingLibrary? {
        for message in messages {
            if let rest = message.dropPrefix("Cannot open shared library ") {
                // LIB (DLERROR); the loader's text may itself hold parentheses.
                guard let open = rest.firstIndex(of: "(") else { return MissingLibrary(library: rest, reason: "") }
                var reason = rest[rest.index(after: open)...]
                if reason.hasSuffix(")") { reason = reason.dropLast() }
                return MissingLibrary(library: String(rest[..<open]).trimmingSpaces(), reason: String(reason))
            }
            if let rest = message.dropPrefix("symbol "), let inside = rest.firstRange(of: " is not defined inside ") {
                return MissingLibrary(library: String(rest[inside.upperBound...]),
                                      reason: "it does not define the plugin's entry point \(rest[..<inside.lowerBound])")
            }
        }
        return nil
    }

    /// `libasound2-plugins` or `pipewire-alsa` for the plugins Debian splits out; `nil` for others.
    static func package(providing library: String) -> String? {
        let file = library.split(separator: "/").last.map(String.init) ?? library
        guard let name = file.dropPrefix("libasound_module_"), name.hasSuffix(".so") else { return nil }
        let plugin = name.dropLast(3).split(separator: "_", maxSplits: 1).last.map(String.init) ?? ""
        if plugin == "pipewire" { return "pipewire-alsa" }
        let pluginsPackage = ["jack", "pulse", "a52", "oss", "speex", "upmix", "vdownmix", "usb_stream", "arcam_av"]
        if pluginsPackage.contains(plugin) || ["lavrate", "samplerate", "speexrate"].contains(where: { plugin.hasPrefix($0) }) {
            return "libasound2-plugins"
        }
        return nil
    }

    /// Such as `/etc/asound.conf: line 2: Unexpected char`; alsa-lib's `_toplevel_` is
    /// replaced by the path its "may be old or corrupted" message names.
    static func configurationProblem(in messages: [String]) -> String {
        let corruptSuffix = " may be old or corrupted: consider to remove or fix it"
        let file = messages.lazy.compactMap { $0.hasSuffix(corruptSuffix) ? String($0.dropLast(corruptSuffix.count)) : nil }.first
        var parts: [String] = []
        for message in messages where !message.hasSuffix(corruptSuffix) {
            // FILE:LINE:COLUMN:TEXT
            let fields = message.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            if fields.count == 4, let line = Int(fields[1]), Int(fields[2]) != nil {
                let name = fields[0] == "_toplevel_" ? (file ?? "an ALSA configuration file") : String(fields[0])
                parts.append("\(name): line \(line): \(fields[3].trimmingSpaces())")
            } else {
                parts.append(message)
            }
        }
        if parts.isEmpty, let file { parts.append("\(file) is malformed") }
        return parts.joined(separator: "; ")
    }
}

extension StringProtocol {
    fileprivate func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }

    fileprivate func trimmingSpaces() -> String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
