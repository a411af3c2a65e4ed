import Synchronization

/// The user's settings as they stand now: the desktop's, the settings file,
/// the host's overrides and the environment's, kept up to date while the file
/// changes.
///
/// ```swift
/// let store = SettingsStore()                 // reads the file once, now
/// gate.apply(store.current)
/// if let problem = store.lastError { log("\(problem)") }
/// store.startWatching(onChange: { gate.apply($0) },
///                     onError: { log("\($0)") })
/// ```
///
/// **Layers.** ``current`` starts from the defaults (``ClickSettings()``) and
/// applies four layers, each over the ones before it:
/// 1. the *desktop layer* (``DesktopSettings``): GNOME's input feedback
///    switch and sound theme, feedbackd's profile, where they can be read;
///    read at load and at each reload;
/// 2. the *file layer*: the keys the last good settings file sets (keys it
///    leaves out do not hide the desktop's);
/// 3. the *host layer*: overrides a host program sets in memory
///    (``setHostOverride(_:to:)``), for example from its own preferences;
/// 4. the *environment layer* (``SettingsEnvironmentOverrides``), the user's
///    emergency override on top of everything; read once, when the store is made.
///
/// **All or nothing.** A file with any error changes nothing: on the first
/// load the defaults stay, on a reload the previous good file stays, and
/// ``lastError`` says what is wrong. A missing file is not an error: it means
/// the defaults. A bad environment variable likewise discards the whole
/// environment layer (see ``environmentError``).
///
/// **Live reload.** ``startWatching(onChange:onError:)`` follows the file with
/// inotify and reloads it when it changes, about 50 ms after the last write of
/// a save. It watches the file's directory, so saves that rename a new file
/// over the old one are seen. If the directory does not exist yet, the nearest
/// existing ancestor is watched until it appears (``watchedDirectory`` says
/// which). Deleting the file returns to the defaults (plus the desktop, host
/// and environment layers). If the file is a symbolic link, edits to the link's target in
/// another directory are not seen; replacing the link is. An idle watch
/// costs no CPU: no thread polls, the kernel wakes a dispatch source.
///
/// **A location that cannot be named.** When a variable the file's location
/// depends on is not UTF-8 text (see ``SettingsLocation``), no file is read
/// or watched: the defaults (plus the environment layer) stay in force, and
/// ``locationError`` and ``lastError`` name the variable.
///
/// Thread context: state sits behind a `Mutex`; reads are short. ``reload()``
/// and the initializer read the file on the calling thread.
public final class SettingsStore: Sendable {
    /// The settings file this store reads. When ``locationError`` is set, the
    /// store reads nothing, and this is only an approximation for messages,
    /// with U+FFFD in place of the bytes that are not UTF-8.
    ///
    /// Immutable.
    public let filePath: String
    /// Why the settings file could not be located, so that none is read:
    /// a variable naming it is not UTF-8 text. `nil` normally.
    ///
    /// Immutable.
    public let locationError: SettingsError?
    /// The environment layer in force (``SettingsEnvironmentOverrides/none`` when the environment held a bad value).
    ///
    /// Immutable.
    public let environmentOverrides: SettingsEnvironmentOverrides
    /// Why part of the environment was refused, or `nil` when every
    /// `INPUTCLICK_*` value was good: a bad setting's variable discards the
    /// whole environment layer (``SettingsEnvironmentOverrides``), and a bad
    /// `INPUTCLICK_DESKTOP_SETTINGS` leaves the desktop layer out
    /// (``DesktopSettings/switchError(in:)``). The first is named when both are bad.
    ///
    /// Immutable.
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

