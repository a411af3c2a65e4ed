/// The Linux key codes (`linux/input-event-codes.h`) that decide a click's
/// kind, and the event type they come in.
public enum KeyCodes {
    /// `EV_KEY`: key and button events.
    public static let eventTypeKey: UInt16 = 1
    /// Codes from here on are buttons (mouse, joystick), not keyboard keys.
    public static let firstButton: UInt16 = 0x100

    static let backspace: UInt16 = 14, delete: UInt16 = 111
    static let enter: UInt16 = 28, keypadEnter: UInt16 = 96
    static let space: UInt16 = 57
    /// Ctrl, Shift, Alt and Meta on both sides, Caps Lock, AltGr's compose and Fn-like shift keys.
    static let modifiers: Set<UInt16> = [29, 42, 54, 56, 58, 97, 100, 125, 126, 127]
    /// Q, A and Z: a device with all three is a keyboard with letter keys.
    public static let letterProbe: [UInt16] = [16, 30, 44]
}
