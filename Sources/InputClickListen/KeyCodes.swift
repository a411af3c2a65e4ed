/// The Linux key codes (`linux/input-event-codes.h`) that decide a click's kind.
public enum KeyCodes {
    public static let eventTypeKey: UInt16 = 1
    /// From here on buttons (mouse, joystick), not keyboard keys.
    public static let firstButton: UInt16 = 0x100

    static let backspace: UInt16 = 14, delete: UInt16 = 111
    static let enter: UInt16 = 28, keypadEnter: UInt16 = 96
    static let space: UInt16 = 57
    static let modifiers: Set<UInt16> = [29, 42, 54, 56, 58, 97, 100, 125, 126, 127]
    /// A device with all three is a keyboard with letter keys.
    public static let letterProbe: [UInt16] = [16, 30, 44]
}
