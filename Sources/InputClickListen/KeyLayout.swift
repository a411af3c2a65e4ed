/// Where keys sit on a 104-key ANSI layout, for panning: a column is the centre of the cap in key widths
/// across the 15-wide main block. Pan = ``maximumPan`` × (column − 7.5) / 7.5, so the outermost keys sit
/// near ±0.23 (the far channel 2.5 dB lower); keys off the main block play centred.
public enum KeyLayout {
    /// Either way.
    public static let maximumPan: Float = 0.25

    /// 0 for keys off the main block.
    public static func pan(code: UInt16) -> Float {
        guard let column = column(code: code) else { return 0 }
        return maximumPan * (column - 7.5) / 7.5
    }

    /// Key widths from the left; `nil` off the main block.
    public static func column(code: UInt16) -> Float? {
        switch code {
        case 41: return 0.5                                          // `
        case 2...13: return 1.5 + Float(code - 2)                    // 1 … 0 - =
        case 14: return 14                                           // Backspace (2 wide)
        case 15: return 0.75                                         // Tab (1.5 wide)
        case 16...27: return 2 + Float(code - 16)                    // Q … P [ ]
        case 43: return 14.25                                        // \ (1.5 wide)
        case 58: return 0.875                                        // Caps Lock (1.75 wide)
        case 30...40: return 2.25 + Float(code - 30)                 // A … L ; '
        case 28: return 13.875                                       // Enter (2.25 wide)
        case 42: return 1.125                                        // left Shift (2.25 wide)
        case 44...53: return 2.75 + Float(code - 44)                 // Z … M , . /
        case 54: return 13.625                                       // right Shift (2.75 wide)
        case 29: return 0.625                                        // left Ctrl
        case 125: return 1.875                                       // left Meta
        case 56: return 3.125                                        // left Alt
        case 57: return 7.5                                          // Space
        case 100: return 11.875                                      // right Alt
        case 126: return 13.125                                      // right Meta
        case 127: return 13.125                                      // Compose/Menu
        case 97: return 14.375                                       // right Ctrl
        default: return nil
        }
    }
}
