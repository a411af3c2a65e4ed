/// A PCM the ALSA configuration advertises, from `snd_device_name_hint`.
public struct ALSADevice: Sendable, Hashable {
    /// Such as `default`, `hw:CARD=PCH,DEV=0` or `pulse`.
    public var name: String
    /// Possibly several lines.
    public var description: String?
    /// `false` for capture-only devices.
    public var canPlay: Bool

    public init(name: String, description: String?, canPlay: Bool) {
        self.name = name
        self.description = description
        self.canPlay = canPlay
    }

    /// In the configuration's order; reads its files.
    ///
    /// - Throws: ``ALSAOutputError/unreadableConfiguration(problem:_:)``, saying where it is broken.
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
