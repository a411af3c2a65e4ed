/// The keys of one page of the demo keyboard for one keyboard type, row by row.
///
/// Letter types (``KeyboardType/default``, ``KeyboardType/asciiCapable``,
/// ``KeyboardType/emailAddress``, ``KeyboardType/URL``) share the seed's first
/// three rows, `q…p` / `a…l` / shift `z…m` delete, and differ in the fourth:
///
/// | type | fourth row of the letters page |
/// |---|---|
/// | default | `123` `next` `space` `ch/en` `return` (the seed's row) |
/// | asciiCapable | `123` `next` `space` `return` |
/// | emailAddress | `123` `next` `space` `@` `.` `return` |
/// | URL | `123` `next` `.` `/` `.com` `return` |
///
/// The numbers and symbols pages end with `ABC` `next` `space` (`ch/en` for default)
/// `return`; the pads have digits and delete, plus `.` or `+ * #`, and no return key.
public struct KeyboardLayout: Sendable, Hashable {
    public let keyboardType: KeyboardType
    public let page: KeyboardPage
    /// Top row first, left to right.
    public let rows: [[KeyRole]]

    /// A page the type does not have gives the type's home page.
    public init(keyboardType: KeyboardType, page: KeyboardPage) {
        self.keyboardType = keyboardType
        let resolved = Self.pages(for: keyboardType).contains(page) ? page : keyboardType.homePage
        self.page = resolved
        rows = Self.rows(keyboardType, resolved)
    }

    /// Home page first.
    public static func pages(for keyboardType: KeyboardType) -> [KeyboardPage] {
        switch keyboardType {
        case .default, .asciiCapable, .emailAddress, .URL: return [.letters, .numbers, .symbols]
        case .numberPad: return [.numberPad]
        case .decimalPad: return [.decimalPad]
        case .phonePad: return [.phonePad]
        }
    }

    public var keys: [KeyRole] { rows.flatMap { $0 } }

    public func contains(_ key: KeyRole) -> Bool { rows.contains { $0.contains(key) } }

    private static func characters(_ texts: String) -> [KeyRole] {
        texts.split(separator: " ").map { .character(String($0)) }
    }

    private static func rows(_ type: KeyboardType, _ page: KeyboardPage) -> [[KeyRole]] {
        switch page {
        case .letters:
            let bottom: [KeyRole]
            switch type {
            case .emailAddress: bottom = [.page(.numbers), .nextKeyboard, .space, .character("@"), .character("."), .return]
            case .URL: bottom = [.page(.numbers), .nextKeyboard, .character("."), .character("/"), .character(".com"), .return]
            case .asciiCapable: bottom = [.page(.numbers), .nextKeyboard, .space, .return]
            default: bottom = [.page(.numbers), .nextKeyboard, .space, .languageToggle, .return]
            }
            return [
                characters("q w e r t y u i o p"),
                characters("a s d f g h j k l"),
                [.shift] + characters("z x c v b n m") + [.delete],
                bottom,
            ]
        case .numbers:
            return [
                characters("1 2 3 4 5 6 7 8 9 0"),
                characters("- / : ; ( ) $ & @ \""),
                [.page(.symbols)] + characters(". , ? ! '") + [.delete],
                symbolsBottomRow(type),
            ]
        case .symbols:
            return [
                characters("[ ] { } # % ^ * + ="),
                characters("_ \\ | ~ < > € £ ¥ •"),
                [.page(.numbers)] + characters(". , ? ! '") + [.delete],
                symbolsBottomRow(type),
            ]
        case .numberPad:
            return [characters("1 2 3"), characters("4 5 6"), characters("7 8 9"), [.character("0"), .delete]]
        case .decimalPad:
            return [characters("1 2 3"), characters("4 5 6"), characters("7 8 9"),
                    [.character("."), .character("0"), .delete]]
        case .phonePad:
            return [characters("1 2 3 +"), characters("4 5 6 *"), characters("7 8 9 #"), [.character("0"), .delete]]
        }
    }

    private static func symbolsBottomRow(_ type: KeyboardType) -> [KeyRole] {
        type.hasLanguageToggle
            ? [.page(.letters), .nextKeyboard, .space, .languageToggle, .return]
            : [.page(.letters), .nextKeyboard, .space, .return]
    }
}
