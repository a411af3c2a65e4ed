import Synchronization

/// The user's settings as they stand now, kept up to date while the file changes.
///
/// ```swift
/// let store = SettingsStore()                 // reads the file once, now
/// gate.apply(store.current)
/// store.startWatching(onChange: { gate.apply($0) }, onError: { log("\($0)") })
/// ```
///
/// ``current`` is the defaults with four layers applied, each over the ones before: the desktop
/// (``DesktopSettings``, read at each load), the keys the last good file sets, the host's in-memory
/// overrides (``setHostOverride(_:to:)``), and the environment (``SettingsEnvironmentOverrides``, read
/// once). A file with any error changes nothing (``lastError`` says why); a missing file means the
/// defaults. See README, *Settings*.
///
/// Live reload watches the file's directory with inotify (or its nearest existing ancestor, see
/// ``watchedDirectory``), so rename-over saves are seen; edits to a symbolic link's target elsewhere are
/// not. An idle watch costs no CPU. When the location cannot be named (``locationError``), nothing is read.
///
/// Thread context: state sits behind a `Mutex`; reads take a short lock. ``reload()`` and the
/// initializers read the file on the calling thread.
public final class SettingsStore: Sendable {
    /// When ``locationError`` is set, only an approximation for messages (U+FFFD for bytes not UTF-8).
    public let filePath: String
    /// Why no settings file is read: a variable naming it is not UTF-8 text.
    public let locationError: SettingsError?
    /// ``SettingsEnvironmentOverrides/none`` when the environment held a bad value.
    public let environmentOverrides: SettingsEnvironmentOverrides
    /// Why part of the environment was refused: a bad setting's variable drops the whole environment layer,
    /// a bad `INPUTCLICK_DESKTOP_SETTINGS` the desktop layer. The first is named when both are bad.
    public let environmentError: SettingsError?

    private let home: SettingsHome
    private let state: Mutex<State>
    /// Serializes whole reloads (read, parse, commit), so an older read never commits after a newer one.
    private let reloadLock = Mutex(())
    private let watching = Mutex<SettingsFileWatcher?>(nil)

    private let readDesktop: @Sendable () -> DesktopSettings
    /// Whether ``filePath`` is read at all; `false` for ``readingNothing()``.
    private let readsFile: Bool

    private struct State {
        var desktop: DesktopSettings
        var fileLayer: SettingsLayer
        var hostLayer: SettingsLayer
        var current: ClickSettings
        var fileError: SettingsError?
    }

    /// What one `startWatching` call's callbacks were last told.
    private final class Delivery: Sendable {
        let last: Mutex<(settings: ClickSettings, wasError: Bool)>
        init(_ settings: ClickSettings) { last = Mutex((settings, false)) }
    }

    /// Loads the settings file once.
    ///
    /// - Parameters:
    ///   - filePath: When `nil`, `INPUTCLICK_CONFIG`, else the XDG location (``SettingsLocation``).
    ///     A relative path is relative to the current directory.
    ///   - environment: Where `INPUTCLICK_*`, `XDG_CONFIG_HOME` and `HOME` are looked up, byte by byte,
    ///     so a value that is not UTF-8 is refused by name.
    ///   - desktop: Reads the desktop layer; tests pass a fixed one.
    public init(filePath: String? = nil, environment: ProcessEnvironment = .current(),
                desktop: (@Sendable () -> DesktopSettings)? = nil) {
        var locationError: SettingsError?
        if let filePath {
            self.filePath = FilePaths.standardized(filePath.hasPrefix("/") ? filePath
                                                   : SettingsValueSyntax.joined(FilePaths.currentDirectory(), filePath))
        } else {
            do throws(SettingsError) {
                self.filePath = try SettingsLocation.filePath(environment: environment)
            } catch {
                locationError = error
                self.filePath = Self.approximateFilePath(environment: environment)
            }
        }
        self.readDesktop = desktop ?? { DesktopSettings.read(environment: environment) }
        self.readsFile = true
        self.locationError = locationError
        self.home = SettingsHome(environment: environment)
        var overrides = SettingsEnvironmentOverrides.none
        var environmentError: SettingsError?
        do throws(SettingsError) {
            overrides = try SettingsEnvironmentOverrides(environment: environment)
        } catch {
            environmentError = error
        }
        self.environmentOverrides = overrides
        self.environmentError = environmentError ?? DesktopSettings.switchError(in: environment)
        let defaults = ClickSettings()
        state = Mutex(State(desktop: .none, fileLayer: .empty, hostLayer: .empty,
                            current: overrides.applied(to: defaults), fileError: nil))
        reload()
    }

