#if canImport(Glibc)
import Glibc
#endif

/// What `listen` would read, as `doctor` reports it: the keyboards in the
/// input directory, found by the same discovery as `listen` (``KeyboardSet``),
/// or why there are none and how to fix it. Never a key code: it opens the
/// devices and closes them again without reading an event.
///
/// Thread context: the thread that makes it.
struct ListenDeviceSurvey {
    /// The directory searched: `--input-dir`, `$INPUTCLICK_INPUT_DIR`, or `/dev/input`.
    let directory: String
    /// The keyboards `listen` would read.
    let keyboards: [(path: String, name: String)]
    /// Why none would be read; `nil` when some would.
    let problem: String?
    /// What to do about ``problem``; `nil` when there is nothing to do here.
    let fix: String?

    /// Surveys `directory` the way `listen` discovers keyboards.
    init(directory: String) {
        self.directory = directory
        let set = KeyboardSet(directory: directory, named: [], verbose: false)
        var problem: String?
        var permission = false
        do {
            try set.discover()
        } catch ListenFailure.permission(let text) {
            problem = "cannot read the input directory: \(text)"
            permission = true
        } catch ListenFailure.noKeyboard(let text) {
            problem = text
        } catch {
            problem = "\(error)"
        }
        keyboards = set.devices
        if problem == nil && keyboards.isEmpty {
            if set.permissionDenied.isEmpty {
                problem = "no keyboard (a device with letter keys) in \(directory)"
            } else {
                problem = set.permissionDenied.joined(separator: ", ") + ": permission denied"
                permission = true
            }
        }
        self.problem = problem
        fix = permission ? ListenCommand.permissionFix : nil
    }

    /// The directory `listen` reads when `--input-dir` is not given.
    static func defaultDirectory() -> String {
        getenv("INPUTCLICK_INPUT_DIR").map { String(cString: $0) } ?? "/dev/input"
    }
}
