/// An `Encoder` writing one line of JSON as `JSONEncoder` does with `[.sortedKeys,
/// .withoutEscapingSlashes]`: keys sorted by UTF-8 bytes (`Zed` before `aB`, as Foundation on Linux),
/// shortest numbers without `.0`, `"`, `\` and controls escaped. It spares the CLI Foundation's ICU data.
struct JSONLineEncoder {
    /// - Throws: `EncodingError.invalidValue` for a non-finite number, and whatever `encode(to:)` throws.
    func encode(_ value: some Encodable) throws -> String {
        let root = JSONNode()
        try value.encode(to: NodeEncoder(node: root, codingPath: []))
        var text = ""
        root.write(to: &text)
        return text
    }
}

/// One JSON value being built. A class, so that a nested container writes into its parent.
private final class JSONNode {
    enum Content {
        case empty
        case literal(String)   // null, true, false, a number, or a quoted string
        case object([String: JSONNode])
        case array([JSONNode])
    }
    var content = Content.empty

    func write(to text: inout String) {
        switch content {
        case .empty:
            text += "{}"   // as JSONEncoder writes a value that encoded nothing
        case .literal(let literal):
            text += literal
        case .object(let members):
            text += "{"
            for (index, key) in members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.enumerated() {
                if index > 0 { text += "," }
                text += quoted(key)
                text += ":"
                members[key]!.write(to: &text)
            }
            text += "}"
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.write(to: &text)
            }
            text += "]"
        }
    }

    func member(_ key: String) -> JSONNode {
        var members: [String: JSONNode] = [:]
        if case .object(let existing) = content { members = existing }
        let node = members[key] ?? JSONNode()
        members[key] = node
        content = .object(members)
        return node
    }

    func appendElement() -> JSONNode {
        var elements: [JSONNode] = []
        if case .array(let existing) = content { elements = existing }
        let node = JSONNode()
        elements.append(node)
        content = .array(elements)
        return node
    }

    var elementCount: Int {
        if case .array(let elements) = content { return elements.count }
        return 0
    }
}

/// `text` as a JSON string: `"` and `\` escaped, `\b \f \n \r \t` by name, other control characters as `\u00XX`.
private func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\u{8}": result += "\\b"
        case "\u{C}": result += "\\f"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case "\u{0}"..."\u{1F}":
            let hex = String(scalar.value, radix: 16)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}

private func numberLiteral<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F, codingPath: [any CodingKey]) throws -> String {
    guard value.isFinite else {
        throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "Unable to encode \(value) directly in JSON."))
    }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
}

private struct IndexKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ index: Int) { stringValue = "Index \(index)"; intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.init(intValue) }
}

private struct NodeEncoder: Encoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.content {} else { node.content = .object([:]) }
        return KeyedEncodingContainer(KeyedNodeContainer(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueNodeContainer(node: node, codingPath: codingPath)
    }
}

/// Encodes one value into `node`: the work every container shares.
private func encodeValue(_ value: some Encodable, into node: JSONNode, codingPath: [any CodingKey]) throws {
    switch value {
    case let text as String: node.content = .literal(quoted(text))
    case let number as Double: node.content = .literal(try numberLiteral(number, codingPath: codingPath))
    case let number as Float: node.content = .literal(try numberLiteral(number, codingPath: codingPath))
    case let flag as Bool: node.content = .literal(flag ? "true" : "false")
    default: try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).content = .literal("null") }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try encodeValue(value, into: node.member(key.stringValue), codingPath: codingPath + [key])
    }
    private func set(_ key: Key, _ literal: String) { node.member(key.stringValue).content = .literal(literal) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(key, value ? "true" : "false") }
    mutating func encode(_ value: String, forKey key: Key) throws { set(key, quoted(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(key, try numberLiteral(value, codingPath: codingPath + [key])) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(key, try numberLiteral(value, codingPath: codingPath + [key])) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(key, String(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(key, String(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(key, String(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(key, String(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(key, String(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(key, String(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(key, String(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(key, String(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(key, String(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(key, String(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.member("super"), codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var count: Int { node.elementCount }

    private func append(_ literal: String) { node.appendElement().content = .literal(literal) }
    mutating func encodeNil() throws { append("null") }
    mutating func encode(_ value: Bool) throws { append(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { append(quoted(value)) }
    mutating func encode(_ value: Double) throws { append(try numberLiteral(value, codingPath: codingPath + [IndexKey(count)])) }
    mutating func encode(_ value: Float) throws { append(try numberLiteral(value, codingPath: codingPath + [IndexKey(count)])) }
    mutating func encode(_ value: Int) throws { append(String(value)) }
    mutating func encode(_ value: Int8) throws { append(String(value)) }
    mutating func encode(_ value: Int16) throws { append(String(value)) }
    mutating func encode(_ value: Int32) throws { append(String(value)) }
    mutating func encode(_ value: Int64) throws { append(String(value)) }
    mutating func encode(_ value: UInt) throws { append(String(value)) }
    mutating func encode(_ value: UInt8) throws { append(String(value)) }
    mutating func encode(_ value: UInt16) throws { append(String(value)) }
    mutating func encode(_ value: UInt32) throws { append(String(value)) }
    mutating func encode(_ value: UInt64) throws { append(String(value)) }
    mutating func encode(_ value: some Encodable) throws {
        let path = codingPath + [IndexKey(count)]
        try encodeValue(value, into: node.appendElement(), codingPath: path)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [IndexKey(count)]
        return NodeEncoder(node: node.appendElement(), codingPath: path).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [IndexKey(count)]
        return NodeEncoder(node: node.appendElement(), codingPath: path).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder {
        let path = codingPath + [IndexKey(count)]
        return NodeEncoder(node: node.appendElement(), codingPath: path)
    }
}

private struct SingleValueNodeContainer: SingleValueEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .literal("null") }
    mutating func encode(_ value: some Encodable) throws { try encodeValue(value, into: node, codingPath: codingPath) }
    mutating func encode(_ value: Bool) throws { node.content = .literal(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { node.content = .literal(quoted(value)) }
    mutating func encode(_ value: Double) throws { node.content = .literal(try numberLiteral(value, codingPath: codingPath)) }
    mutating func encode(_ value: Float) throws { node.content = .literal(try numberLiteral(value, codingPath: codingPath)) }
    mutating func encode(_ value: Int) throws { node.content = .literal(String(value)) }
    mutating func encode(_ value: Int8) throws { node.content = .literal(String(value)) }
    mutating func encode(_ value: Int16) throws { node.content = .literal(String(value)) }
    mutating func encode(_ value: Int32) throws { node.content = .literal(String(value)) }
    mutating func encode(_ value: Int64) throws { node.content = .literal(String(value)) }
    mutating func encode(_ value: UInt) throws { node.content = .literal(String(value)) }
    mutating func encode(_ value: UInt8) throws { node.content = .literal(String(value)) }
    mutating func encode(_ value: UInt16) throws { node.content = .literal(String(value)) }
    mutating func encode(_ value: UInt32) throws { node.content = .literal(String(value)) }
    mutating func encode(_ value: UInt64) throws { node.content = .literal(String(value)) }
}
