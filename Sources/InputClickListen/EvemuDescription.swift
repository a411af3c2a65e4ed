/// The device description at the head of an `evemu-record` recording (`N:`, `I:`, `B:` lines).
public struct EvemuDescription: Sendable, Hashable {
    /// As the kernel gives it.
    public var name: String = ""
    /// `I:`.
    public var bus: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0
    /// Bit *k* says the device has key code *k*.
    public var keyBits: [UInt8] = []

    public init() {}

    /// From the `B: 01` bits.
    public func hasKey(_ code: UInt16) -> Bool {
        let byte = Int(code) / 8
        return byte < keyBits.count && keyBits[byte] & (1 << (code % 8)) != 0
    }

    /// As `listen` means it: Q, A and Z.
    public var hasLetterKeys: Bool { KeyCodes.letterProbe.allSatisfy(hasKey) }
}
