// libFuzzer harness: an evemu-record recording, from bytes to key actions
// (`inputclick listen --replay`'s parser, EvemuParser and EvemuReplay).
//
// Besides not crashing, it checks what the parser promises:
// - an error names a line that exists (or 0, the whole file), and its
//   description is one line of printable text that quotes no input;
// - a recording that parses has a name and identity line and at least one
//   event, its actions' times (from the first event of any type) never go backwards, and every
//   action is a keyboard key's (kind and pan within the layout's range);
// - parsing is deterministic: the same bytes give the same result.
//
// A broken promise is a fatalError, which libFuzzer reports as a crash.
// Built and run by scripts/fuzz.sh; corpus in Fuzz/corpus/evemu/.
import InputClick
import InputClickListen

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
    do {
        let replay = try EvemuReplay(parsing: bytes)
        var last: UInt64 = 0
        for action in replay.actions {
            if action.time < last { fatalError("action times go backwards") }
            last = action.time
            if abs(action.click.pan) > KeyLayout.maximumPan { fatalError("a pan beyond the layout's range") }
        }
        let again = try EvemuReplay(parsing: bytes)
        if again.actions != replay.actions || again.description != replay.description { fatalError("parsing is not deterministic") }
    } catch let error as EvemuParseError {
        if error.line < 0 || error.line > lines { fatalError("the error names line \(error.line) of \(lines)") }
        let text = error.description
        if text.contains("\n") || text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) {
            fatalError("the error message is not one printable line")
        }
    } catch {
        fatalError("an error other than EvemuParseError: \(error)")
    }
    return 0
}
