/// A character planned typing cannot produce.
public struct TypingPlanError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// No key on any page of this keyboard type.
        case noKey(KeyboardType)
        /// The input did not take it; the payload says why.
        case notAccepted(String)
    }

    public var character: Character
    /// Counting `Character`s from 0.
    public var offset: Int
    public var reason: Reason

    public init(character: Character, offset: Int, reason: Reason) {
        self.character = character
        self.offset = offset
        self.reason = reason
    }

    /// For example: `cannot type "😀" (U+1F600), character 7 of the text: no key
    /// of the demo keyboard (keyboard type default) produces it`.
    public var description: String {
        let what: String
        switch reason {
        case .noKey(let type): what = "no key of the demo keyboard (keyboard type \(type)) produces it"
        case .notAccepted(let why): what = why
        }
        return "cannot type \(Self.describe(character)), character \(offset + 1) of the text: \(what)"
    }

    /// Quoted with its code points, or just the code points (named for the usual controls).
    static func describe(_ character: Character) -> String {
        let codes = character.unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex
        }.joined(separator: " ")
        let names: [Character: String] = ["\n": "line feed", "\r": "carriage return", "\r\n": "CR LF", "\t": "tab"]
        if let name = names[character] { return "\(name) (\(codes))" }
        let printable = character.unicodeScalars.allSatisfy { scalar in
            !(scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
              || (scalar.properties.isWhitespace && scalar != " "))
        }
        return printable ? "\"\(character)\" (\(codes))" : codes
    }
}
