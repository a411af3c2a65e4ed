import CPipeWire

/// libpipewire-0.3, opened with `dlopen` (never linked, so a machine without it needs nothing).
struct PipeWireLibrary: @unchecked Sendable {
    /// Each non-nil once loaded.
    let api: inputclick_pw_api

    /// Loaded, with `pw_init`, on first use, for the life of the process.
    static let shared: Result<PipeWireLibrary, PipeWireError> = {
        var api = inputclick_pw_api()
        var reason = [CChar](repeating: 0, count: 512)
        let loaded = reason.withUnsafeMutableBufferPointer { inputclick_pw_load(&api, $0.baseAddress, $0.count) }
        guard loaded == 0 else {
            return .failure(.libraryUnavailable(reason: String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
                                                               as: UTF8.self)))
        }
        let library = PipeWireLibrary(api: api)
        library.initialize()
        return .success(library)
    }()

    /// Such as `0.3.65`, or why it cannot be loaded.
    static var version: Result<String, PipeWireError> { shared.map { $0.libraryVersion() } }
}
