import CPulseAudio
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// libpulse, loaded with `dlopen("libpulse.so.0")` on first use (thread-safe) and looked
/// up with `dlsym` into `inputclick_pulse_api` (CPulseAudio's shim.h). Nothing links it:
/// without it, ``loaded`` is a failure. Never unloaded (a context may still exist).
final class PulseAudioLibrary: @unchecked Sendable {
    /// The ABI every libpulse since 0.9 keeps.
    static let soname = "libpulse.so.0"

    /// Never changed after loading.
    let api: inputclick_pulse_api

    private init(api: inputclick_pulse_api) {
        self.api = api
    }

    /// Or why not, in `dlopen`'s or `dlsym`'s words.
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
