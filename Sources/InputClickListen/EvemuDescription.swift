/// The device description at the head of an `evemu-record` recording: its
/// name (`N:`), its identity (`I:`) and the event codes it supports (`B:`).
public struct EvemuDescription: Sendable, Hashable {
    /// The device's name, as the kernel gives it.
    public var name: String = ""
    /// Bus type, vendor, product and version (`I:`).
    public var bus: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0
    /// The `EV_KEY` bit mask, byte by byte: bit *k* says the device has key code *k*.
    public var keyBits: [UInt8] = []

    /// Creates an empty description.
    public init() {}

    /// Whether the device has key code `code` (`B: 01` bits).
    public func hasKey(_ code: UInt16) -> Bool {
        let byte = Int(code) / 8
        return byte < keyBits.count && keyBits[byte] & (1 << (code % 8)) != 0
    }

    /// Whether it is a keyboard with letter keys, as `listen` means it: Q, A and Z.
    public var hasLetterKeys: Bool { KeyCodes.letterProbe.allSatisfy(hasKey) }
}
