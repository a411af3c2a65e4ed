/// A rectangle in the host's coordinate space: origin at the top left, `y`
/// growing downwards, in points.
///
/// Keyboard frames in ``KeyboardNotification`` and the frames the host gives
/// input views are `Rect`s.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width; never negative for the frames the host computes.
    public var width: Double
    /// The height; never negative for the frames the host computes.
    public var height: Double

    /// Creates a rectangle from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// Whether the rectangle has no area.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The overlap of two rectangles, or ``zero`` when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(minX, other.minX), right = min(maxX, other.maxX)
        let top = max(minY, other.minY), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return .zero }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The same rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double = 0, dy: Double = 0) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// `(x, y, width × height)`, for messages and test failures.
    public var description: String { "(\(x), \(y), \(width) × \(height))" }
}
