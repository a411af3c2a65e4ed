// libFuzzer harness: the settings file, from bytes on disk to ClickSettings.
//
// Each input is written to a settings file that a SettingsStore reloads, so
// it takes the path a user's file takes: SettingsFileReader (size, UTF-8)
// and then SettingsFileFormat.parse. The same bytes also go straight to the
// pure parser (invalid UTF-8 decoded with replacement characters, so every
// input reaches it). Besides not crashing, the harness checks what the
// format promises:
//
// - the store and the pure parser agree on valid UTF-8;
// - an error names the file and a line that exists, and its description is
//   one line with no control characters (it is printed to terminals);
// - settings that parse render (SettingsFileFormat.render) to a file that
//   parses back to the same settings.
//
// A broken promise is a fatalError, which libFuzzer reports as a crash.
// Built and run by scripts/fuzz.sh; corpus in Fuzz/corpus/settings/.
import Foundation
import InputClick

/// The settings file every input is written to, in a private directory
/// that is removed when the fuzzer exits.
private let settingsPath: String = {
    let template = (NSTemporaryDirectory() as NSString).appendingPathComponent("inputclick-fuzz-settings.XXXXXX")
    var bytes = Array(template.utf8CString)
    guard let directory = mkdtemp(&bytes) else { fatalError("mkdtemp failed: errno \(errno)") }
    atexit { try? FileManager.default.removeItem(atPath: (settingsPath as NSString).deletingLastPathComponent) }
    return String(cString: directory) + "/settings.conf"
}()

/// What `~` expands to, so that `sound-pack = ~/…` parses.
private let home = "/home/fuzz"

/// The store under test; it reads `settingsPath` on each reload.
private let store = SettingsStore(filePath: settingsPath, environment: ["HOME": home, "INPUTCLICK_DESKTOP_SETTINGS": "off"])

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("settings_fuzz: " + message()) }
}

/// The error's promises: it names the file and a line that exists, and reads as one clean line.
private func checkError(_ error: SettingsError, text: String) {
    check(error.file == settingsPath, "the error names \(error.file ?? "no file"), not the settings file")
    if let line = error.line {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).count
        check(line >= 1 && line <= max(lines, 1), "the error is on line \(line) of a \(lines)-line file")
    }
    let description = error.description
    check(!description.isEmpty, "an empty error description")
    for scalar in description.unicodeScalars {
        let category = scalar.properties.generalCategory
        check(category != .control && category != .lineSeparator && category != .paragraphSeparator,
              "the error description holds U+\(String(scalar.value, radix: 16, uppercase: true)): \(description.debugDescription)")
    }
}

/// Settings that parsed must survive render and parse unchanged.
private func checkRoundTrip(_ settings: ClickSettings) {
    let rendered = SettingsFileFormat.render(settings)
    do {
        let again = try SettingsFileFormat.parse(text: rendered, file: settingsPath, homeDirectory: home)
        check(again == settings, "render then parse changed \(settings) into \(again); rendered:\n\(rendered)")
    } catch {
        fatalError("settings_fuzz: the rendered settings do not parse (\(error)); rendered:\n\(rendered)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func settingsFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []

    // The pure parser, on every input.
    let text = String(validating: bytes, as: UTF8.self) ?? String(decoding: bytes, as: UTF8.self)
    let parsed: Result<ClickSettings, SettingsError>
    do {
        parsed = .success(try SettingsFileFormat.parse(text: text, file: settingsPath, homeDirectory: home))
    } catch {
        parsed = .failure(error)
    }
    switch parsed {
    case .success(let settings): checkRoundTrip(settings)
    case .failure(let error): checkError(error, text: text)
    }

    // The store, through the file.
    guard FileManager.default.createFile(atPath: settingsPath, contents: Data(bytes)) else {
        fatalError("settings_fuzz: cannot write \(settingsPath)")
    }
    let reloaded = store.reload()
    if String(validating: bytes, as: UTF8.self) != nil {
        switch (reloaded, parsed) {
        case (.success(let fromFile), .success(let fromText)):
            check(fromFile == fromText, "the store read \(fromFile) but the parser \(fromText)")
        case (.failure(let error), .failure):
            checkError(error, text: text)
        case (.failure(let error), _):
            // Only a file too large to be a settings file may fail here alone.
            check(error.kind == .unreadableFile && bytes.count > SettingsFileFormat.maximumFileSize,
                  "the store refused what the parser took: \(error)")
        case (.success, .failure(let error)):
            fatalError("settings_fuzz: the store took what the parser refused: \(error)")
        }
    } else if case .success(let settings) = reloaded {
        fatalError("settings_fuzz: the store took a file that is not UTF-8: \(settings)")
    } else if case .failure(let error) = reloaded {
        check(error.kind == .unreadableFile, "a file that is not UTF-8 gave \(error)")
        checkError(error, text: text)
    }
    return 0
}