    /// For an environment that is all UTF-8 text.
    public convenience init(filePath: String? = nil, environment: [String: String],
                            desktop: (@Sendable () -> DesktopSettings)? = nil) {
        self.init(filePath: filePath, environment: ProcessEnvironment(environment), desktop: desktop)
    }

    /// A store that reads nothing: no file, no environment, no desktop. ``current`` is the defaults (with any
    /// host overrides), ``reload()`` keeps them, watching does nothing, ``filePath`` is empty. For tools whose
    /// clicks must not depend on the machine's settings (``ClickSession``).
    public static func readingNothing() -> SettingsStore { SettingsStore(readingNothing: ()) }

    private init(readingNothing: Void) {
        filePath = ""
        locationError = nil
        environmentOverrides = .none
        environmentError = nil
        home = SettingsHome(directory: nil)
        readDesktop = { .none }
        readsFile = false
        state = Mutex(State(desktop: .none, fileLayer: .empty, hostLayer: .empty, current: ClickSettings(), fileError: nil))
    }

    /// The path with non-UTF-8 bytes read as U+FFFD: for messages only, never read.
    private static func approximateFilePath(environment: ProcessEnvironment) -> String {
        var lossy = environment.variables
        for (name, raw) in environment.nonUTF8Variables { lossy[name] = String(decoding: raw.bytes, as: UTF8.self) }
        return (try? SettingsLocation.filePath(environment: ProcessEnvironment(lossy))) ?? "/"
    }

    deinit {
        watching.withLock { $0 }?.stop()
    }

    /// The defaults with the desktop, file, host and environment layers applied in that order.
    public var current: ClickSettings { state.withLock { $0.current } }

    /// The last load's file error, else ``environmentError``.
    public var lastError: SettingsError? { state.withLock { $0.fileError } ?? environmentError }

    /// Reads the file again and, if good, makes it the file layer; rereads the desktop layer either way.
    /// On error only ``lastError`` changes. Does not call the watch callbacks.
    @discardableResult
    public func reload() -> Result<ClickSettings, SettingsError> {
        reloadLock.withLock { _ in
            let outcome: Result<SettingsLayer, SettingsError>
            do throws(SettingsError) {
                if let locationError { throw locationError }
                if readsFile, let text = try SettingsFileReader.read(path: filePath) {
                    let settings = try SettingsFileFormat.parse(text: text, file: filePath, home: home)
                    outcome = .success(SettingsLayer(keys: SettingsFileFormat.keys(in: text), of: settings))
                } else {
                    outcome = .success(.empty)
                }
            } catch {
                outcome = .failure(error)
            }
            let desktop = readDesktop()
            return state.withLock { state in
                state.desktop = desktop
                switch outcome {
                case .success(let fileLayer):
                    state.fileLayer = fileLayer
                    state.fileError = nil
                    compose(&state)
                    return .success(state.current)
                case .failure(let error):
                    state.fileError = error
                    compose(&state)
                    return .failure(error)
                }
            }
        }
    }

    private func compose(_ state: inout State) {
        let layers = [state.desktop.layer, state.fileLayer, state.hostLayer]
        state.current = environmentOverrides.applied(to: layers.reduce(ClickSettings()) { $1.applied(to: $0) })
    }

    /// ``DesktopSettings/none`` when it cannot be read or the lookup is off.
    public var desktopSettings: DesktopSettings { state.withLock { $0.desktop } }

    /// The keys the settings file in force sets.
    public var fileKeys: [SettingsKey] { state.withLock { $0.fileLayer.keys } }

    // MARK: Host overrides