    /// Creates a store and loads the settings file once.
    ///
    /// - Parameters:
    ///   - filePath: The settings file. When `nil`, `INPUTCLICK_CONFIG` if set,
    ///     else `$XDG_CONFIG_HOME/inputclick/settings.conf` or
    ///     `~/.config/inputclick/settings.conf` (``SettingsLocation``). A file
    ///     given here wins over `INPUTCLICK_CONFIG`; a relative one is relative
    ///     to the current directory.
    ///   - environment: Where `INPUTCLICK_*`, `XDG_CONFIG_HOME` and `HOME` are
    ///     looked up: by default this process's, read byte by byte so that a
    ///     value that is not UTF-8 is refused by name. Tests pass their own.
    ///   - desktop: Reads the desktop layer; by default
    ///     ``DesktopSettings/read(environment:)`` with `environment`. Tests pass a fixed one.
    ///
    /// After `init`, ``current`` holds the settings and ``lastError`` any problem.
    ///
    /// Reads the file on the calling thread.
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

    /// Creates a store whose environment is `environment`, all of it UTF-8
    /// text; otherwise the same as the initializer that takes a ``ProcessEnvironment``.
    ///
    /// Reads the file on the calling thread.
    public convenience init(filePath: String? = nil, environment: [String: String],
                            desktop: (@Sendable () -> DesktopSettings)? = nil) {
        self.init(filePath: filePath, environment: ProcessEnvironment(environment), desktop: desktop)
    }

    /// A store that reads nothing: no settings file, no environment and no
    /// desktop. ``current`` is the defaults (with any host overrides),
    /// ``reload()`` keeps them, ``startWatching(scheduler:onChange:onError:)``
    /// does nothing, and ``filePath`` is empty. For tools whose clicks must
    /// not depend on whose settings are on the machine (``ClickSession``).
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

    /// Where the file would be if every variable's bytes that are not UTF-8
    /// read as U+FFFD: for messages only, never read.
    private static func approximateFilePath(environment: ProcessEnvironment) -> String {
        var lossy = environment.variables
        for (name, raw) in environment.nonUTF8Variables { lossy[name] = String(decoding: raw.bytes, as: UTF8.self) }
        return (try? SettingsLocation.filePath(environment: ProcessEnvironment(lossy))) ?? "/"
    }

    deinit {
        watching.withLock { $0 }?.stop()
    }

    /// The settings in force: the defaults with the desktop, file, host and environment layers applied in that order.
    ///
    /// Takes a short lock.
    public var current: ClickSettings { state.withLock { $0.current } }

    /// What keeps part of the user's settings from applying now: the last
    /// load's file error, else ``environmentError``, else `nil`.
    ///
    /// Takes a short lock.
    public var lastError: SettingsError? { state.withLock { $0.fileError } ?? environmentError }

    /// Reads and parses the settings file again and, if it is good, makes it
    /// the file layer; reads the desktop layer again either way.
    ///
    /// - Returns: The new ``current`` settings, or the file's error, in which
    ///   case nothing changed except ``lastError``. This does not call the
    ///   ``startWatching(onChange:onError:)`` callbacks; the watcher tells
    ///   them about any change it finds on its own.
    ///
    /// Reads the file on the calling thread.
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

    /// Recomputes ``current`` from the layers.
    private func compose(_ state: inout State) {
        let layers = [state.desktop.layer, state.fileLayer, state.hostLayer]
        state.current = environmentOverrides.applied(to: layers.reduce(ClickSettings()) { $1.applied(to: $0) })
    }

    /// What the desktop said at the last load or reload (``DesktopSettings/none``
    /// when it cannot be read or the lookup is off).
    ///
    /// Takes a short lock.
    public var desktopSettings: DesktopSettings { state.withLock { $0.desktop } }

    /// The keys the settings file in force sets (those over the desktop's).
    ///
    /// Takes a short lock.
    public var fileKeys: [SettingsKey] { state.withLock { $0.fileLayer.keys } }

    // MARK: Host overrides

    /// Sets one key in the host layer, over the settings file and under the
    /// environment, in memory only (nothing is written to the file).
    ///
    /// - Parameters:
    ///   - key: The setting.
    ///   - text: The value spelled as in the settings file (`0.5`, `quiet`,
    ///     a directory, empty for none). A relative `sound-pack` is relative to
    ///     the current directory; `~` expands to the home directory.
    /// - Returns: The new ``current`` settings.
    /// - Throws: ``SettingsError`` (kind ``SettingsError/Kind/invalidValue``)
    ///   for a bad value; the host layer is unchanged then.
    ///
    /// Takes a short lock. Does not call the
    /// ``startWatching(onChange:onError:)`` callbacks; the caller applies the result.
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

