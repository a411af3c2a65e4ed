/// The library's version.
public enum InputClickVersion {
    public static let major = 0, minor = 1, patch = 0
    public static let string = "\(major).\(minor).\(patch)"
}
