#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// GIO's GSettings, loaded with `dlopen("libgio-2.0.so.0")` so that InputClick links no GLib (``shared``
/// is `nil` without it). The only place InputClick calls GIO. Every read looks the schema and key up
/// first, because `g_settings_new` and the getters abort on one that is not installed.
final class GIOSettingsLibrary: @unchecked Sendable {
    private typealias SchemaSourceGetDefault = @convention(c) () -> OpaquePointer?
    private typealias SchemaSourceLookup = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> OpaquePointer?
    private typealias SchemaHasKey = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    private typealias SchemaUnref = @convention(c) (OpaquePointer?) -> Void
    private typealias SettingsNewFull = @convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    private typealias GetBoolean = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    private typealias GetString = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
    private typealias GetUserValue = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    private typealias Unref = @convention(c) (OpaquePointer?) -> Void
    private typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void

    private let schemaSourceGetDefault: SchemaSourceGetDefault
    private let schemaSourceLookup: SchemaSourceLookup
    private let schemaHasKey: SchemaHasKey
    private let schemaUnref: SchemaUnref
    private let settingsNewFull: SettingsNewFull
    private let getBoolean: GetBoolean
    private let getString: GetString
    private let getUserValue: GetUserValue
    private let variantUnref: Unref
    private let objectUnref: Unref
    private let free: Free

    /// Loaded once; `nil` when the library or one of its functions is missing.
    static let shared: GIOSettingsLibrary? = GIOSettingsLibrary(soname: "libgio-2.0.so.0")

    enum Value: Equatable {
        case boolean(Bool)
        case string(String)
    }

    init?(soname: String) {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else { return nil }
        // dlsym on the handle also searches GIO's own dependencies (GObject, GLib).
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            guard let address = dlsym(handle, name) else { return nil }
            return unsafeBitCast(address, to: type)
        }
        guard let schemaSourceGetDefault = symbol("g_settings_schema_source_get_default", as: SchemaSourceGetDefault.self),
              let schemaSourceLookup = symbol("g_settings_schema_source_lookup", as: SchemaSourceLookup.self),
              let schemaHasKey = symbol("g_settings_schema_has_key", as: SchemaHasKey.self),
              let schemaUnref = symbol("g_settings_schema_unref", as: SchemaUnref.self),
              let settingsNewFull = symbol("g_settings_new_full", as: SettingsNewFull.self),
              let getBoolean = symbol("g_settings_get_boolean", as: GetBoolean.self),
              let getString = symbol("g_settings_get_string", as: GetString.self),
              let getUserValue = symbol("g_settings_get_user_value", as: GetUserValue.self),
              let variantUnref = symbol("g_variant_unref", as: Unref.self),
              let objectUnref = symbol("g_object_unref", as: Unref.self),
              let free = symbol("g_free", as: Free.self)
        else {
            dlclose(handle)
            return nil
        }
        // The handle stays open for the life of the process: GIO cannot be unloaded safely.
        self.schemaSourceGetDefault = schemaSourceGetDefault
        self.schemaSourceLookup = schemaSourceLookup
        self.schemaHasKey = schemaHasKey
        self.schemaUnref = schemaUnref
        self.settingsNewFull = settingsNewFull
        self.getBoolean = getBoolean
        self.getString = getString
        self.getUserValue = getUserValue
        self.variantUnref = variantUnref
        self.objectUnref = objectUnref
        self.free = free
    }

    /// Reads keys of one schema (e.g. `org.gnome.desktop.sound`). With `userSetOnly`, only a value the user
    /// set counts, not the schema's default. Keys missing, of another type or (with `userSetOnly`) unset are
    /// absent; the result is empty when the schema is not installed.
    func read(schema: String, keys: [(name: String, isBoolean: Bool, userSetOnly: Bool)]) -> [String: Value] {
        guard let source = schemaSourceGetDefault(),
              let found = schemaSourceLookup(source, schema, 1) else { return [:] }
        defer { schemaUnref(found) }
        guard let settings = settingsNewFull(found, nil, nil) else { return [:] }
        defer { objectUnref(settings) }
        var values: [String: Value] = [:]
        for key in keys where schemaHasKey(found, key.name) != 0 {
            if key.userSetOnly {
                guard let user = getUserValue(settings, key.name) else { continue }
                variantUnref(user)
            }
            if key.isBoolean {
                values[key.name] = .boolean(getBoolean(settings, key.name) != 0)
            } else if let text = getString(settings, key.name) {
                values[key.name] = .string(String(cString: text))
                free(text)
            }
        }
        return values
    }
}