    /// Removes one key from the host layer, so the file's (or the desktop's,
    /// or the default) value applies again.
    ///
    /// - Returns: The new ``current`` settings.
    ///
    /// Takes a short lock.
    @discardableResult
    public func clearHostOverride(_ key: SettingsKey) -> ClickSettings {
        state.withLock { state in
            state.hostLayer.values[key] = nil
            compose(&state)
            return state.current
        }
    }

    /// Empties the host layer, so the user's values apply again.
    ///
    /// - Returns: The new ``current`` settings.
    ///
    /// Takes a short lock.
    @discardableResult
    public func clearHostOverrides() -> ClickSettings {
        state.withLock { state in
            state.hostLayer = .empty
            compose(&state)
            return state.current
        }
    }

    /// The keys the host layer sets, in the documented order.
    ///
    /// Takes a short lock.
    public var hostOverrideKeys: [SettingsKey] { state.withLock { $0.hostLayer.keys } }

    /// Parses the text of a settings file; see ``SettingsFileFormat`` for the format.
    ///
    /// Pure: no file or environment is read.
    ///
    /// - Parameters:
    ///   - text: The file's text.
    ///   - file: The path named in error messages; a relative `sound-pack` is
    ///     resolved against its directory.
    ///   - homeDirectory: What `~` in `sound-pack` expands to; `nil` refuses `~`.
    /// - Returns: The defaults with every key of `text` applied.
    /// - Throws: ``SettingsError`` for the first bad line; nothing of `text` applies then.
    public static func parse(text: String, file: String, homeDirectory: String? = nil) throws(SettingsError) -> ClickSettings {
        try SettingsFileFormat.parse(text: text, file: file, homeDirectory: homeDirectory)
    }

    // MARK: Live reload

    /// Follows the settings file and reloads it whenever it changes.
    ///
    /// After a change, a good file calls `onChange` with the new ``current``
    /// settings when they differ from the ones last delivered, or when the
    /// previous check had failed; a bad file calls `onError` and leaves
    /// ``current`` as it was. Calling this again replaces the earlier callbacks.
    ///
    /// One check runs as soon as the watch is set up, before this returns, so
    /// a change made since the store was created (or a file that is still
    /// bad) is reported too; every change after this returns is seen through
    /// inotify. The callbacks of that first check run on the private queue
    /// while the caller waits.
    ///
    /// If inotify cannot be set up (or stops working later), `onError` gets a
    /// ``SettingsError/Kind/watchFailed`` error, the settings in force stay,
    /// and ``isWatching`` is `false`. When ``locationError`` is set, or the
    /// store is ``readingNothing()``, there is no file to follow: this does
    /// nothing, and ``isWatching`` stays `false`.
    ///
    /// - Parameters:
    ///   - scheduler: The clock and timers that coalesce a burst of changes
    ///     into one check; `nil` for the wall clock. Tests pass
    ///     `ManualControlScheduler` (InputClickTesting).
    ///   - onChange: Receives the new settings.
    ///   - onError: Receives each problem with the file or the watch.
    ///
    /// Thread context: the callbacks run on a private serial
    /// queue, one at a time, never after ``stopWatching()`` returns; they may
    /// call any method of the store, including ``stopWatching()``.
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

    /// Stops following the file. The settings in force stay. No callback runs
    /// after this returns. Does nothing when not watching.
    public func stopWatching() {
        let watcher = watching.withLock { watcher in
            defer { watcher = nil }
            return watcher
        }
        watcher?.stop()
    }

    /// Whether the file is being followed.
    public var isWatching: Bool { watching.withLock { $0 }?.isRunning ?? false }

    /// The directory inotify watches now: the file's directory, or its nearest
    /// existing ancestor while that is missing; `nil` when not watching.
    public var watchedDirectory: String? { watching.withLock { $0 }?.watchedDirectory }

    /// Reloads for the watcher and tells the callbacks what happened.
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