    /// Sets one key in the host layer, in memory only; `text` is spelled as in the settings file
    /// (`~` expands, a relative `sound-pack` is relative to the current directory). Returns the new
    /// ``current``; does not call the watch callbacks.
    ///
    /// - Throws: ``SettingsError/Kind/invalidValue`` for a bad value; the host layer is unchanged then.
    @discardableResult
    public func setHostOverride(_ key: SettingsKey, to text: String) throws(SettingsError) -> ClickSettings {
        switch key.parse(text, baseDirectory: FilePaths.currentDirectory(), home: home) {
        case .success(let value):
            return state.withLock { state in
                state.hostLayer.values[key] = value
                compose(&state)
                return state.current
            }
        case .failure(let problem):
            throw SettingsError(kind: .invalidValue, problem: "host setting \(key) \(problem.text)")
        }
    }

    /// Lets the file's, desktop's or default value apply again; returns the new ``current``.
    @discardableResult
    public func clearHostOverride(_ key: SettingsKey) -> ClickSettings {
        state.withLock { state in
            state.hostLayer.values[key] = nil
            compose(&state)
            return state.current
        }
    }

    @discardableResult
    public func clearHostOverrides() -> ClickSettings {
        state.withLock { state in
            state.hostLayer = .empty
            compose(&state)
            return state.current
        }
    }

    /// In the documented order.
    public var hostOverrideKeys: [SettingsKey] { state.withLock { $0.hostLayer.keys } }

    /// ``SettingsFileFormat/parse(text:file:homeDirectory:)``, kept here for callers of the store.
    public static func parse(text: String, file: String, homeDirectory: String? = nil) throws(SettingsError) -> ClickSettings {
        try SettingsFileFormat.parse(text: text, file: file, homeDirectory: homeDirectory)
    }

    // MARK: Live reload

    /// Reloads the file whenever it changes. A good file calls `onChange` when the settings differ from
    /// those last delivered (or the previous check failed); a bad one calls `onError` and changes nothing.
    /// Calling again replaces the callbacks. One check runs before this returns, so a change since the
    /// store was made is reported too.
    ///
    /// If inotify fails (now or later), `onError` gets ``SettingsError/Kind/watchFailed`` and
    /// ``isWatching`` is `false`. With a ``locationError``, or ``readingNothing()``, this does nothing.
    ///
    /// - Parameter scheduler: Coalesces a burst of changes into one check; `nil` for the wall clock.
    ///
    /// Thread context: the callbacks run one at a time on a private serial queue, never after
    /// ``stopWatching()`` returns; they may call any method of the store.
    public func startWatching(scheduler: (any ControlScheduler)? = nil,
                              onChange: @escaping @Sendable (ClickSettings) -> Void,
                              onError: @escaping @Sendable (SettingsError) -> Void) {
        guard locationError == nil, readsFile else { return }
        let delivery = Delivery(current)
        let watcher = SettingsFileWatcher(
            filePath: filePath, scheduler: scheduler,
            onCheck: { [weak self] in self?.check(delivery, onChange: onChange, onError: onError) },
            onFailure: { error in onError(error) })
        // Swap in one step, so concurrent calls never leave a watcher running unowned.
        let previous = watching.withLock { current in
            defer { current = watcher }
            return current
        }
        previous?.stop()
        watcher.start()   // Does nothing if a concurrent stopWatching() already stopped it.
    }

    /// The settings in force stay. No callback runs after this returns.
    public func stopWatching() {
        let watcher = watching.withLock { watcher in
            defer { watcher = nil }
            return watcher
        }
        watcher?.stop()
    }

    public var isWatching: Bool { watching.withLock { $0 }?.isRunning ?? false }

    /// The file's directory, or its nearest existing ancestor while that is missing; `nil` when not watching.
    public var watchedDirectory: String? { watching.withLock { $0 }?.watchedDirectory }

    private func check(_ delivery: Delivery, onChange: @Sendable (ClickSettings) -> Void,
                       onError: @Sendable (SettingsError) -> Void) {
        switch reload() {
        case .success(let settings):
            let changed = delivery.last.withLock { delivered in
                defer { delivered = (settings, false) }
                return delivered.settings != settings || delivered.wasError
            }
            if changed { onChange(settings) }
        case .failure(let error):
            delivery.last.withLock { $0.wasError = true }
            onError(error)
        }
    }
}
