/// A PCM the ALSA configuration advertises, from `snd_device_name_hint`.
public struct ALSADevice: Sendable, Hashable {
    /// The name to open it by, such as `default`, `hw:CARD=PCH,DEV=0` or `pulse`.
    public var name: String
    /// The configuration's description, possibly several lines.
    public var description: String?
    /// Whether it plays (`false` for capture-only devices).
    public var canPlay: Bool

    /// Creates a device entry.
    ///
    /// It only stores its arguments.
    public init(name: String, description: String?, canPlay: Bool) {
        self.name = name
        self.description = description
        self.canPlay = canPlay
    }

    /// The playback PCMs the ALSA configuration advertises, in its order.
    ///
    /// - Throws: ``ALSAOutputError/unreadableConfiguration(problem:_:)`` if
    ///   the configuration cannot be read, saying where it is broken.
    ///
    /// Reads the configuration files.
    public static func playbackDevices() throws -> [ALSADevice] {
        let (result, messages) = ALSACalls.collectingMessages { () throws(ALSAError) in try ALSACalls.pcmHints() }
        do {
            return try result.get()
                .map { ALSADevice(name: $0.name, description: $0.description, canPlay: $0.direction != "Input") }
                .filter(\.canPlay)
        } catch {
            throw ALSAOutputError.unreadableConfiguration(problem: ALSALibraryMessages.configurationProblem(in: messages), error)
        }
    }
}
