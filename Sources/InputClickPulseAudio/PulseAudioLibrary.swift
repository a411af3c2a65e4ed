import CPulseAudio
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// libpulse, loaded at run time with `dlopen("libpulse.so.0")` the first
/// time it is needed, and its functions looked up with `dlsym` into one
/// table (`inputclick_pulse_api`, declared in CPulseAudio's shim.h). Nothing
/// of ours links libpulse: a machine without it loads nothing and gets
/// ``loaded``'s failure as text.
///
/// The library stays loaded for the life of the process (a `dlclose` while
/// a context may still exist would be unsafe, and it is loaded once).
///
/// The first use loads (Swift's lazy statics are thread-safe).
final class PulseAudioLibrary: @unchecked Sendable {
    /// The soname looked for: the ABI every libpulse since 0.9 keeps.
    static let soname = "libpulse.so.0"

    /// The loaded library's functions; never changed after loading.
    let api: inputclick_pulse_api

    private init(api: inputclick_pulse_api) {
        self.api = api
    }

    /// The library, or why it could not be loaded (`dlopen`'s or `dlsym`'s words).
    static let loaded: Result<PulseAudioLibrary, PulseAudioOutputError> = {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(.libraryUnavailable(reason: dynamicLinkerMessage() ?? "dlopen(\(soname)) failed"))
        }
        var api = inputclick_pulse_api()
        if let missing = inputclick_pulse_resolve(handle, &api) {
            return .failure(.libraryUnavailable(reason: "\(soname) has no '\(String(cString: missing))'"))
        }
        return .success(PulseAudioLibrary(api: api))
    }()

    /// The library, or the reason it is unavailable, thrown.
    static func require() throws(PulseAudioOutputError) -> PulseAudioLibrary {
        switch loaded {
        case .success(let library): return library
        case .failure(let error): throw error
        }
    }

    private static func dynamicLinkerMessage() -> String? {
        guard let text = dlerror() else { return nil }
        return String(cString: text)
    }
}
